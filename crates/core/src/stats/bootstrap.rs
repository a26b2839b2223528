//! Bootstrap 95% intervals of Spearman's ρ, programs resampled: 2,000 resamples of the programs
//! with replacement (seeded: the same data give the same interval), ρ recomputed on each, the
//! interval between the 2.5th and 97.5th percentiles (linear interpolation, numpy's default).
//! Resamples where ρ is undefined (no variation left) are left out; with fewer than half defined,
//! there is no interval.
//!
//! Programs are the units in both modes: per program (a program's property against its share of
//! success), and the reference's buckets (a resampled program brings all its predictions to its
//! bucket, and the buckets are formed again). Per program, ρ depends only on how often each
//! distinct (property, share) pair is drawn: a resample is a count per pair, whose midranks and
//! correlation take one pass over the pairs, never a sort.

use super::buckets::REFERENCE_BUCKETS;
use super::correlation::spearman;

pub const RESAMPLES: usize = 2_000;
/// Any fixed number: the intervals are the same on every run, in the browser and the CLI.
const SEED: u64 = 0x6578_6572_7363_6f70;

/// Per program: the interval of ρ between `x` and `y`.
pub fn spearman_interval(x: &[f64], y: &[f64]) -> Option<[f64; 2]> {
    if x.len() != y.len() || x.len() < 3 || x.iter().chain(y).any(|v| !v.is_finite()) {
        return None;
    }
    // Points in their pairs' order: a resample draws places, so the interval is the same
    // whatever order the programs came in (the page reads files in another order than the CLI).
    let mut points: Vec<(f64, f64)> = x.iter().copied().zip(y.iter().copied()).collect();
    points.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let (x, y): (Vec<f64>, Vec<f64>) = points.into_iter().unzip();
    let cells = Cells::of(&x, &y);
    let mut drawn = vec![0u32; cells.x.len()];
    let (mut rank_x, mut rank_y) = (vec![0.0; cells.x_groups], vec![0.0; cells.y_groups]);
    percentile_interval(x.len(), |draw| {
        drawn.iter_mut().for_each(|c| *c = 0);
        draw(&mut |point| drawn[cells.of_point[point]] += 1);
        cells.rho(&drawn, &mut rank_x, &mut rank_y)
    })
}

/// In the reference's buckets: each program's property value with its correct and incorrect
/// predictions.
pub fn bucket_spearman_interval(programs: &[(f64, u64, u64)]) -> Option<[f64; 2]> {
    let valid: Vec<(i64, u64, u64)> = programs
        .iter()
        .filter(|p| p.0.is_finite())
        .map(|&(value, correct, incorrect)| (value.round_ties_even() as i64, correct, incorrect))
        .collect();
    // In one order whatever the programs' (see `spearman_interval`).
    let mut valid = valid;
    valid.sort_unstable();
    let mut keys: Vec<i64> = valid.iter().map(|p| p.0).collect();
    keys.sort_unstable();
    keys.dedup();
    let slot: Vec<usize> = valid.iter().map(|p| keys.binary_search(&p.0).unwrap_or_default()).collect();
    let mut tallies = vec![[0u64; 2]; keys.len()];
    percentile_interval(valid.len(), |draw| {
        tallies.iter_mut().for_each(|t| *t = [0, 0]);
        draw(&mut |program| {
            let (_, correct, incorrect) = valid[program];
            tallies[slot[program]][0] += correct;
            tallies[slot[program]][1] += incorrect;
        });
        let kept = keys.iter().zip(&tallies).filter(|(_, [c, i])| c + i > 0).take(REFERENCE_BUCKETS);
        let (values, rates): (Vec<f64>, Vec<f64>) =
            kept.map(|(&key, &[c, i])| (key as f64, c as f64 / (c + i) as f64)).unzip();
        spearman(&values, &rates).map(|c| c.rho)
    })
}

/// A resample: calls its argument once per unit drawn (`units` draws with replacement).
type Draw<'a> = dyn FnMut(&mut dyn FnMut(usize)) + 'a;

/// The 2.5th and 97.5th percentiles of `statistic` over [`RESAMPLES`] resamples of `units`; the
/// statistic draws its resample itself, tallying the units drawn as it needs.
fn percentile_interval(units: usize, mut statistic: impl FnMut(&mut Draw) -> Option<f64>) -> Option<[f64; 2]> {
    if units == 0 {
        return None;
    }
    let mut rng = fastrand::Rng::with_seed(SEED);
    let mut values = Vec::with_capacity(RESAMPLES);
    for _ in 0..RESAMPLES {
        let mut draw = |take: &mut dyn FnMut(usize)| (0..units).for_each(|_| take(rng.usize(..units)));
        values.extend(statistic(&mut draw).filter(|v| v.is_finite()));
    }
    if values.len() * 2 < RESAMPLES {
        return None;
    }
    values.sort_unstable_by(f64::total_cmp);
    Some([percentile(&values, 0.025), percentile(&values, 0.975)])
}

/// numpy's `percentile` (linear) of sorted values.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let at = q * (sorted.len() - 1) as f64;
    let (below, fraction) = (at.floor() as usize, at.fract());
    let above = (below + 1).min(sorted.len() - 1);
    sorted[below] + fraction * (sorted[above] - sorted[below])
}

/// The points by their (x, y) pair: ρ depends only on how often each distinct pair is drawn, and
/// properties and shares repeat their values (800 programs make a few hundred pairs).
struct Cells {
    /// Each distinct pair's x group and y group (ranks of the distinct values, ascending).
    x: Vec<usize>,
    y: Vec<usize>,
    x_groups: usize,
    y_groups: usize,
    /// Each point's pair.
    of_point: Vec<usize>,
}

impl Cells {
    fn of(x: &[f64], y: &[f64]) -> Cells {
        let (x_group, x_groups) = groups(x);
        let (y_group, y_groups) = groups(y);
        let mut index = std::collections::HashMap::new();
        let (mut cells_x, mut cells_y) = (Vec::new(), Vec::new());
        let of_point = (0..x.len())
            .map(|i| {
                *index.entry((x_group[i], y_group[i])).or_insert_with(|| {
                    cells_x.push(x_group[i]);
                    cells_y.push(y_group[i]);
                    cells_x.len() - 1
                })
            })
            .collect();
        Cells { x: cells_x, y: cells_y, x_groups, y_groups, of_point }
    }

    /// Spearman's ρ of the data where pair k appears `drawn[k]` times: Pearson's r of midranks.
    fn rho(&self, drawn: &[u32], rank_x: &mut [f64], rank_y: &mut [f64]) -> Option<f64> {
        midranks(&self.x, drawn, rank_x);
        midranks(&self.y, drawn, rank_y);
        let (mut n, mut sx, mut sy, mut sxx, mut syy, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
        for ((&gx, &gy), &count) in self.x.iter().zip(&self.y).zip(drawn) {
            let (w, a, b) = (f64::from(count), rank_x[gx], rank_y[gy]);
            n += w;
            sx += w * a;
            sy += w * b;
            sxx += w * a * a;
            syy += w * b * b;
            sxy += w * a * b;
        }
        let (vx, vy, cov) = (sxx - sx * sx / n, syy - sy * sy / n, sxy - sx * sy / n);
        // Relative to the ranks' scale: below it, the variation is rounding, not data.
        let tiny = 1e-9 * n * n * n;
        (vx > tiny && vy > tiny).then(|| (cov / (vx * vy).sqrt()).clamp(-1.0, 1.0))
    }
}

/// Each value's group: the rank of its distinct value (ascending), and how many there are.
fn groups(values: &[f64]) -> (Vec<usize>, usize) {
    let mut distinct: Vec<f64> = values.to_vec();
    distinct.sort_unstable_by(f64::total_cmp);
    distinct.dedup();
    let group = values.iter().map(|v| distinct.partition_point(|d| d.total_cmp(v).is_lt())).collect();
    (group, distinct.len())
}

/// Each group's midrank in the data where pair k (of group `group[k]`) appears `drawn[k]` times.
fn midranks(group: &[usize], drawn: &[u32], ranks: &mut [f64]) {
    ranks.iter_mut().for_each(|r| *r = 0.0);
    for (&g, &count) in group.iter().zip(drawn) {
        ranks[g] += f64::from(count);
    }
    let mut below = 0.0;
    for rank in ranks.iter_mut() {
        let weight = *rank;
        *rank = below + (weight + 1.0) / 2.0;
        below += weight;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The points of `tests/reference_values/bootstrap.py`: a property against success with ties.
    fn points() -> (Vec<f64>, Vec<f64>) {
        let x: Vec<f64> = (0..60).map(|i| f64::from(i % 17)).collect();
        let y: Vec<f64> = (0..60).map(|i| f64::from(u8::from((i * 7 + i % 17 * 3) % 23 < 11 + (i % 17) / 3))).collect();
        (x, y)
    }

    #[test]
    fn a_resample_s_rho_is_the_rho_of_its_points_repeated() {
        let (x, y) = points();
        let counts: Vec<u32> = (0..60).map(|i| (i * 5 % 3) as u32).collect();
        let (repeated_x, repeated_y): (Vec<f64>, Vec<f64>) =
            (0..60).flat_map(|i| std::iter::repeat_n((x[i], y[i]), counts[i] as usize)).unzip();
        let direct = spearman(&repeated_x, &repeated_y).unwrap().rho;
        let cells = Cells::of(&x, &y);
        let mut drawn = vec![0u32; cells.x.len()];
        for (point, &count) in counts.iter().enumerate() {
            drawn[cells.of_point[point]] += count;
        }
        let (mut rx, mut ry) = (vec![0.0; cells.x_groups], vec![0.0; cells.y_groups]);
        assert!((cells.rho(&drawn, &mut rx, &mut ry).unwrap() - direct).abs() < 1e-12);
    }

    // Reference values: tests/reference_values/bootstrap.py (scipy.stats.bootstrap, percentile,
    // 200,000 resamples: another generator, so agreement within the resampling noise of 2,000).
    #[test]
    fn the_interval_agrees_with_scipy_s_bootstrap_and_is_the_same_every_time() {
        let (x, y) = points();
        let [low, high] = spearman_interval(&x, &y).unwrap();
        assert!((low - -0.1914).abs() < 0.03 && (high - 0.3154).abs() < 0.03, "[{low}, {high}]");
        assert_eq!(spearman_interval(&x, &y), Some([low, high]), "seeded");
        let rho = spearman(&x, &y).unwrap().rho;
        assert!(low < rho && rho < high);
    }

    #[test]
    fn buckets_are_formed_again_in_each_resample() {
        // Ten values, success falling with the value: every resample keeps a falling trend.
        let programs: Vec<(f64, u64, u64)> =
            (0..40).map(|i| (f64::from(i % 10), 10 - (i % 10) as u64, (i % 10) as u64)).collect();
        let [low, high] = bucket_spearman_interval(&programs).unwrap();
        assert!(high <= -0.9 && low >= -1.0, "[{low}, {high}]");
        assert_eq!(bucket_spearman_interval(&[]), None);
    }

    #[test]
    fn the_programs_order_moves_no_interval() {
        let (x, y) = points();
        let reversed = |v: &[f64]| v.iter().rev().copied().collect::<Vec<f64>>();
        assert_eq!(spearman_interval(&x, &y), spearman_interval(&reversed(&x), &reversed(&y)));
        let programs: Vec<(f64, u64, u64)> = x.iter().zip(&y).map(|(&v, &s)| (v, s as u64, 1 - s as u64)).collect();
        let backwards: Vec<(f64, u64, u64)> = programs.iter().rev().copied().collect();
        assert_eq!(bucket_spearman_interval(&programs), bucket_spearman_interval(&backwards));
    }

    #[test]
    fn no_interval_without_variation() {
        assert_eq!(spearman_interval(&[1.0, 2.0, 3.0, 4.0], &[1.0; 4]), None);
        assert_eq!(spearman_interval(&[1.0, 2.0], &[0.0, 1.0]), None);
    }
}
