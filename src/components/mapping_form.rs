//! Generic CSV / JSON Lines files whose columns exerscope could not all recognise: one small form
//! per file to say which column holds which field. The choice is kept for the session and applies
//! to every file with the same columns; applying it analyses the same drop again.

use exerscope_core::readers::generic_table::{columns_key, ColumnMapping, Field, UnmappedTable};
use exerscope_core::Facts;
use leptos::prelude::*;
use std::sync::Arc;

#[component]
pub fn MappingForms(facts: RwSignal<Option<Arc<Facts>>>, on_map: Callback<(String, ColumnMapping)>) -> impl IntoView {
    let tables = move || facts.with(|f| f.as_ref().map(|f| f.unmapped_tables.clone()).unwrap_or_default());
    view! {
        <For each=tables key=|table| table.file.clone() let:table>
            <MappingForm table=table on_map=on_map/>
        </For>
    }
}

#[component]
fn MappingForm(table: UnmappedTable, on_map: Callback<(String, ColumnMapping)>) -> impl IntoView {
    let choice = RwSignal::new(table.guess.clone());
    let columns = table.columns.clone();
    let fields = Field::ALL.map(|field| {
        let columns = columns.clone();
        let on_change = move |event| {
            let column = event_target_value(&event);
            choice.update(|mapping| {
                if column.is_empty() {
                    mapping.remove(&field);
                } else {
                    mapping.insert(field, column);
                }
            });
        };
        view! {
            <label class="mapping-field">
                <span>{field.name()}</span>
                <select data-field=field.name() on:change=on_change>
                    <option value="">"—"</option>
                    {columns
                        .into_iter()
                        .map(|column| {
                            let selected = table.guess.get(&field) == Some(&column);
                            view! { <option value=column.clone() selected=selected>{column.clone()}</option> }
                        })
                        .collect_view()}
                </select>
            </label>
        }
    });
    let key = columns_key(&table.columns);
    view! {
        <section class="panel mapping-form" data-file=table.file.clone()>
            <h2>"Which column is which? " <code>{table.file.clone()}</code></h2>
            <p class="hint">
                "exerscope needs the program id, and the prediction or a stored verdict (true/false). "
                "The model defaults to the file's name, the task to output prediction."
            </p>
            <div class="mapping-fields">{fields.into_iter().collect_view()}</div>
            <button class="button" on:click=move |_| on_map.run((key.clone(), choice.get_untracked()))>
                "Use these columns"
            </button>
        </section>
    }
}
