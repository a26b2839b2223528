//! The exerscope web app. Data flows one way:
//!
//! ```text
//! drop / pick / demo ─▶ files (paths + File objects) ─▶ analysis Web Worker (worker.js +
//! worker_api: join ─▶ parse ─▶ judge ─▶ Report of the view) ─▶ Facts, Report ─▶ app state ─▶ views
//!                                               │ chunks of programs ▲ properties
//!                                               ▼                    │
//!                                    parsing workers (parse_worker.js, one per core)
//! ```
//!
//! Parsing, analysis and statistics never run on the page's thread; the page only draws (and
//! asks the worker for the report of the view it shows).

pub mod app;
pub mod canvas;
pub mod components;
pub mod demo;
pub mod download;
pub mod facts_wire;
pub mod files;
pub mod kept;
pub mod scroll_memory;
pub mod view_state;
pub mod worker_api;
pub mod worker_client;

/// Milliseconds since the page opened (0 without a `window`: inside a worker).
pub fn now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or(0.0, |p| p.now())
}

/// True inside a Web Worker (no `window`).
pub fn in_worker() -> bool {
    web_sys::window().is_none()
}
