//! Files the user gives: dropped (folders included), picked with a file or folder input. They
//! stay JS `File` objects, handed to the worker as they are: the page never reads their bytes.
//! A drop in a browser with file system handles is handed over as the dropped handles: the worker
//! walks, reads and keeps those files itself.

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
    fn send_files(worker: &Worker, files: &JsValue, options: &str) -> js_sys::Promise;
    #[wasm_bindgen(js_name = readByWorker)]
    fn read_by_worker_js(files: &JsValue) -> bool;
}

/// Starts collecting a drop: must be called inside the drop event (the browser forgets the
/// dropped folders after it).
pub fn collect_drop(data_transfer: &DataTransfer) -> JsFuture {
    JsFuture::from(dropped_files(data_transfer))
}

pub fn collect_picked(files: &FileList) -> js_sys::Array {
    picked_files(files)
}

/// Sends `[{path, file}]` to the analysis worker, a chunk at a time (see `files.js`), with the
/// reading options as JSON.
pub fn send_to_worker(worker: &Worker, files: &JsValue, options: &str) -> JsFuture {
    JsFuture::from(send_files(worker, files, options))
}

/// Whether the worker reads `files` (a drop of handles) and keeps them for a reload itself.
pub fn read_by_worker(files: &JsValue) -> bool {
    read_by_worker_js(files)
}
