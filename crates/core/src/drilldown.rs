//! The programs behind a number: which programs a bar, a spoke or a table cell counts, with
//! each model's verdict. A table transform of the facts, shared by every view.

use crate::extractors::ReferenceConstruct;
use crate::facts::Facts;
use crate::judges::Judge;
use crate::table::{BenchmarkIdx, ModelIdx, ProgramIdx};
use serde::{Deserialize, Serialize};

/// What the user clicked: every field narrows the programs shown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Selection {
    pub benchmark: Option<BenchmarkIdx>,
    pub model: Option<ModelIdx>,
    pub construct: Option<ReferenceConstruct>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrillRow {
    pub program: ProgramIdx,
    /// Per model (in `Facts::models` order): `None` when the model has no prediction.
    pub verdicts: Vec<Option<bool>>,
}

/// Programs matching `selection` that at least one (selected) model predicted, wrong ones first.
pub fn programs_behind(facts: &Facts, selection: &Selection, judge: Judge) -> Vec<DrillRow> {
    let mut verdicts: Vec<Option<Vec<Option<bool>>>> = vec![None; facts.programs.len()];
    let column = facts.predictions.verdicts(judge);
    for i in 0..facts.predictions.len() {
        let program_index = facts.predictions.program[i];
        let program = &facts.programs[program_index as usize];
        let model = facts.predictions.model[i];
        let wanted = selection.benchmark.is_none_or(|b| b == program.benchmark)
            && selection.model.is_none_or(|m| m == model)
            && selection.construct.is_none_or(|c| program.reference_constructs.has(c));
        if wanted {
            let row = verdicts[program_index as usize].get_or_insert_with(|| vec![None; facts.models.len()]);
            row[model as usize] = Some(column[i]);
        }
    }
    let mut rows: Vec<DrillRow> = verdicts
        .into_iter()
        .enumerate()
        .filter_map(|(program, row)| row.map(|verdicts| DrillRow { program: program as ProgramIdx, verdicts }))
        .collect();
    rows.sort_by_key(|row| row.verdicts.iter().filter(|v| **v == Some(true)).count());
    rows
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::tests::tiny_facts;

    #[test]
    fn a_construct_selects_the_programs_having_it() {
        let facts = tiny_facts();
        let selection = Selection { construct: Some(ReferenceConstruct::If), ..Default::default() };
        let rows = programs_behind(&facts, &selection, Judge::Reference);
        assert_eq!(rows, [DrillRow { program: 1, verdicts: vec![Some(false)] }]);
    }

    #[test]
    fn wrong_first_and_unpredicted_programs_left_out() {
        let rows = programs_behind(&tiny_facts(), &Selection::default(), Judge::Reference);
        let programs: Vec<_> = rows.iter().map(|r| r.program).collect();
        assert_eq!(programs, [1, 0]);
        let lenient = programs_behind(&tiny_facts(), &Selection::default(), Judge::Lenient);
        assert_eq!(lenient[0].verdicts, [Some(true)]);
    }
}
