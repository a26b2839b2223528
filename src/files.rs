//! Files the user gives: dropped (folders included), picked with a file or folder input. They
//! stay JS `File` objects, handed to the worker as they are: the page never reads their bytes.
//! A drop in a browser with file system handles is handed over as the dropped handles: the worker
//! walks and reads those files itself. Either way the worker keeps a new drop for a reload.

use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DataTransfer, FileList, Worker};

#[wasm_bindgen(module = "/src/js/files.js")]
extern "C" {
    #[wasm_bindgen(js_name = droppedFiles)]
    fn dropped_files(data_transfer: &DataTransfer) -> js_sys::Promise;
    #[wasm_bindgen(js_name = pickedFiles)]
    fn picked_files(files: &FileList) -> js_sys::Array;
    #[wasm_bindgen(js_name = sendFiles)]
    fn send_files(worker: &Worker, files: &JsValue, options: &str, later: &[u8], keep: bool) -> js_sys::Promise;
    #[wasm_bindgen(js_name = sendLater)]
    fn send_later_js() -> js_sys::Promise;
}

/// Starts collecting a drop: must be called inside the drop event (the browser forgets the
/// dropped folders after it).
pub fn collect_drop(data_transfer: &DataTransfer) -> JsFuture {
    JsFuture::from(dropped_files(data_transfer))
}

pub fn collect_picked(files: &FileList) -> js_sys::Array {
    picked_files(files)
}

/// Sends `[{path, file}]` (or a drop's handles) to the analysis worker a part at a time (see
/// `files.js`), with the reading options as JSON; what only a program's view shows is left for
/// `send_later`. `keep`: the worker keeps the drop for a reload (it says when it has).
pub fn send_to_worker(worker: &Worker, files: &JsValue, options: &str, keep: bool) -> JsFuture {
    JsFuture::from(send_files(worker, files, options, &left_unread(files), keep))
}

/// Sends the files the last drop left for later (what only a program's view shows): the worker
/// asks for them once the first view is shown.
pub fn send_later() {
    wasm_bindgen_futures::spawn_local(async {
        if let Err(e) = JsFuture::from(send_later_js()).await {
            web_sys::console::error_2(&"exerscope: files could not be sent to the worker".into(), &e);
        }
    });
}

/// 1 for each of `[{path, file}]` left unread at first (the core decides, as it does for a drop of
/// handles in the worker).
fn left_unread(files: &JsValue) -> Vec<u8> {
    let Some(files) = files.dyn_ref::<js_sys::Array>() else { return Vec::new() };
    let path = JsValue::from_str("path");
    let paths: Vec<String> = files
        .iter()
        .map(|entry| js_sys::Reflect::get(&entry, &path).ok().and_then(|p| p.as_string()).unwrap_or_default())
        .collect();
    exerscope_core::readers::left_unread(&paths).into_iter().map(u8::from).collect()
}
