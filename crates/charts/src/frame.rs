//! What the figures drawn in one piece share: a white ground and a title centred in a band above
//! the plot.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The title's band, in pixels.
pub const TITLE_BAND: u32 = 30;

/// Fills `area` white, writes `title` centred at its top, and gives the area below the title.
pub fn titled<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (width, _) = area.dim_in_pixel();
    let centred = TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Center, VPos::Top));
    area.draw(&Text::new(title.to_owned(), (width as i32 / 2, 6), centred))?;
    Ok(area.split_vertically(TITLE_BAND).1)
}
