//! Statistics over verdicts. Every rate carries its counts and a 95% Wilson interval.

pub mod agreement;
pub mod bootstrap;
pub mod buckets;
pub mod comparison;
pub mod construct_effect;
pub mod contingency;
pub mod correlation;
pub mod divergence;
pub mod leaderboard;
pub mod logistic;
pub mod mcnemar;
pub mod multiple_testing;
pub mod near_duplicates;
pub mod numeric;
pub mod own_numbers;
pub mod paired;
pub mod power;
pub mod prediction;
pub mod profile;
pub mod slices;
pub mod success;
pub mod types;
pub mod variants;
pub mod wilson;

pub use success::{
    attribute_summaries, construct_summaries, run_summaries, AttributeSummary, ConstructSummary, RunSummary,
};

use crate::units::units;

units! {
    /// Every statistic the report gives: its name (the report's field) and what it is, in words a
    /// methods section can use. Each is computed by one function of this module, documented there
    /// with its formula and tested against SciPy or statsmodels (`tests/reference_values/`).
    pub enum Statistic {
        PassAt1 => "pass_at_1", "pass@1: the mean over programs of the share c/n of correct samples (each program counts once)";
        WilsonInterval => "ci95", "95% Wilson score interval of a success rate, over programs";
        ClusteredSe => "se", "standard error of a success rate clustered by program (a program's samples and inputs are not independent), beside the unclustered se_unclustered";
        RankInterval => "rank_best", "leaderboard ranks: a model's best and worst rank are those its 95% Wilson interval allows, counting only the models whose intervals do not overlap it (conservative); a band is the leader and every model whose interval overlaps the leader's";
        PassAtK => "pass_at_5", "pass@5 by the unbiased estimator of Chen et al. (2021), when every program has 5 samples or more";
        FisherExact => "p", "construct against success: Fisher's exact test (chi-square with Yates' correction above 100,000 predictions), two-sided";
        BenjaminiHochberg => "p_adjusted", "p-values adjusted for many tests by Benjamini–Hochberg (over a model's constructs; over all pairs of models of a benchmark)";
        DetectableDifference => "mdd", "the smallest difference in success between programs with and without a construct that a two-sided test at alpha 0.05 finds with power 0.8";
        McNemar => "mcnemar_p", "model against model: McNemar's exact test on the programs only one of them solved";
        PairedDifference => "paired", "A's success rate minus B's on the programs both answered, its paired standard error and Newcombe's 95% interval (method 10)";
        Spearman => "rho", "Spearman's rank correlation of a property with success, per program or over the reference's buckets";
        BootstrapInterval => "rho_ci95", "95% percentile bootstrap interval of Spearman's rho: 2,000 resamples of programs, seeded";
        PointBiserial => "point_biserial", "point-biserial correlation (Pearson's r) of a property with each program's share of success";
        Auroc => "auroc", "how well how early an intermediate answer parts from the run tells a wrong final answer: area under the ROC curve (Mann–Whitney, ties as halves), 95% interval by Hanley & McNeil (1982)";
        Predictability => "predictability", "success predicted from properties: explanatory IRT (De Boeck & Wilson, 2004) with ridge penalties, judged by five-fold cross-validation with programs as groups (AUROC, Hanley–McNeil interval; expected calibration error over ten bins) and by leaving each benchmark out (90% interval from the other benchmarks' misses, Student's t)";
        Logistic => "logistic", "logistic regression of success on a property: slope in log-odds per unit, Wald interval, standard errors model-based, clustered by program and unclustered";
    }
}
pub use types::{type_summaries, TypeSummary};
pub use wilson::wilson_interval;
