//! Light or dark: the system's choice until the user picks one, which this browser remembers.

use leptos::prelude::*;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;

const KEY: &str = "exerscope-theme";
/// Each click moves to the next.
const THEMES: [(&str, &str); 3] = [("system", "Theme: system"), ("light", "Theme: light"), ("dark", "Theme: dark")];

const DARK_QUERY: &str = "(prefers-color-scheme: dark)";

/// The system's preference, as the browser reports it now.
fn system_query() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?.match_media(DARK_QUERY).ok().flatten()
}

#[component]
pub fn ThemeSwitch(
    /// Told whether the page is dark (the theme picked, or the system's), at first and at every change.
    on_dark: Callback<bool>,
) -> impl IntoView {
    let system_dark = RwSignal::new(system_query().is_some_and(|q| q.matches()));
    // The system's preference can change while the page is open (a schedule, a setting).
    if let Some(query) = system_query() {
        let changed = Closure::<dyn Fn()>::new(move || system_dark.set(system_query().is_some_and(|q| q.matches())));
        query.set_onchange(Some(changed.as_ref().unchecked_ref()));
        changed.forget();
    }
    let storage = move || web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    let saved = storage().and_then(|s| s.get_item(KEY).ok().flatten());
    let theme = RwSignal::new(THEMES.iter().position(|(name, _)| Some(*name) == saved.as_deref()).unwrap_or(0));
    // The page's colours follow `data-theme` on <html> (see style/main.css).
    Effect::new(move |_| {
        let (name, _) = THEMES[theme.get()];
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = match name {
                "system" => root.remove_attribute("data-theme"),
                _ => root.set_attribute("data-theme", name),
            };
        }
        if let Some(storage) = storage() {
            let _ = storage.set_item(KEY, name);
        }
        on_dark.run(match name {
            "dark" => true,
            "light" => false,
            _ => system_dark.get(),
        });
    });
    view! {
        <button id="theme-switch" class="theme-switch" on:click=move |_| theme.update(|t| *t = (*t + 1) % THEMES.len())>
            {move || THEMES[theme.get()].1}
        </button>
    }
}
