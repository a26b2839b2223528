//! Mounts the app. The same module also runs in the analysis Web Worker, where there is no
//! page to mount on: there it only provides `AnalysisSession` to `worker.js`.

fn main() {
    if exerscope_web::in_worker() {
        return;
    }
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(exerscope_web::app::App);
}
