//! The exerscope web app. Data flows one way:
//!
//! ```text
//! drop / pick / demo ─▶ files (paths + File objects) ─▶ analysis Web Worker (worker.js +
//! worker_api: join ─▶ parse ─▶ judge) ─▶ Facts ─▶ app state (signals) ─▶ Memo<Report> ─▶ views
//!                                               │ chunks of programs ▲ properties
//!                                               ▼                    │
//!                                    parsing workers (parse_worker.js, one per core)
//! ```
//!
//! Parsing and analysis never run on the page's thread; the page only draws.

pub mod app;
pub mod canvas;
pub mod components;
pub mod demo;
pub mod download;
pub mod files;
pub mod kept;
pub mod view_state;
pub mod worker_api;
pub mod worker_client;

/// True inside a Web Worker (no `window`).
pub fn in_worker() -> bool {
    web_sys::window().is_none()
}
