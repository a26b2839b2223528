//! Where files come in: drop files, folders or `.zip`s, pick files or a folder, or load the demo.
//! Once data is shown it folds into one line (its buttons stay), leaving the room to the analysis;
//! a button unfolds what can be dropped.

use crate::files::{collect_drop, collect_picked};
use leptos::prelude::*;
use wasm_bindgen::JsValue;
use web_sys::{DragEvent, HtmlInputElement};

#[component]
pub fn DropZone(
    on_files: Callback<JsValue>,
    on_demo: Callback<()>,
    /// Whether data is shown: the zone is then one line.
    folded: Signal<bool>,
) -> impl IntoView {
    let hovering = RwSignal::new(false);
    let unfolded = RwSignal::new(false);
    let is_folded = move || folded.get() && !unfolded.get();
    let folder_input = NodeRef::<leptos::html::Input>::new();
    Effect::new(move |_| {
        // `webkitdirectory` turns the input into a folder picker; not a standard attribute.
        if let Some(input) = folder_input.get() {
            let _ = input.set_attribute("webkitdirectory", "");
        }
    });
    let on_drop = move |event: DragEvent| {
        event.prevent_default();
        hovering.set(false);
        let Some(data_transfer) = event.data_transfer() else {
            return;
        };
        let pending = collect_drop(&data_transfer);
        leptos::task::spawn_local(async move {
            match pending.await {
                Ok(files) => on_files.run(files),
                Err(e) => web_sys::console::error_2(&"exerscope: the drop could not be read".into(), &e),
            }
        });
    };
    let on_pick = move |event: leptos::ev::Event| {
        let input: HtmlInputElement = event_target(&event);
        if let Some(files) = input.files() {
            on_files.run(collect_picked(&files).into());
        }
        input.set_value("");
    };
    view! {
        <section
            id="drop-zone"
            class="drop-zone"
            class:hovering=move || hovering.get()
            class:folded=is_folded
            on:dragover=move |event: DragEvent| {
                event.prevent_default();
                hovering.set(true);
            }
            on:dragleave=move |_| hovering.set(false)
            on:drop=on_drop
        >
            <p class="drop-title">
                {move || if is_folded() { "Drop other results here, or" } else { "Drop result folders, files or a .zip here" }}
            </p>
            <p class="drop-hint">
                "ExeRScope or CodeMind folders; RE2-Bench or CoCoNUT as cloned; CRUXEval, CRUXEval-X, REval or LiveCodeBench "
                "result files with their benchmark file; or your own CSV / JSON Lines of predictions."
            </p>
            <div class="drop-actions">
                <label class="button">
                    "Choose files or .zip"
                    <input id="file-input" type="file" multiple on:change=on_pick/>
                </label>
                <label class="button">
                    "Choose a folder"
                    <input id="folder-input" type="file" node_ref=folder_input on:change=on_pick/>
                </label>
                <button id="demo-button" class="button primary" on:click=move |_| on_demo.run(())>
                    "Try the demo"
                </button>
                <Show when=move || folded.get()>
                    <button id="drop-more" class="button" aria-expanded=move || (!is_folded()).to_string()
                        on:click=move |_| unfolded.update(|u| *u = !*u)>
                        {move || if is_folded() { "What can I drop?" } else { "Fold" }}
                    </button>
                </Show>
            </div>
            <p class="privacy">"Your files are read in this browser tab only. Nothing is uploaded."</p>
        </section>
    }
}
