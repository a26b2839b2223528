//! A heatmap for many models: one row per model, one column per construct, the cell's colour its
//! success rate (viridis: ordered, readable in grey and by colour-blind readers) with the rate
//! written in it; an empty cell where the model predicted no program with the construct.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapCell {
    pub row: usize,
    pub column: usize,
    pub rate: f64,
    /// Shown when the pointer rests on the cell (counts, interval).
    pub title: String,
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

/// The size that shows every cell.
pub fn heatmap_size(rows: &[String], columns: &[String]) -> (u32, u32) {
    let width = MARGIN * 2 + label_width(rows) + columns.len() as u32 * CELL_WIDTH;
    let height = TITLE_HEIGHT + header_height(columns) + rows.len() as u32 * CELL_HEIGHT + MARGIN;
    (width.max(320), height)
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
        let color = ViridisRGB.get_color(cell.rate.clamp(0.0, 1.0) as f32);
        area.draw(&Rectangle::new([(x + 1, y + 1), (x + cell_w - 1, y + cell_h - 1)], color.filled()))?;
        // Light text on the dark (low) end of viridis, dark text on the light end.
        let ink = if cell.rate < 0.6 { WHITE } else { BLACK };
        let label = format!("{:.0}%", cell.rate * 100.0);
        let style = text(11, HPos::Center, VPos::Center).color(&ink);
        area.draw(&Text::new(label, (x + cell_w / 2, y + cell_h / 2), style))?;
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
