//! The programs behind a number: which programs a bar, a spoke or a table cell counts, with
//! each model's verdict. A table transform of the facts, shared by every view.

use crate::facts::{Facts, ProgramFacts};
use crate::flavors::{AnyConstruct, Flavor};
use crate::judges::Judge;
use crate::stats::slices::Predicate;
use crate::table::{BenchmarkIdx, ModelIdx, ProgramIdx};
use serde::{Deserialize, Serialize};

/// What the user clicked: every field narrows the programs shown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    pub benchmark: Option<BenchmarkIdx>,
    pub model: Option<ModelIdx>,
    pub construct: Option<AnyConstruct>,
    /// A cell of a model-against-model table.
    pub agreement: Option<AgreementCell>,
    /// The programs whose expected output has this type (a bar or cell of the types figures).
    pub output_type: Option<OutputType>,
    /// The programs their benchmark puts in this group (RE2-Bench: `difficulty` `easy`).
    #[serde(default)]
    pub attribute: Option<ProgramAttribute>,
    /// The programs satisfying every one of these (a slice where a model fails).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub predicates: Vec<Predicate>,
}

/// A group of programs a benchmark names: an attribute and its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramAttribute {
    pub name: String,
    pub value: String,
}

impl ProgramAttribute {
    pub fn of(&self, program: &ProgramFacts) -> bool {
        program.attributes.iter().any(|(name, value)| *name == self.name && *value == self.value)
    }
}

/// A type of the expected output, by its name in a flavor (`dictionary`; `list of int`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutputType {
    pub flavor: Flavor,
    pub name: String,
}

impl OutputType {
    pub fn of(&self, facts: &Facts, program: &ProgramFacts) -> bool {
        match self.flavor {
            Flavor::Reference => program.output_type_reference.name() == self.name,
            Flavor::Exerscope => facts.type_names.get(program.output_type as usize) == Some(&self.name),
        }
    }
}

/// The programs where model A was right or wrong and model B right or wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AgreementCell {
    pub model_a: ModelIdx,
    pub model_b: ModelIdx,
    pub a_right: bool,
    pub b_right: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrillRow {
    pub program: ProgramIdx,
    /// Per model (in `Facts::models` order): `None` when the model has no prediction.
    pub verdicts: Vec<Option<bool>>,
}

/// Programs matching `selection` (with `model` set: the programs that model predicted), with
/// every model's verdict. Wrong answers of the selected model come first, then programs fewer
/// models got right.
pub fn programs_behind(facts: &Facts, selection: &Selection, judge: Judge) -> Vec<DrillRow> {
    let column = facts.predictions.verdicts(judge);
    let matches_program = |program: ProgramIdx| {
        let program = &facts.programs[program as usize];
        selection.benchmark.is_none_or(|b| b == program.benchmark)
            && selection.construct.is_none_or(|c| c.present_in(program))
            && selection.output_type.as_ref().is_none_or(|t| t.of(facts, program))
            && selection.attribute.as_ref().is_none_or(|a| a.of(program))
            && selection.predicates.iter().all(|p| p.holds(facts, program))
    };
    let mut rows: Vec<Option<Vec<Option<bool>>>> = vec![None; facts.programs.len()];
    for i in 0..facts.predictions.len() {
        let program = facts.predictions.program[i];
        if matches_program(program) && selection.model.is_none_or(|m| m == facts.predictions.model[i]) {
            rows[program as usize] = Some(vec![None; facts.models.len()]);
        }
    }
    for i in 0..facts.predictions.len() {
        if let Some(row) = &mut rows[facts.predictions.program[i] as usize] {
            row[facts.predictions.model[i] as usize] = Some(column[i]);
        }
    }
    let in_cell = |verdicts: &[Option<bool>]| {
        selection.agreement.is_none_or(|cell| {
            verdicts[cell.model_a as usize] == Some(cell.a_right)
                && verdicts[cell.model_b as usize] == Some(cell.b_right)
        })
    };
    let mut rows: Vec<DrillRow> = rows
        .into_iter()
        .enumerate()
        .filter_map(|(program, row)| row.map(|verdicts| DrillRow { program: program as ProgramIdx, verdicts }))
        .filter(|row| in_cell(&row.verdicts))
        .collect();
    let selected_right = |row: &DrillRow| selection.model.is_some_and(|m| row.verdicts[m as usize] == Some(true));
    rows.sort_by_key(|row| (selected_right(row), row.verdicts.iter().filter(|v| **v == Some(true)).count()));
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::extractors::ReferenceConstruct;
    use crate::facts::tests::{add_prediction, tiny_facts};

    #[test]
    fn a_construct_selects_the_programs_having_it() {
        let facts = tiny_facts();
        let selection =
            Selection { construct: Some(AnyConstruct::Reference(ReferenceConstruct::If)), ..Default::default() };
        let rows = programs_behind(&facts, &selection, Judge::Reference);
        assert_eq!(rows, [DrillRow { program: 1, verdicts: vec![Some(false)] }]);
    }

    #[test]
    fn an_output_type_selects_the_programs_expecting_it_in_its_flavor() {
        let mut facts = tiny_facts();
        facts.programs[1].output_type = 1; // "str" in exerscope's names; still an int for the reference
        let of_type = |flavor, name: &str| {
            let output_type = Some(OutputType { flavor, name: name.to_owned() });
            let selection = Selection { output_type, ..Default::default() };
            let mut programs: Vec<_> =
                programs_behind(&facts, &selection, Judge::Reference).iter().map(|r| r.program).collect();
            programs.sort_unstable();
            programs
        };
        assert_eq!(of_type(Flavor::Exerscope, "str"), [1]);
        assert_eq!(of_type(Flavor::Exerscope, "int"), [0]);
        assert_eq!(of_type(Flavor::Reference, "int"), [0, 1]);
        assert_eq!(of_type(Flavor::Reference, "str"), Vec::<u32>::new());
    }

    #[test]
    fn an_attribute_selects_the_programs_of_its_group() {
        let mut facts = tiny_facts();
        facts.programs[1].attributes = vec![("difficulty".to_owned(), "easy".to_owned())];
        let attribute = |value: &str| Some(ProgramAttribute { name: "difficulty".to_owned(), value: value.to_owned() });
        let programs = |selection: Selection| -> Vec<u32> {
            programs_behind(&facts, &selection, Judge::Reference).iter().map(|r| r.program).collect()
        };
        assert_eq!(programs(Selection { attribute: attribute("easy"), ..Default::default() }), [1]);
        assert!(programs(Selection { attribute: attribute("difficult"), ..Default::default() }).is_empty());
    }

    #[test]
    fn wrong_first_and_unpredicted_programs_left_out() {
        let rows = programs_behind(&tiny_facts(), &Selection::default(), Judge::Reference);
        let programs: Vec<_> = rows.iter().map(|r| r.program).collect();
        assert_eq!(programs, [1, 0]);
        let lenient = programs_behind(&tiny_facts(), &Selection::default(), Judge::Lenient);
        assert_eq!(lenient[0].verdicts, [Some(true)]);
    }

    #[test]
    fn an_agreement_cell_selects_the_programs_in_it() {
        let mut facts = tiny_facts();
        facts.models.push("other".into());
        for (program, verdict) in [(0, false), (1, false)] {
            add_prediction(&mut facts, 1, program, verdict);
        }
        let only_a = AgreementCell { model_a: 0, model_b: 1, a_right: true, b_right: false };
        let selection = Selection { agreement: Some(only_a), ..Default::default() };
        let programs: Vec<_> =
            programs_behind(&facts, &selection, Judge::Reference).iter().map(|r| r.program).collect();
        assert_eq!(programs, [0], "program 0: m right, other wrong");
    }

    #[test]
    fn a_model_selects_its_programs_and_every_model_verdict_is_shown() {
        let mut facts = tiny_facts();
        facts.models.push("other".into());
        add_prediction(&mut facts, 1, 2, true);
        add_prediction(&mut facts, 1, 0, false);
        let selection = Selection { model: Some(0), ..Default::default() };
        let rows = programs_behind(&facts, &selection, Judge::Reference);
        let shown: Vec<_> = rows.iter().map(|r| (r.program, r.verdicts.clone())).collect();
        assert_eq!(shown, [(1, vec![Some(false), None]), (0, vec![Some(true), Some(false)])]);
    }
}

/// Which programs the property table lists.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ProgramQuery {
    /// In the benchmark, the id or a construct name (case-insensitive).
    pub text: String,
    pub outcome: OutcomeFilter,
    /// The sort property at least this.
    pub at_least: Option<f64>,
}

/// How the program's run on its own input ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum OutcomeFilter {
    #[default]
    Any,
    /// This outcome (`returned`, `raised ValueError`, `timed out`…).
    Is(String),
    /// Runs that did not give the benchmark's expected output.
    Unexpected,
}

/// The outcomes of the programs' runs, each once, sorted: what the outcome filter offers.
pub fn outcomes(facts: &Facts) -> Vec<String> {
    let outcomes: std::collections::BTreeSet<&str> =
        facts.programs.iter().filter_map(|p| Some(p.dynamic.as_ref()?.outcome.as_str())).collect();
    outcomes.into_iter().map(str::to_owned).collect()
}

/// The property table (every program): those `query` keeps, sorted by `property` (programs
/// without a value last), highest first when `descending`.
pub fn program_table(
    facts: &Facts,
    query: &ProgramQuery,
    property: crate::numeric::NumericProperty,
    descending: bool,
) -> Vec<ProgramIdx> {
    let text = query.text.trim().to_lowercase();
    let matches = |program: &crate::facts::ProgramFacts| {
        let run = program.dynamic.as_ref();
        let outcome = match &query.outcome {
            OutcomeFilter::Any => true,
            OutcomeFilter::Is(outcome) => run.is_some_and(|r| r.outcome == *outcome),
            OutcomeFilter::Unexpected => run.is_some_and(|r| r.returns_expected == Some(false)),
        };
        let at_least = query.at_least.is_none_or(|min| property.value(program).is_some_and(|v| v >= min));
        outcome
            && at_least
            && (text.is_empty()
                || program.id.to_lowercase().contains(&text)
                || facts.benchmarks[program.benchmark as usize].to_lowercase().contains(&text)
                || program.constructs.names().iter().any(|name| name.contains(&text)))
    };
    let mut rows: Vec<ProgramIdx> =
        (0..facts.programs.len() as ProgramIdx).filter(|&i| matches(&facts.programs[i as usize])).collect();
    rows.sort_by(|&a, &b| {
        let value = |i: ProgramIdx| property.value(&facts.programs[i as usize]);
        match (value(a), value(b)) {
            (Some(x), Some(y)) if descending => y.total_cmp(&x),
            (Some(x), Some(y)) => x.total_cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        }
    });
    rows
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::facts::tests::tiny_facts;
    use crate::numeric::NumericProperty;

    #[test]
    fn filters_by_text_and_sorts_by_a_property() {
        let facts = tiny_facts();
        let text = |text: &str| ProgramQuery { text: text.into(), ..Default::default() };
        assert_eq!(program_table(&facts, &text(""), NumericProperty::Loc, true), [1, 0, 2], "3, 2, 1 lines");
        assert_eq!(program_table(&facts, &text(""), NumericProperty::Loc, false), [2, 0, 1]);
        assert_eq!(program_table(&facts, &text("if"), NumericProperty::Loc, true), [1], "by construct name");
        assert_eq!(program_table(&facts, &text("3"), NumericProperty::Loc, true), [2], "by id");
        let at_least = ProgramQuery { at_least: Some(2.0), ..Default::default() };
        assert_eq!(program_table(&facts, &at_least, NumericProperty::Loc, true), [1, 0]);
    }

    #[test]
    fn programs_are_filtered_by_how_their_run_ended() {
        let mut facts = tiny_facts();
        let run = |outcome: &str, returns_expected| crate::dynamic::DynamicProperties {
            loop_length: 3,
            recursion_depth: 1,
            executed_lines: 9,
            distinct_lines: 4,
            run_time_ms: 0.1,
            outcome: outcome.into(),
            returns_expected,
            got: None,
            repeated: None,
        };
        facts.programs[0].dynamic = Some(run("returned", Some(true)));
        facts.programs[2].dynamic = Some(run("raised KeyError", Some(false)));
        assert_eq!(outcomes(&facts), ["raised KeyError", "returned"]);
        let by = |outcome| ProgramQuery { outcome, ..Default::default() };
        let table = |query: &ProgramQuery| program_table(&facts, query, NumericProperty::LoopLength, true);
        assert_eq!(table(&by(OutcomeFilter::Is("returned".into()))), [0]);
        assert_eq!(table(&by(OutcomeFilter::Unexpected)), [2]);
        assert_eq!(table(&by(OutcomeFilter::Any)), [0, 2, 1], "the program not run last");
    }
}
