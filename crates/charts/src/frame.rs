//! What the figures drawn in one piece share: a ground of their ink and a title centred in a band
//! above the plot.

use crate::palette::Ink;
use plotters::chart::MeshStyle;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A chart's mesh in `ink`: axes, tick labels, axis titles and grid lines.
pub fn inked<'m, 'a, 'b, X, Y, XT, YT, DB>(
    mesh: &'m mut MeshStyle<'a, 'b, X, Y, DB>,
    ink: &Ink,
) -> &'m mut MeshStyle<'a, 'b, X, Y, DB>
where
    X: Ranged<ValueType = XT> + ValueFormatter<XT>,
    Y: Ranged<ValueType = YT> + ValueFormatter<YT>,
    DB: DrawingBackend,
{
    mesh.axis_style(ink.muted)
        .bold_line_style(ink.grid)
        .light_line_style(ink.grid.mix(0.5))
        .label_style(ink.font(12))
        .axis_desc_style(ink.font(12))
}

/// The title's band, in pixels.
pub const TITLE_BAND: u32 = 30;

/// Fills `area` with the ink's ground, writes `title` centred at its top, and gives the area
/// below the title.
pub fn titled<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    ink: &Ink,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&ink.ground)?;
    let (width, _) = area.dim_in_pixel();
    let centred = ink.font(14).pos(Pos::new(HPos::Center, VPos::Top));
    area.draw(&Text::new(title.to_owned(), (width as i32 / 2, 6), centred))?;
    Ok(area.split_vertically(TITLE_BAND).1)
}
