//! The construct radar of the paper: one spoke per construct (NL, I, F, W, T, B, NI), one
//! polygon per model, the success rate as the distance from the centre.

use super::format::n_range;
use super::legend::{draw_legend, legend_entries, legend_height};
use super::palette::{is_few, Ink, COUNT_SIZE, FEW_PROGRAMS};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::f64::consts::PI;

#[derive(Clone, Debug, PartialEq)]
pub struct RadarSeries {
    pub model: usize,
    /// Success rate per spoke; `None` where the model predicted no program with the construct
    /// (that spoke is skipped, not drawn at 0%).
    pub rates: Vec<Option<f64>>,
    /// Programs behind each spoke's rate: a point on fewer than [`FEW_PROGRAMS`] is a ring.
    pub programs: Vec<u64>,
}

impl RadarSeries {
    /// Whether `spoke`'s point is a ring: it has a rate, resting on few programs.
    pub fn ringed(&self, spoke: usize) -> bool {
        self.rates.get(spoke).is_some_and(Option::is_some)
            && is_few(self.programs.get(spoke).copied().unwrap_or_default())
    }
}

/// Where the radar is, to turn a click into a spoke.
#[derive(Clone, Debug, PartialEq)]
pub struct RadarGeometry {
    pub center: (i32, i32),
    pub radius: f64,
    pub spokes: usize,
}

impl RadarGeometry {
    fn angle(&self, spoke: usize) -> f64 {
        -PI / 2.0 + 2.0 * PI * spoke as f64 / self.spokes as f64
    }

    fn point(&self, spoke: usize, fraction: f64) -> (i32, i32) {
        let angle = self.angle(spoke);
        let r = self.radius * fraction;
        (self.center.0 + (r * angle.cos()).round() as i32, self.center.1 + (r * angle.sin()).round() as i32)
    }

    /// The spoke nearest to a click inside the chart (labels included), if any.
    pub fn spoke_at(&self, (x, y): (i32, i32)) -> Option<usize> {
        let (dx, dy) = (f64::from(x - self.center.0), f64::from(y - self.center.1));
        let distance = dx.hypot(dy);
        if self.spokes == 0 || distance > self.radius * 1.3 || distance < self.radius * 0.05 {
            return None;
        }
        let turn = (dy.atan2(dx) + PI / 2.0).rem_euclid(2.0 * PI);
        Some((turn / (2.0 * PI / self.spokes as f64)).round() as usize % self.spokes)
    }
}

/// The title's height above the legend.
const TITLE_HEIGHT: i32 = 30;

/// The height a radar of `width` needs to draw its legend of `series` above a square plot.
pub fn radar_height(width: u32, models: &[String], series: &[RadarSeries]) -> u32 {
    let shown: Vec<usize> = series.iter().map(|line| line.model).collect();
    width + legend_height(&legend_entries(models, &shown, width as i32)) as u32
}

/// `models`: every model's name (a model's colour depends on its place among them); the legend
/// names those with a line.
pub fn draw_radar<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    spoke_labels: &[String],
    series: &[RadarSeries],
    models: &[String],
    ink: &Ink,
) -> Result<RadarGeometry, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&ink.ground)?;
    let (width, height) = area.dim_in_pixel();
    let title_style = ink.font(16).pos(Pos::new(HPos::Center, VPos::Top));
    area.draw(&Text::new(title.to_owned(), (width as i32 / 2, 6), title_style))?;
    let shown: Vec<usize> = series.iter().map(|line| line.model).collect();
    let entries = legend_entries(models, &shown, width as i32);
    let top = TITLE_HEIGHT + legend_height(&entries);
    let (_, below_title) = area.split_vertically(TITLE_HEIGHT);
    draw_legend(&below_title, models, &entries, ink)?;
    let room = (height as i32 - top).max(0);
    let radius = f64::from((width as i32).min(room)) * 0.32;
    let geometry = RadarGeometry { center: (width as i32 / 2, top + room / 2), radius, spokes: spoke_labels.len() };
    // Under each spoke's name, what its points rest on (the programs with the construct).
    let counts: Vec<Option<String>> = (0..spoke_labels.len())
        .map(|spoke| {
            n_range(
                series
                    .iter()
                    .filter(|line| line.rates.get(spoke).is_some_and(Option::is_some))
                    .map(|line| line.programs.get(spoke).copied().unwrap_or_default()),
            )
        })
        .collect();
    draw_grid(area, &geometry, spoke_labels, &counts, ink)?;
    for line in series {
        // Spokes without programs are left out of the polygon rather than drawn at 0%.
        let points: Vec<(i32, i32)> =
            line.rates.iter().enumerate().filter_map(|(spoke, rate)| rate.map(|r| geometry.point(spoke, r))).collect();
        let color = ink.model(line.model, models.len());
        area.draw(&Polygon::new(points.clone(), color.mix(0.12).filled()))?;
        let mut closed = points.clone();
        closed.extend(points.first().copied());
        area.draw(&PathElement::new(closed, color.stroke_width(2)))?;
        let spokes = line.rates.iter().enumerate().filter(|(_, rate)| rate.is_some()).map(|(spoke, _)| spoke);
        for (spoke, &point) in spokes.zip(&points) {
            if line.ringed(spoke) {
                area.draw(&Circle::new(point, 4, ink.ground.filled()))?;
                area.draw(&Circle::new(point, 4, color.stroke_width(1)))?;
            } else {
                area.draw(&Circle::new(point, 3, color.filled()))?;
            }
        }
    }
    let ringed = series.iter().any(|line| (0..line.rates.len()).any(|spoke| line.ringed(spoke)));
    if ringed {
        let style = ink.font(11).pos(Pos::new(HPos::Left, VPos::Bottom));
        area.draw(&Text::new(format!("○ fewer than {FEW_PROGRAMS} programs"), (6, height as i32 - 4), style))?;
    }
    area.present()?;
    Ok(geometry)
}

fn draw_grid<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    geometry: &RadarGeometry,
    spoke_labels: &[String],
    counts: &[Option<String>],
    ink: &Ink,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let grid = ink.grid;
    for ring in [0.25, 0.5, 0.75, 1.0] {
        let mut ring_points: Vec<(i32, i32)> = (0..geometry.spokes).map(|s| geometry.point(s, ring)).collect();
        ring_points.extend(ring_points.first().copied());
        area.draw(&PathElement::new(ring_points, grid.stroke_width(1)))?;
        let label_style = ink.muted_font(11);
        let (x, y) = geometry.point(0, ring);
        area.draw(&Text::new(format!("{:.0}%", ring * 100.0), (x + 4, y), label_style))?;
    }
    for (spoke, label) in spoke_labels.iter().enumerate() {
        area.draw(&PathElement::new(vec![geometry.center, geometry.point(spoke, 1.0)], grid.stroke_width(1)))?;
        let angle = geometry.angle(spoke);
        let horizontal = if angle.cos() > 0.3 {
            HPos::Left
        } else if angle.cos() < -0.3 {
            HPos::Right
        } else {
            HPos::Center
        };
        let vertical = if angle.sin() > 0.3 {
            VPos::Top
        } else if angle.sin() < -0.3 {
            VPos::Bottom
        } else {
            VPos::Center
        };
        let (x, y) = geometry.point(spoke, 1.1);
        let Some(count) = counts.get(spoke).cloned().flatten() else {
            area.draw(&Text::new(label.clone(), (x, y), ink.font(14).pos(Pos::new(horizontal, vertical))))?;
            continue;
        };
        // The name, and its count on the line below it, both on the side of the anchor away from
        // the plot.
        let line = COUNT_SIZE as i32;
        let (name_y, count_y) = match vertical {
            VPos::Bottom => (y - line - 2, y),
            VPos::Top => (y, y + 16),
            VPos::Center => (y - 6, y + 8 + line / 2),
        };
        area.draw(&Text::new(label.clone(), (x, name_y), ink.font(14).pos(Pos::new(horizontal, vertical))))?;
        let count_style = ink.muted_font(COUNT_SIZE).pos(Pos::new(horizontal, vertical));
        area.draw(&Text::new(count, (x, count_y), count_style))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_radar_names_each_line_in_its_legend_and_keeps_its_plot_square() {
        let models = ["answered-a", "silent", "answered-b"].map(str::to_owned);
        let line = |model| RadarSeries { model, rates: vec![Some(0.5), Some(0.7), None], programs: vec![40, 40, 0] };
        let series = [line(0), line(2)];
        let spokes = ["NL", "I", "F"].map(str::to_owned);
        let height = radar_height(380, &models, &series);
        let mut svg = String::new();
        let geometry = {
            let area = SVGBackend::with_string(&mut svg, (380, height)).into_drawing_area();
            draw_radar(&area, "t", &spokes, &series, &models, &Ink::LIGHT).unwrap()
        };
        assert_eq!((svg.matches("answered-a").count(), svg.matches("answered-b").count()), (1, 1), "{svg}");
        assert!(!svg.contains("silent"), "a model without a line is not in the legend");
        // The plot keeps the square of a radar without a legend: centre 175 px above the bottom.
        assert_eq!(geometry.center, (190, height as i32 - 175));
        assert!((geometry.radius - 112.0).abs() < 1.0);
        assert!(height > 380, "the legend adds its rows");
        assert!(!svg.contains("fewer than"), "no spoke on few programs: {svg}");
        assert_eq!(svg.matches("\nn = 40\n").count(), 2, "each spoke with points says its programs: {svg}");
    }

    #[test]
    fn a_spoke_on_few_programs_is_a_ring_and_the_radar_says_what_a_ring_means() {
        let models = ["a".to_owned()];
        let series =
            [RadarSeries { model: 0, rates: vec![Some(0.5), Some(0.7), Some(0.2)], programs: vec![40, 19, 20] }];
        let spokes = ["NL", "I", "F"].map(str::to_owned);
        let mut svg = String::new();
        {
            let area = SVGBackend::with_string(&mut svg, (380, 420)).into_drawing_area();
            draw_radar(&area, "t", &spokes, &series, &models, &Ink::LIGHT).unwrap();
        }
        assert!(svg.contains("○ fewer than 20 programs"), "{svg}");
        for n in ["n = 40", "n = 19", "n = 20"] {
            assert!(svg.contains(&format!("\n{n}\n")), "{n}: {svg}");
        }
        // Three points: two dots, one ring (a white disc under a stroked circle).
        let circles = svg.matches("<circle").count();
        assert_eq!(circles, 2 + 2, "{svg}");
    }
}
