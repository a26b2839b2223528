//! The report taken out of the page: every table as CSV and LaTeX, the whole report as JSON — the
//! files `exerscope report` writes, from the same core function ([`exerscope_core::export`]).

use exerscope_core::export::sheets;
use exerscope_core::methods::{methods, Methods};
use exerscope_core::stats::own_numbers::own_numbers_of;
use exerscope_core::stats::Statistic;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::sync::Arc;

use crate::download::{copy_text, download_text};

#[component]
pub fn Exports(
    /// The facts of the report: its programs' rows come from them (the worker sends none).
    facts: Signal<Option<Arc<Facts>>>,
    report: Signal<Option<Arc<Report>>>,
    /// Whether the section is on screen: the tables are written out (every row formatted) only then,
    /// not at every change of judge or task while another section is shown.
    shown: Signal<bool>,
) -> impl IntoView {
    let sheet = move |name: &'static str, csv: bool| {
        let Some(report) = report.get_untracked() else {
            return;
        };
        if let Some(sheet) = sheets(&report).into_iter().find(|s| s.name == name) {
            if csv {
                download_text(&format!("exerscope-{name}.csv"), "text/csv", &sheet.csv());
            } else {
                download_text(&format!("exerscope-{name}.tex"), "application/x-tex", &sheet.latex());
            }
        }
    };
    let whole = move |_| {
        let (Some(report), Some(facts)) = (report.get_untracked(), facts.get_untracked()) else { return };
        if let Ok(json) = serde_json::to_string_pretty(&report.with_programs(&facts)) {
            download_text("exerscope-report.json", "application/json", &json);
        }
    };
    let rows = move || {
        if !shown.get() {
            return None;
        }
        report.get().map(|report| {
            sheets(&report)
                .into_iter()
                .map(|s| {
                    let name = s.name;
                    view! {
                        <li>
                            <span class="caption">{s.caption}</span>" "
                            <button id=format!("export-{name}-csv") on:click=move |_| sheet(name, true)>"CSV"</button>
                            <button id=format!("export-{name}-tex") on:click=move |_| sheet(name, false)>"LaTeX"</button>
                        </li>
                    }
                })
                .collect_view()
        })
    };
    // What exerscope does with the numbers the benchmarks read publish themselves.
    let own_numbers = move || {
        let benchmarks = facts.with(|f| f.as_ref().map(|f| f.benchmarks.clone()).unwrap_or_default());
        let rows: Vec<_> = own_numbers_of(&benchmarks)
            .map(|n| {
                let verdict = n.treatment.label();
                view! {
                    <tr>
                        <td>{n.benchmark}</td>
                        <td>{n.number}</td>
                        <td class=n.treatment.name()>{verdict}</td>
                        <td>{n.how}</td>
                    </tr>
                }
            })
            .collect();
        (!rows.is_empty()).then(|| {
            view! {
                <h3>"The benchmarks' own numbers"</h3>
                <div class="table-scroll">
                    <table id="own-numbers">
                        <thead><tr><th>"benchmark"</th><th>"its number"</th><th>"here"</th><th>"how"</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
            }
        })
    };
    view! {
        <section class="panel" id="exports">
            <h2>"Take it into a paper"</h2>
            <p class="explain">
                "Every table as CSV and as LaTeX (booktabs), with the numbers shown here; "
                <code>"exerscope report --out DIR"</code>" writes the same files from a script."
            </p>
            <ul class="exports">{rows}</ul>
            // Until the worker has built the report asked for (with every slice: some tenths of a
            // second after the runs), a click would take nothing.
            <button id="export-report-json" on:click=whole disabled=move || report.get().is_none()>
                "The whole report (JSON)"
            </button>
            {move || shown.get().then(|| report.get().map(|report| view! { <MethodsParagraph methods=methods(&report)/> }))}
            <details id="methods">
                <summary>"How each number is computed (for a methods section)"</summary>
                <dl>
                    {Statistic::ALL
                        .map(|s| view! { <dt><code>{s.name()}</code></dt><dd>{s.label()}</dd> })
                        .collect_view()}
                </dl>
                {own_numbers}
            </details>
        </section>
    }
}

/// The methods paragraph of the report shown, to copy into a paper, and its references as BibTeX.
#[component]
fn MethodsParagraph(methods: Methods) -> impl IntoView {
    let Methods { paragraph, bibtex } = methods;
    let said = RwSignal::new(None::<&'static str>);
    let text = paragraph.clone();
    let copy = move |_| copy_text(&text, said, ("Copied", "Select the text to copy it"));
    let save = move |_| download_text("exerscope-references.bib", "application/x-bibtex", &bibtex);
    view! {
        <h3>"A methods paragraph"</h3>
        <p class="explain">"What was analysed and how each number shown is computed, with its references: print it as it is."</p>
        <blockquote id="methods-paragraph">{paragraph}</blockquote>
        <button id="copy-methods" on:click=copy>{move || said.get().unwrap_or("Copy the paragraph")}</button>" "
        <button id="export-references-bib" on:click=save>"Its references (BibTeX)"</button>
    }
}
