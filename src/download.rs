//! Files saved from the page: a link to a blob (or a data URL) clicked in the page itself, so
//! nothing leaves the machine; and text put on the clipboard.

use leptos::prelude::{set_timeout, RwSignal, Set};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Puts `text` on the clipboard; `said` then tells for three seconds whether the browser let it:
/// `copied`, or `refused` (what to do instead).
pub fn copy_text(text: &str, said: RwSignal<Option<&'static str>>, (copied, refused): (&'static str, &'static str)) {
    let tell = move |ok: bool| {
        said.set(Some(if ok { copied } else { refused }));
        set_timeout(move || said.set(None), std::time::Duration::from_secs(3));
    };
    let Some(window) = web_sys::window() else { return tell(false) };
    let writing = wasm_bindgen_futures::JsFuture::from(window.navigator().clipboard().write_text(text));
    leptos::task::spawn_local(async move { tell(writing.await.is_ok()) });
}

/// Saves `text` as a file named `name`.
pub fn download_text(name: &str, mime: &str, text: &str) {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    click_link(name, &url);
    // Revoked later: the download reads the blob after the click returns.
    set_timeout(move || drop(web_sys::Url::revoke_object_url(&url)), std::time::Duration::from_secs(10));
}

/// Saves an SVG document as a PNG of `scale` times its size (`width` × `height`): the browser
/// draws the SVG on a canvas of that size.
pub fn download_png(name: &str, svg: &str, (width, height): (u32, u32), scale: u32) {
    let Ok(image) = web_sys::HtmlImageElement::new() else { return };
    let (name, loaded) = (name.to_owned(), image.clone());
    let on_load = Closure::once_into_js(move || {
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.create_element("canvas").ok())
            .and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok());
        let Some(canvas) = canvas else { return };
        canvas.set_width(width * scale);
        canvas.set_height(height * scale);
        let context = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
        let Some(context) = context else { return };
        let (w, h) = (f64::from(width * scale), f64::from(height * scale));
        if context.draw_image_with_html_image_element_and_dw_and_dh(&loaded, 0.0, 0.0, w, h).is_ok() {
            if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                click_link(&name, &url);
            }
        }
    });
    image.set_onload(Some(on_load.unchecked_ref()));
    // A data URL: the page's Content-Security-Policy allows images from `self` and `data:` only.
    image.set_src(&format!("data:image/svg+xml;charset=utf-8,{}", js_sys::encode_uri_component(svg)));
}

fn click_link(name: &str, url: &str) {
    let link = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(link) = link {
        link.set_href(url);
        link.set_download(name);
        link.click();
    }
}
