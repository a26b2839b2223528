//! Light or dark: the system's choice until the user picks one, which this browser remembers.

use leptos::prelude::*;

const KEY: &str = "exerscope-theme";
/// Each click moves to the next.
const THEMES: [(&str, &str); 3] = [("system", "Theme: system"), ("light", "Theme: light"), ("dark", "Theme: dark")];

#[component]
pub fn ThemeSwitch() -> impl IntoView {
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
    });
    view! {
        <button id="theme-switch" class="theme-switch" on:click=move |_| theme.update(|t| *t = (*t + 1) % THEMES.len())>
            {move || THEMES[theme.get()].1}
        </button>
    }
}
