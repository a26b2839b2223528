//! Problems with the dropped files, each naming its file (and line); shown as text.

use exerscope_core::Facts;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn Messages(facts: RwSignal<Option<Arc<Facts>>>) -> impl IntoView {
    let errors = move || facts.with(|f| f.as_ref().map(|f| f.errors.clone()).unwrap_or_default());
    view! {
        <Show when=move || !errors().is_empty()>
            <details id="messages" class="messages" open=move || errors().len() <= 5>
                <summary>{move || format!("{} message(s) about your files", errors().len())}</summary>
                <ul>
                    {move || {
                        errors()
                            .into_iter()
                            .map(|e| {
                                let place = match e.line {
                                    Some(line) => format!("{}:{line}", e.file),
                                    None => e.file.clone(),
                                };
                                view! { <li><code>{place}</code>" — "{e.message}</li> }
                            })
                            .collect_view()
                    }}
                </ul>
            </details>
        </Show>
    }
}
