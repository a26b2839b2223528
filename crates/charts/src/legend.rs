//! The models' legend of a chart drawn with it (bars, radar): a swatch of each model's colour and
//! its name, left to right, in as many rows as the chart's width needs — so that an exported
//! figure names its lines without the page around it.

use super::palette::Ink;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// A legend row's height; the legend takes as many rows as its entries need.
pub(crate) const LEGEND_ROW: i32 = 22;

/// Where each shown model's legend entry goes: left to right from the y axis, a new row where the
/// next would pass `width` (about 8 px a character at 14 px).
pub(crate) fn legend_entries(models: &[String], shown: &[usize], width: i32) -> Vec<(usize, (i32, i32))> {
    const LEFT: i32 = 56;
    let (mut x, mut y) = (LEFT, 0);
    let mut entries = Vec::new();
    for &i in shown.iter().filter(|&&i| i < models.len()) {
        let entry = 36 + 8 * models[i].chars().count() as i32;
        if x > LEFT && x + entry > width {
            (x, y) = (LEFT, y + LEGEND_ROW);
        }
        entries.push((i, (x, y)));
        x += entry;
    }
    entries
}

pub(crate) fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    models: &[String],
    entries: &[(usize, (i32, i32))],
    ink: &Ink,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = ink.font(14).pos(Pos::new(HPos::Left, VPos::Center));
    for &(i, (x, y)) in entries {
        area.draw(&Rectangle::new([(x, y + 8), (x + 14, y + 22)], ink.model(i, models.len()).filled()))?;
        area.draw(&Text::new(models[i].clone(), (x + 20, y + 15), style.clone()))?;
    }
    Ok(())
}

/// The height a legend of these entries takes, with a little room under it.
pub(crate) fn legend_height(entries: &[(usize, (i32, i32))]) -> i32 {
    let rows = entries.last().map_or(1, |(_, (_, y))| y / LEGEND_ROW + 1);
    rows * LEGEND_ROW + 6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legend_too_wide_for_one_row_takes_more() {
        let models =
            ["GPT (HumanEval_CoT_T0)", "GPT (HumanEval_CoT_T0_NoReps)", "GPT (HumanEval_Direct_T0)"].map(str::to_owned);
        let rows =
            |width| legend_entries(&models, &[0, 1, 2], width).into_iter().map(|(_, (_, y))| y).collect::<Vec<_>>();
        assert_eq!(rows(1100), [0, 0, 0]);
        assert_eq!(rows(600), [0, 0, LEGEND_ROW]);
        // An entry wider than the chart still gets a row of its own, never an empty one.
        assert_eq!(rows(100), [0, LEGEND_ROW, 2 * LEGEND_ROW]);
    }
}
