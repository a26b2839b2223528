//! A heatmap for many models: one row per model, one column per construct (or per model, for the
//! all-pairs matrix), the value written in each cell and shown by its colour — a success rate in
//! viridis (ordered, readable in grey and by colour-blind readers), a difference between two models
//! from red (the row model worse) to blue (better), grey where it is not significant; an empty cell
//! where there is nothing to show.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapCell {
    pub row: usize,
    pub column: usize,
    pub shade: Shade,
    /// Written in the cell.
    pub label: String,
    /// Shown when the pointer rests on the cell (counts, interval).
    pub title: String,
}

/// What a cell's colour shows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shade {
    /// A success rate in [0, 1].
    Rate(f64),
    /// A difference in [−1, 1], told apart from noise or not.
    Difference { difference: f64, significant: bool },
}

impl Shade {
    /// The cell's fill, and whether its text is light.
    fn colors(self) -> (RGBColor, bool) {
        match self {
            Shade::Rate(rate) => {
                let color = ViridisRGB.get_color(rate.clamp(0.0, 1.0) as f32);
                (RGBColor(color.0, color.1, color.2), rate < 0.6)
            }
            Shade::Difference { significant: false, .. } => (RGBColor(236, 237, 240), false),
            Shade::Difference { difference, .. } => {
                // White at 0, full blue (or red) at a difference of 50 points or more.
                let strength = (difference.abs() * 2.0).min(1.0);
                let toward = |full: u8| (255.0 - strength * (255.0 - f64::from(full))).round() as u8;
                let color = if difference >= 0.0 {
                    RGBColor(toward(33), toward(102), toward(172))
                } else {
                    RGBColor(toward(178), toward(24), toward(43))
                };
                (color, strength > 0.55)
            }
        }
    }
}

pub const CELL_WIDTH: u32 = 58;
pub const CELL_HEIGHT: u32 = 18;
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

fn upright_labels(columns: &[String]) -> bool {
    columns.iter().any(|c| c.chars().count() > LEVEL_LABEL_CHARS)
}

/// The column labels' height: a line, or the longest label written upwards (within bounds).
fn header_height(columns: &[String]) -> u32 {
    if !upright_labels(columns) {
        return HEADER_HEIGHT;
    }
    let longest = columns.iter().map(|c| c.chars().count()).max().unwrap_or(0) as u32;
    (longest * 7 + 12).clamp(HEADER_HEIGHT, 200)
}

/// The size that shows every cell, and the whole title above them.
pub fn heatmap_size(title: &str, rows: &[String], columns: &[String]) -> (u32, u32) {
    let cells = MARGIN * 2 + label_width(rows) + columns.len() as u32 * CELL_WIDTH;
    let title_width = MARGIN * 2 + title.chars().count() as u32 * 9;
    let height = TITLE_HEIGHT + header_height(columns) + rows.len() as u32 * CELL_HEIGHT + MARGIN;
    (cells.max(title_width).max(320), height)
}

/// Where the cells are, to turn a click into a (row, column).
#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapGeometry {
    pub origin: (i32, i32),
    pub rows: usize,
    pub columns: usize,
    /// Each filled cell's title, row by row.
    pub titles: Vec<Option<String>>,
}

impl HeatmapGeometry {
    pub fn cell_at(&self, (x, y): (i32, i32)) -> Option<(usize, usize)> {
        let (dx, dy) = (x - self.origin.0, y - self.origin.1);
        if dx < 0 || dy < 0 {
            return None;
        }
        let (column, row) = (dx as usize / CELL_WIDTH as usize, dy as usize / CELL_HEIGHT as usize);
        (row < self.rows && column < self.columns).then_some((row, column))
    }

    pub fn title_at(&self, point: (i32, i32)) -> Option<&str> {
        let (row, column) = self.cell_at(point)?;
        self.titles.get(row * self.columns + column)?.as_deref()
    }
}

pub fn draw_heatmap<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    rows: &[String],
    columns: &[String],
    cells: &[HeatmapCell],
) -> Result<HeatmapGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (width, _) = area.dim_in_pixel();
    let text = |size, h, v| TextStyle::from(("sans-serif", size).into_font()).pos(Pos::new(h, v));
    area.draw(&Text::new(title.to_owned(), (width as i32 / 2, 6), text(16, HPos::Center, VPos::Top)))?;
    let left = (MARGIN + label_width(rows)) as i32;
    let top = (TITLE_HEIGHT + header_height(columns)) as i32;
    let (cell_w, cell_h) = (CELL_WIDTH as i32, CELL_HEIGHT as i32);
    let upright = upright_labels(columns);
    for (column, name) in columns.iter().enumerate() {
        let x = left + column as i32 * cell_w + cell_w / 2;
        let label = if upright {
            text(12, HPos::Left, VPos::Center).transform(FontTransform::Rotate270)
        } else {
            text(12, HPos::Center, VPos::Bottom)
        };
        area.draw(&Text::new(name.clone(), (x, top - 6), label))?;
    }
    let grid = RGBColor(225, 228, 234);
    for (row, name) in rows.iter().enumerate() {
        let y = top + row as i32 * cell_h;
        area.draw(&Text::new(name.clone(), (left - 6, y + cell_h / 2), text(11, HPos::Right, VPos::Center)))?;
        for column in 0..columns.len() {
            let x = left + column as i32 * cell_w;
            area.draw(&Rectangle::new([(x, y), (x + cell_w, y + cell_h)], grid.stroke_width(1)))?;
        }
    }
    for cell in cells {
        let (x, y) = (left + cell.column as i32 * cell_w, top + cell.row as i32 * cell_h);
        let (fill, light_text) = cell.shade.colors();
        area.draw(&Rectangle::new([(x + 1, y + 1), (x + cell_w - 1, y + cell_h - 1)], fill.filled()))?;
        let ink = if light_text { WHITE } else { BLACK };
        let style = text(11, HPos::Center, VPos::Center).color(&ink);
        area.draw(&Text::new(cell.label.clone(), (x + cell_w / 2, y + cell_h / 2), style))?;
    }
    area.present()?;
    let mut titles = vec![None; rows.len() * columns.len()];
    for cell in cells {
        if let Some(slot) = titles.get_mut(cell.row * columns.len() + cell.column) {
            *slot = Some(cell.title.clone());
        }
    }
    Ok(HeatmapGeometry { origin: (left, top), rows: rows.len(), columns: columns.len(), titles })
}
