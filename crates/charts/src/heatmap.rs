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

/// Where the cells are, to turn a click into a (row, column).
#[derive(Clone, Debug, PartialEq)]
pub struct HeatmapGeometry {
    pub origin: (i32, i32),
    pub cells: Cells,
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
        let (column, row) = (dx as usize / self.cells.width as usize, dy as usize / self.cells.height as usize);
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
    let size = Cells::of(rows.len(), columns.len());
    let top = (TITLE_HEIGHT + header_height(columns, size)) as i32;
    let (cell_w, cell_h) = (size.width as i32, size.height as i32);
    let upright = upright_labels(columns, size);
    for (column, name) in columns.iter().enumerate() {
        let x = left + column as i32 * cell_w + cell_w / 2;
        let label = if upright {
            text(12, HPos::Left, VPos::Center).transform(FontTransform::Rotate270)
        } else {
            text(12, HPos::Center, VPos::Bottom)
        };
        area.draw(&Text::new(name.clone(), (x, top - 6), label))?;
    }
    for (row, name) in rows.iter().enumerate() {
        let y = top + row as i32 * cell_h + cell_h / 2;
        area.draw(&Text::new(name.clone(), (left - 6, y), text(11, HPos::Right, VPos::Center)))?;
    }
    // The grid as its lines, not as a frame per cell: a hundred models' matrix has 10,000 cells.
    let grid = RGBColor(225, 228, 234);
    let (right, bottom) = (left + columns.len() as i32 * cell_w, top + rows.len() as i32 * cell_h);
    for row in 0..=rows.len() as i32 {
        let y = top + row * cell_h;
        area.draw(&PathElement::new([(left, y), (right, y)], grid.stroke_width(1)))?;
    }
    for column in 0..=columns.len() as i32 {
        let x = left + column * cell_w;
        area.draw(&PathElement::new([(x, top), (x, bottom)], grid.stroke_width(1)))?;
    }
    for cell in cells {
        let (x, y) = (left + cell.column as i32 * cell_w, top + cell.row as i32 * cell_h);
        let (fill, light_text) = cell.shade.colors();
        area.draw(&Rectangle::new([(x + 1, y + 1), (x + cell_w - 1, y + cell_h - 1)], fill.filled()))?;
        if size.written {
            let ink = if light_text { WHITE } else { BLACK };
            let style = text(11, HPos::Center, VPos::Center).color(&ink);
            area.draw(&Text::new(cell.label.clone(), (x + cell_w / 2, y + cell_h / 2), style))?;
        }
    }
    area.present()?;
    let mut titles = vec![None; rows.len() * columns.len()];
    for cell in cells {
        if let Some(slot) = titles.get_mut(cell.row * columns.len() + cell.column) {
            *slot = Some(cell.title.clone());
        }
    }
    Ok(HeatmapGeometry { origin: (left, top), cells: size, rows: rows.len(), columns: columns.len(), titles })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(n: usize) -> (Vec<String>, Vec<HeatmapCell>) {
        let names = (0..n).map(|i| format!("model-{i:03}")).collect();
        let cells = (0..n * n)
            .map(|i| HeatmapCell {
                row: i / n,
                column: i % n,
                shade: Shade::Rate(0.5),
                label: format!("v{i}"),
                title: format!("cell {i}"),
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
            draw_heatmap(&area, "t", &names, &names, &cells).unwrap()
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
        // The pointer still finds each cell's value.
        let (x, y) = (geometry.origin.0 + 13 * 50 + 6, geometry.origin.1 + 13 * 2 + 6);
        assert_eq!(geometry.title_at((x, y)), Some("cell 152"));
        let (names, _) = grid(51);
        let (width, _) = heatmap_size("t", &names, &names);
        assert!(width < 1000, "a hundred-model matrix fits a screen's width: {width}");
    }
}
