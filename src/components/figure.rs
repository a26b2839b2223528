//! A figure on the page: its chart drawn on a canvas, a click turned into what it hit, and the
//! same drawing saved as SVG or as a PNG at twice its size.

use crate::canvas::{canvas_area, canvas_point, draw_soon, put_cells};
use crate::download::{download_png, download_text};
use exerscope_charts::figures::{Drawn, Figure, Hit, TableCell};
use exerscope_charts::heatmap::{CellImage, Surface};
use exerscope_charts::palette::Ink;
use leptos::prelude::*;
use std::sync::Arc;

/// Whether the page is dark, given by the app's root: the charts on screen are drawn in its ink
/// (their exports stay on white).
#[derive(Clone, Copy)]
pub struct DarkPage(pub Signal<bool>);

/// Draws the figure on the canvas and keeps where its marks are, unless the figure has gone.
fn draw(
    canvas: NodeRef<leptos::html::Canvas>,
    figure: Signal<Option<Arc<Figure>>>,
    drawn: StoredValue<Drawn>,
    dark: Signal<bool>,
) {
    let (Some(Some(canvas)), Some(Some(figure))) = (canvas.try_get_untracked(), figure.try_get_untracked()) else {
        return;
    };
    let (width, height) = figure.size;
    if (canvas.width(), canvas.height()) != (width, height) {
        canvas.set_width(width);
        canvas.set_height(height);
    }
    let Some(area) = canvas_area(&canvas) else { return };
    let put_cells = |image: &CellImage| {
        if let Err(e) = put_cells(&canvas, image) {
            web_sys::console::error_2(&format!("exerscope: {}'s cells not drawn:", figure.name).into(), &e);
        }
    };
    let ink = if dark.try_get_untracked().unwrap_or_default() { Ink::DARK } else { Ink::LIGHT };
    match figure.draw(&area, Surface::Pixels(&put_cells), &ink) {
        Ok(geometry) => _ = drawn.try_set_value(geometry),
        Err(e) => web_sys::console::error_1(&format!("exerscope: {} not drawn: {e:?}", figure.name).into()),
    }
    let _ = canvas.set_attribute("data-drawn", "true");
}

#[component]
pub fn FigureCanvas(
    figure: Signal<Option<Arc<Figure>>>,
    /// Classes of the canvas besides `chart` (`radar`, `property-chart`).
    #[prop(optional)]
    class: &'static str,
    #[prop(optional)] id: Option<&'static str>,
    /// What a click on a mark does; without it the chart is not clickable.
    #[prop(optional)]
    on_hit: Option<Callback<Hit>>,
) -> impl IntoView {
    let canvas = NodeRef::<leptos::html::Canvas>::new();
    let drawn = StoredValue::new(Drawn::Plain);
    // Drawn in a task of its own (`draw_soon`), the latest figure when its turn comes; asked once
    // however often the figure changes meanwhile. Until then the canvas says it is not drawn.
    let waiting = StoredValue::new(false);
    let dark = use_context::<DarkPage>().map_or(Signal::stored(false), |DarkPage(dark)| dark);
    Effect::new(move |_| {
        figure.track();
        dark.track();
        let Some(element) = canvas.get() else { return };
        let _ = element.set_attribute("data-drawn", "false");
        if !waiting.get_value() {
            waiting.set_value(true);
            draw_soon(move || {
                if waiting.try_set_value(false).is_none() {
                    draw(canvas, figure, drawn, dark);
                }
            });
        }
    });
    let on_click = move |event: web_sys::MouseEvent| {
        let (Some(canvas), Some(on_hit)) = (canvas.get(), on_hit) else { return };
        let point = canvas_point(&canvas, &event);
        if let Some(hit) = drawn.with_value(|d| d.hit(point)) {
            on_hit.run(hit);
        }
    };
    // A heatmap cell's counts while the pointer rests on it.
    let on_move = move |event: web_sys::MouseEvent| {
        let Some(canvas) = canvas.get() else { return };
        let point = canvas_point(&canvas, &event);
        let title = drawn.with_value(|d| figure.with_untracked(|f| f.as_ref()?.title_at(d, point)));
        match title {
            Some(title) => drop(canvas.set_attribute("title", &title)),
            None => drop(canvas.remove_attribute("title")),
        }
    };
    // Exports stay on white (for print) unless a dark page's reader asks for its ground (slides).
    let dark_ground = RwSignal::new(false);
    let save = move |png: bool| {
        let Some(figure) = figure.get_untracked() else { return };
        let ink = if dark_ground.get_untracked() && dark.get_untracked() { Ink::DARK } else { Ink::LIGHT };
        match figure.svg(&ink) {
            Ok(svg) if png => download_png(&format!("{}.png", figure.name), &svg, figure.size, 2),
            Ok(svg) => download_text(&format!("{}.svg", figure.name), "image/svg+xml", &svg),
            Err(e) => web_sys::console::error_1(&format!("exerscope: {e}").into()),
        }
    };
    // The numbers behind the chart, built when asked for (a text alternative; a screen reader's way
    // in), where a keyboard opens what a click on the mark would.
    let numbers_open = RwSignal::new(false);
    let numbers_cell = move |cell: TableCell| match (cell.hit, on_hit) {
        (Some(hit), Some(on_hit)) => {
            view! { <td><button class="link" on:click=move |_| on_hit.run(hit)>{cell.text}</button></td> }.into_any()
        }
        _ => view! { <td>{cell.text}</td> }.into_any(),
    };
    let numbers = move || {
        let table = numbers_open.get().then(|| figure.with(|f| f.as_ref().map(|f| f.table()))).flatten()?;
        let header = table.columns.into_iter().map(|c| view! { <th scope="col">{c}</th> }).collect_view();
        let rows = table
            .rows
            .into_iter()
            .map(|row| view! { <tr>{row.into_iter().map(numbers_cell).collect_view()}</tr> })
            .collect_view();
        Some(view! { <table class="data"><thead><tr>{header}</tr></thead><tbody>{rows}</tbody></table> })
    };
    let name = move || figure.with(|f| f.as_ref().map(|f| f.name.clone()));
    let caption = move || figure.with(|f| f.as_ref().map(|f| f.caption.clone()));
    let subtitle = move || figure.with(|f| f.as_ref().and_then(|f| f.subtitle().map(str::to_owned)));
    view! {
        <figure class="figure">
            <canvas id=id class=format!("chart {class}") class:clickable=on_hit.is_some() node_ref=canvas
                on:click=on_click on:mousemove=on_move data-figure=name aria-label=caption aria-description=subtitle role="img"></canvas>
            <details class="figure-numbers" on:toggle=move |e| numbers_open.set(event_target::<web_sys::HtmlDetailsElement>(&e).open())>
                <summary>"The numbers"</summary>
                {numbers}
            </details>
            <figcaption class="figure-exports">
                <Show when=move || dark.get()>
                    <label class="export-ground" title="Save the chart on the page's dark ground (for slides); unticked, on white (for print)">
                        <input type="checkbox" prop:checked=move || dark_ground.get()
                            on:change=move |e| dark_ground.set(event_target_checked(&e))/>
                        "dark ground"
                    </label>
                </Show>
                <button class="export-svg" title="Save this chart as SVG" on:click=move |_| save(false)>"SVG"</button>
                <button class="export-png" title="Save this chart as PNG, at twice its size" on:click=move |_| save(true)>"PNG"</button>
            </figcaption>
        </figure>
    }
}
