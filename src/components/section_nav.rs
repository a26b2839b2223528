//! The sections of the report, reachable from a navigation that stays at the top of the window,
//! and "Copy link": the address of this view (with its `#data=` links, when the data came from
//! links; else the data must be dropped again by whoever opens it).

use crate::download::copy_text;
use crate::view_state::Section;
use leptos::prelude::*;

#[component]
pub fn SectionNav(
    section: Signal<Section>,
    on_section: Callback<Section>,
    /// The address of the view shown, once there is data: its history entry is written a task
    /// later, so the URL may not show it yet when a click changed the view just before.
    address: Signal<Option<String>>,
    /// Whether the data shown came from `#data=` links (a copied link then brings it along).
    linked_data: Signal<bool>,
) -> impl IntoView {
    // What the button says for a moment after a click.
    let said = RwSignal::new(None::<&'static str>);
    let copy_link = move |_| {
        let Some(window) = web_sys::window() else { return };
        let Some(href) = address.get_untracked().or_else(|| window.location().href().ok()) else { return };
        copy_text(&href, said, ("Link copied", "Copy it from the address bar"));
    };
    let explain = move || {
        if linked_data.get() {
            "Copy the address of this view: it opens the same chart, with the same data, for whoever you send it to."
        } else {
            "Copy the address of this view: it opens the same chart once the same files are dropped (your files are never in a link)."
        }
    };
    view! {
        <nav class="sections" aria-label="Sections of the report">
            {Section::ALL
                .iter()
                .map(|&s| {
                    view! {
                        <button id=format!("nav-{}", s.name()) aria-current=move || (section.get() == s).then_some("page")
                            on:click=move |_| on_section.run(s)>{s.label()}</button>
                    }
                })
                .collect_view()}
            <button id="copy-link" class="copy-link" title=explain on:click=copy_link>
                {move || said.get().unwrap_or("Copy link")}
            </button>
        </nav>
    }
}

/// One section of the report: shown while it is the one chosen, and busy (it says so) while the
/// worker computes its statistics. Its views are built when it is first chosen, unless it is
/// [`Section::eager`]: the first drop builds the section in view (and the overview) only.
#[component]
pub fn SectionPanel(
    section: Section,
    /// The section chosen.
    current: Signal<Section>,
    /// What the section waits for, if it does (the programs' parsing, its statistics).
    busy: Signal<Option<String>>,
    /// Whether the drop holds any model's predictions (else the section says what it lacks).
    predicted: Signal<bool>,
    children: ChildrenFn,
) -> impl IntoView {
    let built =
        Memo::new(move |was: Option<&bool>| was.copied().unwrap_or(section.eager()) || current.get() == section);
    let lacking = move || section.without_predictions().filter(|_| !predicted.get());
    view! {
        <div class="section" data-section=section.name() aria-busy=move || busy.with(Option::is_some).to_string()
            data-waiting=move || busy.get()
            hidden=move || current.get() != section>
            {move || lacking().map(|line| view! { <p class="explain without-predictions">{line}</p> })}
            <Show when=move || built.get()>{children()}</Show>
        </div>
    }
}
