//! Which models the views show: search, all / none (of those found), sorted by name or by success;
//! every chart and table follows. Shown when there are several models.

use exerscope_charts::format::percent;
use exerscope_charts::palette::model_css;
use exerscope_core::Facts;
use leptos::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

#[component]
pub fn ModelPicker(
    /// The facts of the task shown, every model's predictions.
    facts: Signal<Option<Arc<Facts>>>,
    /// Each model's pooled success (over every model, not only those shown).
    rates: Signal<Vec<(String, Option<f64>)>>,
    hidden: RwSignal<BTreeSet<String>>,
) -> impl IntoView {
    let query = RwSignal::new(String::new());
    // The list is built when the picker opens: a hundred models' rows wait until asked for.
    let open = RwSignal::new(false);
    let by_rate = RwSignal::new(false);
    let models = move || facts.with(|f| f.as_ref().map(|f| f.models.clone()).unwrap_or_default());
    // The models the search finds, in the order asked, with their index and rate.
    let found = move || {
        let (all, rates, query) = (models(), rates.get(), query.get().to_lowercase());
        let rate_of = |name: &str| rates.iter().find(|(m, _)| m == name).and_then(|(_, r)| *r);
        let mut found: Vec<(usize, String, Option<f64>)> = all
            .into_iter()
            .enumerate()
            .filter(|(_, name)| name.to_lowercase().contains(&query))
            .map(|(i, name)| {
                let rate = rate_of(&name);
                (i, name, rate)
            })
            .collect();
        if by_rate.get() {
            found.sort_by(|a, b| b.2.unwrap_or(-1.0).total_cmp(&a.2.unwrap_or(-1.0)));
        }
        found
    };
    let set_found = move |show: bool| {
        let names: Vec<String> = found().into_iter().map(|(_, name, _)| name).collect();
        hidden.update(|hidden| {
            for name in names {
                if show {
                    hidden.remove(&name);
                } else {
                    hidden.insert(name);
                }
            }
        });
    };
    let summary = move || {
        let total = models().len();
        format!("Models: {} of {total} shown", total - hidden.with(BTreeSet::len))
    };
    view! {
        <Show when=move || { models().len() > 1 }>
            <details class="model-picker" id="model-picker"
                on:toggle=move |e| open.set(event_target::<web_sys::HtmlDetailsElement>(&e).open())>
                <summary>{summary}</summary>
                <div class="controls">
                    <input id="model-search" type="search" placeholder="find models" aria-label="Find models"
                        prop:value=move || query.get() on:input=move |e| query.set(event_target_value(&e))/>
                    <button id="models-all" on:click=move |_| set_found(true)>"Show all found"</button>
                    <button id="models-none" on:click=move |_| set_found(false)>"Hide all found"</button>
                    <label>
                        <input id="models-by-rate" type="checkbox" prop:checked=move || by_rate.get()
                            on:change=move |e| by_rate.set(event_target_checked(&e))/>
                        " best first"
                    </label>
                </div>
                <ul class="model-list">
                    {move || {
                        if !open.get() {
                            return None;
                        }
                        let count = models().len();
                        let rows = found()
                            .into_iter()
                            .map(|(i, name, rate)| {
                                let shown = !hidden.with(|h| h.contains(&name));
                                let toggled = name.clone();
                                let toggle = move |e| {
                                    let show = event_target_checked(&e);
                                    hidden.update(|h| {
                                        if show {
                                            h.remove(&toggled);
                                        } else {
                                            h.insert(toggled.clone());
                                        }
                                    });
                                };
                                view! {
                                    <li>
                                        <label>
                                            <input type="checkbox" data-model=name.clone() prop:checked=shown on:change=toggle/>
                                            <span class="swatch" style:background=model_css(i, count)></span>
                                            {name}
                                            <span class="rate">{rate.map(percent).unwrap_or_default()}</span>
                                        </label>
                                    </li>
                                }
                            })
                            .collect_view();
                        Some(rows)
                    }}
                </ul>
            </details>
        </Show>
    }
}
