//! A heatmap for many models: one row per model, one column per construct (or per model, for the
//! all-pairs matrix), the value written in each cell and shown by its colour — a success rate in
//! viridis (ordered, readable in grey and by colour-blind readers), a difference between two models
//! from red (the row model worse) to blue (better), grey where it is not significant; an empty cell
//! where there is nothing to show.

use crate::format::{format_p, points};
use crate::palette::Ink;
use exerscope_core::stats::agreement::PairCell;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapCell {
    pub row: usize,
    pub column: usize,
    pub shade: Shade,
    /// Written in the cell (where cells are large enough: [`Cells::written`]).
    pub label: String,
    /// Shown when the pointer rests on the cell (counts, interval).
    pub title: CellTitle,
}

/// A cell's title.
#[derive(Clone, Debug, PartialEq)]
pub enum CellTitle {
    Text(String),
    /// The row model against the column model on the programs both answered, written when it is
    /// shown: a hundred models' matrix has 10,000 cells, whose titles took the page ~30 ms.
    Pair(PairCell),
}

impl CellTitle {
    /// The title in words, in a heatmap of these rows and columns.
    pub fn text(&self, rows: &[String], columns: &[String]) -> String {
        match self {
            CellTitle::Text(text) => text.clone(),
            CellTitle::Pair(cell) => format!(
                "{} − {}: {} (95% CI {} to {}) on {} programs both answered; McNemar p adjusted {}",
                rows.get(cell.row).map_or("", String::as_str),
                columns.get(cell.column).map_or("", String::as_str),
                points(cell.difference),
                points(cell.ci95[0]),
                points(cell.ci95[1]),
                cell.programs,
                format_p(cell.p_adjusted)
            ),
        }
    }
}

/// What a cell's colour shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shade {
    /// A success rate in [0, 1]; `few`: on fewer than [`crate::palette::FEW_PROGRAMS`] programs,
    /// drawn faint (a third of its colour on white).
    Rate { rate: f64, few: bool },
    /// A difference in [−1, 1], told apart from noise or not.
    Difference { difference: f64, significant: bool },
}

impl Shade {
    /// The cell's fill, and whether its text is light.
    fn colors(self) -> (RGBColor, bool) {
        match self {
            Shade::Rate { rate, few } => {
                let color = ViridisRGB.get_color(rate.clamp(0.0, 1.0) as f32);
                let color = RGBColor(color.0, color.1, color.2);
                if few {
                    return (toward_white(color, 0.35), false);
                }
                (color, rate < 0.6)
            }
            Shade::Difference { significant: false, .. } => (RGBColor(236, 237, 240), false),
            Shade::Difference { difference, .. } => {
                // White at 0, full blue (or red) at a difference of 50 points or more.
                let strength = (difference.abs() * 2.0).min(1.0);
                let full = if difference >= 0.0 { RGBColor(33, 102, 172) } else { RGBColor(178, 24, 43) };
                (toward_white(full, strength), strength > 0.55)
            }
        }
    }
}

/// `color` kept at `share` of its strength, the rest white (0: white, 1: the colour itself).
fn toward_white(color: RGBColor, share: f64) -> RGBColor {
    let mix = |full: u8| (255.0 - share * (255.0 - f64::from(full))).round() as u8;
    RGBColor(mix(color.0), mix(color.1), mix(color.2))
}

/// Past this many cells a heatmap's values are no longer written in them: a hundred models'
/// all-pairs matrix would be metres wide and slow to draw; its cells become small squares whose
/// value shows where the pointer rests (and in the chart's numbers).
pub const WRITTEN_CELLS: usize = 2_500;

/// A heatmap's cells: wide enough for their value, or small squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    pub width: u32,
    pub height: u32,
    /// The value is written in the cell.
    pub written: bool,
}

impl Cells {
    pub fn of(rows: usize, columns: usize) -> Self {
        if rows * columns > WRITTEN_CELLS {
            Cells { width: 13, height: 13, written: false }
        } else {
            Cells { width: 58, height: 18, written: true }
        }
    }
}

const TITLE_HEIGHT: u32 = 28;
const HEADER_HEIGHT: u32 = 24;
const MARGIN: u32 = 8;

/// The row labels' width: the longest label's, within bounds.
pub fn label_width(rows: &[String]) -> u32 {
    let longest = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32;
    (longest * 7 + 12).clamp(80, 280)
}

/// Column labels longer than this many characters would run into their neighbours: they are
/// written upwards instead.
const LEVEL_LABEL_CHARS: usize = 8;

fn upright_labels(columns: &[String], cells: Cells) -> bool {
    !cells.written || columns.iter().any(|c| c.chars().count() > LEVEL_LABEL_CHARS)
}

/// The column labels' height: a line, or the longest label written upwards (within bounds).
fn header_height(columns: &[String], cells: Cells) -> u32 {
    if !upright_labels(columns, cells) {
        return HEADER_HEIGHT;
    }
    let longest = columns.iter().map(|c| c.chars().count()).max().unwrap_or(0) as u32;
    (longest * 7 + 12).clamp(HEADER_HEIGHT, 200)
}

/// The size that shows every cell, and the whole title above them.
pub fn heatmap_size(title: &str, rows: &[String], columns: &[String]) -> (u32, u32) {
    let cells = Cells::of(rows.len(), columns.len());
    let width = MARGIN * 2 + label_width(rows) + columns.len() as u32 * cells.width;
    let title_width = MARGIN * 2 + title.chars().count() as u32 * 9;
    let height = TITLE_HEIGHT + header_height(columns, cells) + rows.len() as u32 * cells.height + MARGIN;
    (width.max(title_width).max(320), height)
}

/// What a figure is drawn on.
#[derive(Clone, Copy)]
pub enum Surface<'a> {
    /// A document that scales (SVG, for papers): every mark a shape of its own.
    Vector,
    /// A screen's pixels (a canvas), which takes a heatmap's cells at once: as an image of a pixel
    /// per cell that it scales up to the cells' size ([`CellImage`]), their values written over
    /// it. A hundred models' matrix is 10,000 cells: as rectangles, a canvas call each, ~70 ms on
    /// the page (their construct heatmap's 2,400, 10–20 ms); as an image made at full size in wasm
    /// (1.7 million pixels), no faster the first time.
    Pixels(&'a dyn Fn(&CellImage)),
}

/// A heatmap's cells as an image of one RGB pixel per cell (the chart's ground where a cell
/// has nothing), to be shown `cell` pixels wide and high from `origin` (the grid's top-left corner).
#[derive(Clone, Debug, PartialEq)]
pub struct CellImage {
    pub origin: (i32, i32),
    pub cell: (u32, u32),
    pub columns: u32,
    pub rows: u32,
    pub rgb: Vec<u8>,
}

impl CellImage {
    fn of(grid: &HeatmapGeometry, cells: &[HeatmapCell], ground: RGBColor) -> CellImage {
        let (rows, columns, size) = (grid.rows, grid.columns, grid.cells);
        let RGBColor(r, g, b) = ground;
        let mut rgb = [r, g, b].repeat(rows * columns);
        for cell in cells.iter().filter(|c| c.row < rows && c.column < columns) {
            let RGBColor(r, g, b) = cell.shade.colors().0;
            let at = (cell.row * columns + cell.column) * 3;
            rgb[at..at + 3].copy_from_slice(&[r, g, b]);
        }
        CellImage {
            origin: grid.origin,
            cell: (size.width, size.height),
            columns: columns as u32,
            rows: rows as u32,
            rgb,
        }
    }
}

/// Where the cells are: drawn there, and a click turned into a (row, column).
#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapGeometry {
    pub origin: (i32, i32),
    pub cells: Cells,
    pub rows: usize,
    pub columns: usize,
}

impl HeatmapGeometry {
    /// The top-left corner of a cell.
    fn corner(&self, cell: &HeatmapCell) -> (i32, i32) {
        let (x, y) = (cell.column as i32 * self.cells.width as i32, cell.row as i32 * self.cells.height as i32);
        (self.origin.0 + x, self.origin.1 + y)
    }

    pub fn cell_at(&self, (x, y): (i32, i32)) -> Option<(usize, usize)> {
        let (dx, dy) = (x - self.origin.0, y - self.origin.1);
        if dx < 0 || dy < 0 {
            return None;
        }
        let (column, row) = (dx as usize / self.cells.width as usize, dy as usize / self.cells.height as usize);
        (row < self.rows && column < self.columns).then_some((row, column))
    }
}

pub fn draw_heatmap<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    surface: Surface,
    title: &str,
    rows: &[String],
    columns: &[String],
    cells: &[HeatmapCell],
    ink: &Ink,
) -> Result<HeatmapGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&ink.ground)?;
    let (width, _) = area.dim_in_pixel();
    let text_style = |size, h, v| ink.font(size).pos(Pos::new(h, v));
    area.draw(&Text::new(title.to_owned(), (width as i32 / 2, 6), text_style(16, HPos::Center, VPos::Top)))?;
    let left = (MARGIN + label_width(rows)) as i32;
    let size = Cells::of(rows.len(), columns.len());
    let top = (TITLE_HEIGHT + header_height(columns, size)) as i32;
    let (cell_w, cell_h) = (size.width as i32, size.height as i32);
    let upright = upright_labels(columns, size);
    for (column, name) in columns.iter().enumerate() {
        let x = left + column as i32 * cell_w + cell_w / 2;
        let label = if upright {
            text_style(12, HPos::Left, VPos::Center).transform(FontTransform::Rotate270)
        } else {
            text_style(12, HPos::Center, VPos::Bottom)
        };
        area.draw(&Text::new(name.clone(), (x, top - 6), label))?;
    }
    for (row, name) in rows.iter().enumerate() {
        let y = top + row as i32 * cell_h + cell_h / 2;
        area.draw(&Text::new(name.clone(), (left - 6, y), text_style(11, HPos::Right, VPos::Center)))?;
    }
    let grid = HeatmapGeometry { origin: (left, top), cells: size, rows: rows.len(), columns: columns.len() };
    if let Surface::Pixels(put) = surface {
        put(&CellImage::of(&grid, cells, ink.ground));
    }
    draw_grid(area, &grid, ink.grid)?;
    draw_cells(area, &grid, cells, matches!(surface, Surface::Vector))?;
    area.present()?;
    Ok(grid)
}

/// Each cell's rectangle, within the grid's lines (`shapes`: on a screen an image has them), and its
/// value where values are written, light on a dark fill.
fn draw_cells<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    grid: &HeatmapGeometry,
    cells: &[HeatmapCell],
    shapes: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (width, height) = (grid.cells.width as i32, grid.cells.height as i32);
    for cell in cells {
        let (x, y) = grid.corner(cell);
        let (fill, light_text) = cell.shade.colors();
        if shapes {
            area.draw(&Rectangle::new([(x + 1, y + 1), (x + width - 1, y + height - 1)], fill.filled()))?;
        }
        if grid.cells.written {
            let text = if light_text { WHITE } else { BLACK };
            let style =
                TextStyle::from(("sans-serif", 11).into_font()).pos(Pos::new(HPos::Center, VPos::Center)).color(&text);
            area.draw(&Text::new(cell.label.clone(), (x + width / 2, y + height / 2), style))?;
        }
    }
    Ok(())
}

/// The lines between cells: the grid as its lines, not as a frame per cell.
fn draw_grid<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    grid: &HeatmapGeometry,
    line: RGBColor,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let (left, top) = grid.origin;
    let (cell_w, cell_h) = (grid.cells.width as i32, grid.cells.height as i32);
    let (right, bottom) = (left + grid.columns as i32 * cell_w, top + grid.rows as i32 * cell_h);
    for row in 0..=grid.rows as i32 {
        let y = top + row * cell_h;
        area.draw(&PathElement::new([(left, y), (right, y)], line.stroke_width(1)))?;
    }
    for column in 0..=grid.columns as i32 {
        let x = left + column * cell_w;
        area.draw(&PathElement::new([(x, top), (x, bottom)], line.stroke_width(1)))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    fn grid(n: usize) -> (Vec<String>, Vec<HeatmapCell>) {
        let names = (0..n).map(|i| format!("model-{i:03}")).collect();
        let cells = (0..n * n)
            .map(|i| HeatmapCell {
                row: i / n,
                column: i % n,
                shade: Shade::Rate { rate: 0.5, few: false },
                label: format!("v{i}"),
                title: CellTitle::Text(format!("cell {i}")),
            })
            .collect();
        (names, cells)
    }

    fn svg(n: usize) -> (String, HeatmapGeometry) {
        let (names, cells) = grid(n);
        let size = heatmap_size("t", &names, &names);
        let mut out = String::new();
        let geometry = {
            let area = SVGBackend::with_string(&mut out, size).into_drawing_area();
            draw_heatmap(&area, Surface::Vector, "t", &names, &names, &cells, &Ink::LIGHT).unwrap()
        };
        (out, geometry)
    }

    #[test]
    fn values_are_written_in_the_cells_up_to_a_limit_then_cells_are_small_squares() {
        let (small, geometry) = svg(50);
        assert!(geometry.cells.written && small.contains("v2499"), "50 × 50: every value written");
        let (large, geometry) = svg(51);
        assert_eq!(geometry.cells, Cells { width: 13, height: 13, written: false });
        assert!(!large.contains("v0"), "51 × 51: no value written");
        assert_eq!(large.matches("<rect").count() - 1, 51 * 51, "a fill per cell, over the white background");
        // The pointer still finds each cell, and so its title (`Figure::title_at`).
        let (x, y) = (geometry.origin.0 + 13 * 50 + 6, geometry.origin.1 + 13 * 2 + 6);
        assert_eq!(geometry.cell_at((x, y)), Some((2, 50)));
        let (names, _) = grid(51);
        let (width, _) = heatmap_size("t", &names, &names);
        assert!(width < 1000, "a hundred-model matrix fits a screen's width: {width}");
    }

    /// A backend that counts the rectangles and texts it draws.
    struct Recorder {
        size: (u32, u32),
        rectangles: Rc<Cell<usize>>,
        texts: Rc<Cell<usize>>,
    }

    impl DrawingBackend for Recorder {
        type ErrorType = std::io::Error;
        fn get_size(&self) -> (u32, u32) {
            self.size
        }
        fn ensure_prepared(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
            Ok(())
        }
        fn present(&mut self) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
            Ok(())
        }
        fn draw_pixel(&mut self, _: BackendCoord, _: BackendColor) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
            Ok(())
        }
        fn draw_rect<S: BackendStyle>(
            &mut self,
            _: BackendCoord,
            _: BackendCoord,
            _: &S,
            _: bool,
        ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
            self.rectangles.set(self.rectangles.get() + 1);
            Ok(())
        }
        fn estimate_text_size<S: BackendTextStyle>(
            &self,
            text: &str,
            _: &S,
        ) -> Result<(u32, u32), DrawingErrorKind<Self::ErrorType>> {
            Ok((text.len() as u32 * 7, 12))
        }
        fn draw_text<S: BackendTextStyle>(
            &mut self,
            _: &str,
            _: &S,
            _: BackendCoord,
        ) -> Result<(), DrawingErrorKind<Self::ErrorType>> {
            self.texts.set(self.texts.get() + 1);
            Ok(())
        }
    }

    struct Drawing {
        rectangles: usize,
        texts: usize,
        images: Vec<CellImage>,
        geometry: HeatmapGeometry,
    }

    /// The rectangles and texts drawn and the cell images put.
    fn drawn_on(pixels: bool, names: &[String], cells: &[HeatmapCell]) -> Drawing {
        let (rectangles, texts, images) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)), RefCell::new(Vec::new()));
        let put = |image: &CellImage| images.borrow_mut().push(image.clone());
        let surface = if pixels { Surface::Pixels(&put) } else { Surface::Vector };
        let size = heatmap_size("t", names, names);
        let area = Recorder { size, rectangles: rectangles.clone(), texts: texts.clone() }.into_drawing_area();
        let geometry = draw_heatmap(&area, surface, "t", names, names, cells, &Ink::LIGHT).unwrap();
        Drawing { rectangles: rectangles.get(), texts: texts.get(), images: images.into_inner(), geometry }
    }

    #[test]
    fn on_pixels_the_cells_are_one_image_of_a_pixel_per_cell() {
        let (names, mut cells) = grid(51);
        cells[52].shade = Shade::Difference { difference: 0.5, significant: true };
        cells.remove(53);
        let vector = drawn_on(false, &names, &cells);
        assert!(vector.images.is_empty() && vector.rectangles > cells.len(), "shapes for a document");
        let Drawing { rectangles, texts, images, geometry } = drawn_on(true, &names, &cells);
        assert_eq!(rectangles, 1, "the background alone is a rectangle");
        assert_eq!(texts, 1 + 2 * 51, "the title and the labels: no value written");
        let [image] = &images[..] else { panic!("not one image") };
        assert_eq!((image.origin, image.cell, image.columns, image.rows), (geometry.origin, (13, 13), 51, 51));
        let pixel = |row: usize, column: usize| {
            let at = (row * 51 + column) * 3;
            RGBColor(image.rgb[at], image.rgb[at + 1], image.rgb[at + 2])
        };
        // Row 1, column 1 is cell 52; cell 53 has no value; the last cell.
        assert_eq!(pixel(1, 1), cells[52].shade.colors().0);
        assert_eq!(pixel(1, 2), WHITE, "a cell without a value");
        assert_eq!(pixel(50, 50), cells.last().unwrap().shade.colors().0);
        assert_eq!(geometry.cell_at((geometry.origin.0 + 13 + 6, geometry.origin.1 + 13 + 6)), Some((1, 1)));
        // 50 × 50 cells: an image still, each value written over it, as in a document.
        let (names, cells) = grid(50);
        let (pixels, vector) = (drawn_on(true, &names, &cells), drawn_on(false, &names, &cells));
        assert_eq!((pixels.rectangles, pixels.images.len()), (1, 1));
        assert_eq!(pixels.texts, 1 + 2 * 50 + 2500, "the title, the labels and every value");
        assert_eq!((vector.texts, vector.rectangles), (pixels.texts, 1 + 2500));
    }
}
