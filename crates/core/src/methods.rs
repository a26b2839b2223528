//! A methods paragraph a paper prints as it is: what was analysed (models, benchmarks, programs,
//! judge) and each statistic the report holds, with its reference, and those references as
//! BibTeX. The page's Export section and `exerscope report`'s `methods.md` show this same text.

use crate::export::thousands;
use crate::stats::{bootstrap, construct_effect, power, prediction, slices};
use crate::Report;
use std::collections::BTreeMap;

/// A work the paragraph cites: its key, how the text cites it, and its BibTeX entry.
struct Reference {
    key: &'static str,
    cited: &'static str,
    bibtex: &'static str,
}

macro_rules! references {
    ($($name:ident: $key:literal, $cited:literal, $bibtex:literal;)*) => {
        $(const $name: Reference = Reference { key: $key, cited: $cited, bibtex: $bibtex };)*
        #[cfg(test)]
        const REFERENCES: &[&Reference] = &[$(&$name),*];
    };
}

references! {
    WILSON: "wilson1927", "Wilson, 1927",
        "@article{wilson1927,\n  author = {Wilson, Edwin B.},\n  title = {Probable Inference, the Law of Succession, and Statistical Inference},\n  journal = {Journal of the American Statistical Association},\n  volume = {22},\n  number = {158},\n  pages = {209--212},\n  year = {1927}\n}";
    LIANG_ZEGER: "liang1986", "Liang & Zeger, 1986",
        "@article{liang1986,\n  author = {Liang, Kung-Yee and Zeger, Scott L.},\n  title = {Longitudinal Data Analysis Using Generalized Linear Models},\n  journal = {Biometrika},\n  volume = {73},\n  number = {1},\n  pages = {13--22},\n  year = {1986}\n}";
    MILLER: "miller2024", "Miller, 2024",
        "@misc{miller2024,\n  author = {Miller, Evan},\n  title = {Adding Error Bars to Evals: A Statistical Approach to Language Model Evaluations},\n  howpublished = {arXiv:2411.00640},\n  year = {2024}\n}";
    CHEN: "chen2021", "Chen et al., 2021",
        "@misc{chen2021,\n  author = {Chen, Mark and others},\n  title = {Evaluating Large Language Models Trained on Code},\n  howpublished = {arXiv:2107.03374},\n  year = {2021}\n}";
    FISHER: "fisher1922", "Fisher, 1922",
        "@article{fisher1922,\n  author = {Fisher, R. A.},\n  title = {On the Interpretation of $\\chi^2$ from Contingency Tables, and the Calculation of {P}},\n  journal = {Journal of the Royal Statistical Society},\n  volume = {85},\n  number = {1},\n  pages = {87--94},\n  year = {1922}\n}";
    YATES: "yates1934", "Yates, 1934",
        "@article{yates1934,\n  author = {Yates, F.},\n  title = {Contingency Tables Involving Small Numbers and the $\\chi^2$ Test},\n  journal = {Supplement to the Journal of the Royal Statistical Society},\n  volume = {1},\n  number = {2},\n  pages = {217--235},\n  year = {1934}\n}";
    BENJAMINI_HOCHBERG: "benjamini1995", "Benjamini & Hochberg, 1995",
        "@article{benjamini1995,\n  author = {Benjamini, Yoav and Hochberg, Yosef},\n  title = {Controlling the False Discovery Rate: A Practical and Powerful Approach to Multiple Testing},\n  journal = {Journal of the Royal Statistical Society: Series B},\n  volume = {57},\n  number = {1},\n  pages = {289--300},\n  year = {1995}\n}";
    SPEARMAN: "spearman1904", "Spearman, 1904",
        "@article{spearman1904,\n  author = {Spearman, C.},\n  title = {The Proof and Measurement of Association between Two Things},\n  journal = {The American Journal of Psychology},\n  volume = {15},\n  number = {1},\n  pages = {72--101},\n  year = {1904}\n}";
    EFRON_TIBSHIRANI: "efron1993", "Efron & Tibshirani, 1993",
        "@book{efron1993,\n  author = {Efron, Bradley and Tibshirani, Robert J.},\n  title = {An Introduction to the Bootstrap},\n  publisher = {Chapman \\& Hall},\n  year = {1993}\n}";
    MCNEMAR: "mcnemar1947", "McNemar, 1947",
        "@article{mcnemar1947,\n  author = {McNemar, Quinn},\n  title = {Note on the Sampling Error of the Difference between Correlated Proportions or Percentages},\n  journal = {Psychometrika},\n  volume = {12},\n  number = {2},\n  pages = {153--157},\n  year = {1947}\n}";
    NEWCOMBE: "newcombe1998", "Newcombe, 1998",
        "@article{newcombe1998,\n  author = {Newcombe, Robert G.},\n  title = {Improved Confidence Intervals for the Difference between Binomial Proportions Based on Paired Data},\n  journal = {Statistics in Medicine},\n  volume = {17},\n  number = {22},\n  pages = {2635--2650},\n  year = {1998}\n}";
    HANLEY_MCNEIL: "hanley1982", "Hanley & McNeil, 1982",
        "@article{hanley1982,\n  author = {Hanley, James A. and McNeil, Barbara J.},\n  title = {The Meaning and Use of the Area under a Receiver Operating Characteristic ({ROC}) Curve},\n  journal = {Radiology},\n  volume = {143},\n  number = {1},\n  pages = {29--36},\n  year = {1982}\n}";
    DE_BOECK_WILSON: "deboeck2004", "De Boeck & Wilson, 2004",
        "@book{deboeck2004,\n  editor = {De Boeck, Paul and Wilson, Mark},\n  title = {Explanatory Item Response Models: A Generalized Linear and Nonlinear Approach},\n  publisher = {Springer},\n  year = {2004}\n}";
    SLICELINE: "sagadeeva2021", "Sagadeeva & Boehm, 2021",
        "@inproceedings{sagadeeva2021,\n  author = {Sagadeeva, Svetlana and Boehm, Matthias},\n  title = {SliceLine: Fast, Linear-Algebra-based Slice Finding for {ML} Model Debugging},\n  booktitle = {Proceedings of the 2021 International Conference on Management of Data (SIGMOD)},\n  pages = {2290--2299},\n  year = {2021}\n}";
    EXERSCOPE_PAPER: "liu2025", "Liu & Jabbarvand, 2025",
        "@misc{liu2025,\n  author = {Liu, Changshu and Jabbarvand, Reyhaneh},\n  title = {A Tool for In-depth Analysis of Code Execution Reasoning of Large Language Models},\n  howpublished = {arXiv:2501.18482},\n  year = {2025}\n}";
}

/// The paragraph and the BibTeX entries of the works it cites, in the order it cites them.
#[derive(Clone, Debug, PartialEq)]
pub struct Methods {
    pub paragraph: String,
    pub bibtex: String,
}

/// One sentence and the works it cites, [`CITATION`] in the text standing for each in turn.
const CITATION: &str = "[*]";

struct Sentence {
    text: String,
    cites: Vec<&'static Reference>,
}

fn sentence(text: impl Into<String>, cites: &[&'static Reference]) -> Sentence {
    Sentence { text: text.into(), cites: cites.to_vec() }
}

/// The methods of `report` (one task's): a sentence for what was analysed and one for each
/// statistic it holds, none for a section it does not have.
pub fn methods(report: &Report) -> Methods {
    let answered = !report.runs.is_empty();
    let sentences: Vec<Sentence> = [
        (!answered).then(|| sentence("The drop holds no model's answers: there is no statistic to report.", &[])),
        answered.then(|| what_was_analysed(report)),
        answered.then(|| success_sentence(report)),
        (!report.leaderboard.is_empty()).then(|| ranks_sentence(report)),
        (!report.construct_effects.is_empty()).then(constructs_sentence),
        (!report.correlations.is_empty()).then(|| properties_sentence(report)),
        (!report.agreements.is_empty()).then(pairs_sentence),
        (!report.slices.is_empty() || !report.slice_replication.is_empty()).then(slices_sentence),
        (!report.prediction.predictability.is_empty()).then(prediction_sentence),
        (!report.reasoning.divergence_summaries.is_empty()).then(reasoning_sentence),
    ]
    .into_iter()
    .flatten()
    .collect();
    let mut cited: Vec<&Reference> = Vec::new();
    let mut paragraph = Vec::new();
    for sentence in sentences {
        let mut text = sentence.text;
        let mut cites = sentence.cites.into_iter();
        // Citations side by side ("[*] [*]") print as one: "(Liang & Zeger, 1986; Miller, 2024)".
        while let (Some(at), Some(first)) = (text.find(CITATION), cites.next()) {
            let mut group = vec![first];
            let mut end = at + CITATION.len();
            while text[end..].starts_with(&format!(" {CITATION}")) {
                group.extend(cites.next());
                end += 1 + CITATION.len();
            }
            let names: Vec<&str> = group.iter().map(|r| r.cited).collect();
            text.replace_range(at..end, &format!("({})", names.join("; ")));
            cited.extend(group.into_iter().filter(|r| !cited.iter().any(|c| c.key == r.key)).collect::<Vec<_>>());
        }
        paragraph.push(text);
    }
    let bibtex: Vec<&str> = cited.iter().map(|r| r.bibtex).collect();
    Methods { paragraph: paragraph.join(" "), bibtex: bibtex.join("\n\n") + "\n" }
}

/// "We analysed the output predictions of 5 models on 1,772 programs (CRUXEval 800, …), each
/// answer judged by …".
fn what_was_analysed(report: &Report) -> Sentence {
    let mut programs: BTreeMap<&str, (usize, u64)> = BTreeMap::new();
    for (order, run) in report.runs.iter().enumerate() {
        let entry = programs.entry(&run.benchmark).or_insert((order, 0));
        entry.1 = entry.1.max(run.programs);
    }
    let mut benchmarks: Vec<(&str, (usize, u64))> = programs.into_iter().collect();
    benchmarks.sort_by_key(|(_, (order, _))| *order);
    let total: u64 = benchmarks.iter().map(|(_, (_, n))| n).sum();
    let listed: Vec<String> =
        benchmarks.iter().map(|(name, (_, n))| format!("{name} {}", thousands(*n as usize))).collect();
    let models: std::collections::BTreeSet<&str> = report.runs.iter().map(|r| r.model.as_str()).collect();
    let task = report.runs.first().map_or("", |r| r.task.label());
    sentence(
        format!(
            "We analysed the {task} answers of {} {} on {} programs ({}) with exerscope, each answer judged by {}.",
            thousands(models.len()),
            if models.len() == 1 { "model" } else { "models" },
            thousands(total as usize),
            listed.join(", "),
            judged_by(report)
        ),
        &[],
    )
}

fn judged_by(report: &Report) -> String {
    let rule = report.judge.label();
    let rule = rule.split_once(": ").map_or(rule, |(_, how)| how);
    format!("the {} rule ({rule})", report.judge.name())
}

fn success_sentence(report: &Report) -> Sentence {
    let mut text = "Success is pass@1, each program counted once, with its 95% Wilson score interval [*] and \
                    its standard error clustered by program [*] [*]."
        .to_owned();
    let mut cites = vec![&WILSON, &LIANG_ZEGER, &MILLER];
    if report.runs.iter().any(|r| r.pass_at_5.is_some()) {
        text += " pass@5 is the unbiased estimator of [*].";
        cites.push(&CHEN);
    }
    Sentence { text, cites }
}

fn ranks_sentence(report: &Report) -> Sentence {
    let text = "A model's leaderboard rank is given with the best and worst ranks its 95% interval allows \
                (counting only the models whose intervals do not overlap it), and the models whose intervals \
                overlap the leader's share its band";
    if report.leaderboard.iter().any(|s| s.paired.is_some()) {
        sentence(
            format!(
                "{text}; the same ranks and bands are given as McNemar's exact test [*] of each pair on the \
                 programs both answered separates the models, adjusted over the benchmark's pairs by the \
                 Benjamini–Hochberg procedure [*]."
            ),
            &[&MCNEMAR, &BENJAMINI_HOCHBERG],
        )
    } else {
        sentence(format!("{text}."), &[])
    }
}

fn constructs_sentence() -> Sentence {
    sentence(
        format!(
            "Success on the programs with and without each construct is compared by the two-sided Fisher \
             exact test [*], or past {} predictions by the chi-square test with Yates' correction [*]; the \
             p-values are adjusted over each model's constructs by the Benjamini–Hochberg procedure [*], \
             and the smallest difference those programs could show at α = {} with power {} is given \
             beside them.",
            thousands(construct_effect::FISHER_LIMIT as usize),
            power::ALPHA,
            power::POWER
        ),
        &[&FISHER, &YATES, &BENJAMINI_HOCHBERG],
    )
}

fn properties_sentence(report: &Report) -> Sentence {
    let intervals = report.correlations.iter().any(|r| r.rho_ci95.is_some());
    let mut text = "Numeric properties are related to success by Spearman's rank correlation [*], per program \
                    and over the value buckets of ExeRScope [*]"
        .to_owned();
    let mut cites = vec![&SPEARMAN, &EXERSCOPE_PAPER];
    if intervals {
        text += &format!(
            ", with 95% percentile bootstrap intervals from {} resamples of programs [*]",
            thousands(bootstrap::RESAMPLES)
        );
        cites.push(&EFRON_TIBSHIRANI);
    }
    text += ", and by a logistic regression of success on the property (Wald intervals; standard errors \
             clustered by program).";
    Sentence { text, cites }
}

fn pairs_sentence() -> Sentence {
    sentence(
        "Two models are compared on the programs both answered by McNemar's exact test [*], adjusted over \
         all pairs by the Benjamini–Hochberg procedure, and by the paired difference in success with \
         Newcombe's 95% interval [*].",
        &[&MCNEMAR, &NEWCOMBE],
    )
}

fn slices_sentence() -> Sentence {
    sentence(
        format!(
            "Combinations of up to {} program properties where a model's success falls are searched as \
             SliceLine does [*]; each slice tested is compared with the other programs by a one-sided \
             Fisher test, all adjusted together by the Benjamini–Hochberg procedure, and shown when the \
             adjusted p is below {}, it holds at least {} programs and its success differs by at least {} \
             points.",
            slices::MAX_PREDICATES,
            slices::ALPHA,
            slices::MIN_PROGRAMS,
            (slices::MIN_DIFFERENCE * 100.0).round()
        ),
        &[&SLICELINE],
    )
}

fn prediction_sentence() -> Sentence {
    sentence(
        format!(
            "Success is predicted from the programs' properties by an explanatory item response model [*] \
             with ridge penalties, judged by {}-fold cross-validation with programs as groups (AUROC with \
             Hanley and McNeil's interval [*]; expected calibration error over {} bins) and by leaving each benchmark out.",
            prediction::FOLDS,
            prediction::RELIABILITY_BINS
        ),
        &[&DE_BOECK_WILSON, &HANLEY_MCNEIL],
    )
}

fn reasoning_sentence() -> Sentence {
    sentence(
        "Intermediate answers are aligned with the program's real execution; how well the first step \
         where they part from it tells a wrong final answer is the area under the ROC curve, with Hanley \
         and McNeil's interval [*].",
        &[&HANLEY_MCNEIL],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, InputFile, Judge};

    /// Three programs of one benchmark, two models answering each once.
    fn two_models() -> Report {
        let programs =
            [("p1", "def f(x):\n    return x + 1\n", "f(1)", "2"), ("p2", "def f(x):\n    return x\n", "f(0)", "0")];
        let mut files = Vec::new();
        for (id, code, input, output) in programs {
            files.push(InputFile::new(format!("dataset/bench/{id}/main.py"), code));
            files.push(InputFile::new(format!("dataset/bench/{id}/input.txt"), input));
            files.push(InputFile::new(format!("dataset/bench/{id}/output.txt"), output));
        }
        for (model, answers) in [("A", ["2", "0"]), ("B", ["3", "0"])] {
            for ((id, ..), answer) in programs.iter().zip(answers) {
                files.push(InputFile::new(format!("ER/{model}/bench/{id}/predict.txt"), format!("\n{answer}\n")));
            }
        }
        Report::build(&analyze(files).facts, Judge::Reference)
    }

    #[test]
    fn the_paragraph_says_what_was_analysed_and_each_statistic_the_report_holds() {
        let Methods { paragraph, .. } = methods(&two_models());
        let opening = "We analysed the output prediction answers of 2 models on 2 programs (bench 2) with exerscope, \
                       each answer judged by the reference rule (trim, delete spaces";
        assert!(paragraph.starts_with(opening), "{paragraph}");
        assert!(!paragraph.contains(CITATION) && !paragraph.contains("{}"), "{paragraph}");
        assert!(paragraph.contains("McNemar's exact test (McNemar, 1947)"), "{paragraph}");
        assert!(paragraph.contains("Fisher exact test (Fisher, 1922)"), "{paragraph}");
        assert!(paragraph.contains("share its band; the same ranks and bands are given as McNemar"), "{paragraph}");
        assert!(paragraph.contains("by program (Liang & Zeger, 1986; Miller, 2024)."), "{paragraph}");
        assert!(!paragraph.contains("pass@5"), "no run has five samples: {paragraph}");
    }

    #[test]
    fn programs_without_answers_say_so_and_cite_nothing() {
        let files = vec![
            InputFile::new("dataset/bench/p1/main.py", "def f(x):\n    return x\n"),
            InputFile::new("dataset/bench/p1/input.txt", "f(1)"),
            InputFile::new("dataset/bench/p1/output.txt", "1"),
        ];
        let methods = methods(&Report::build(&analyze(files).facts, Judge::Reference));
        assert_eq!(methods.paragraph, "The drop holds no model's answers: there is no statistic to report.");
        assert_eq!(methods.bibtex.trim(), "");
    }

    #[test]
    fn every_work_cited_has_one_bibtex_entry_and_no_other_has_one() {
        let Methods { paragraph, bibtex } = methods(&two_models());
        for reference in REFERENCES {
            let cited = paragraph.contains(reference.cited);
            let entries = bibtex.matches(&format!("{{{},", reference.key)).count();
            assert_eq!(entries, usize::from(cited), "{}: {paragraph}", reference.key);
            assert!(
                reference.bibtex.contains(&format!("{{{},", reference.key)),
                "{}'s entry has its key",
                reference.key
            );
        }
        assert!(bibtex.contains("@article{wilson1927,"));
    }
}
