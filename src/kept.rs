//! The last drop, kept in this browser (IndexedDB) so that a reload restores the view over the same
//! data; the page says so and offers to forget it. See `js/kept.js`.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/js/kept.js")]
extern "C" {
    #[wasm_bindgen(js_name = keepDrop)]
    fn keep_drop(files: &JsValue) -> js_sys::Promise;
    #[wasm_bindgen(js_name = keptDrop)]
    fn kept_drop() -> js_sys::Promise;
    #[wasm_bindgen(js_name = keptLinks)]
    fn kept_links_js() -> js_sys::Promise;
    #[wasm_bindgen(js_name = forgetDrop)]
    fn forget_drop() -> js_sys::Promise;
}

/// What was kept: the files of a drop (`[{path, file}]`), or the demo.
pub enum Kept {
    Files(JsValue),
    Demo,
}

const DEMO: &str = "demo";

/// Keeps the demo in place of the last drop; whether it could be (storage may be full or off). A
/// drop of files is kept by the analysis worker, once its first view is shown.
pub async fn keep_demo() -> bool {
    let result = JsFuture::from(keep_drop(&JsValue::from_str(DEMO))).await;
    if let Err(e) = &result {
        web_sys::console::warn_2(&"exerscope: the drop could not be kept for a reload:".into(), e);
    }
    result.is_ok()
}

pub async fn kept() -> Option<Kept> {
    let value = JsFuture::from(kept_drop()).await.ok()?;
    if value.is_null() || value.is_undefined() {
        None
    } else if value.as_string().as_deref() == Some(DEMO) {
        Some(Kept::Demo)
    } else {
        Some(Kept::Files(value))
    }
}

/// The `#data=` links the kept drop was downloaded from (none for a drop of the user's own).
pub async fn kept_links() -> Vec<String> {
    let Ok(links) = JsFuture::from(kept_links_js()).await else { return Vec::new() };
    js_sys::Array::from(&links).iter().filter_map(|link| link.as_string()).collect()
}

pub async fn forget() {
    if let Err(e) = JsFuture::from(forget_drop()).await {
        web_sys::console::warn_2(&"exerscope: the kept drop could not be deleted:".into(), &e);
    }
}
