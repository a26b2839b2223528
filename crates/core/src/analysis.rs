//! The whole pipeline, from dropped files to [`Facts`]: unpack archives, read every format,
//! join, extract properties (one parse per program), judge every prediction with every judge.

use crate::archive::expand_archives;
use crate::diagnostics::FileError;
use crate::extractors::{ConstructLine, ProgramParser, ProgramProperties};
use crate::facts::TypeId;
use crate::facts::{Facts, PredictionFacts, ProgramFacts};
use crate::input::InputFile;
use crate::judges::Judge;
use crate::readers::read_all;
use crate::table::{Table, TableBuilder, Unmatched};
use crate::types::{exerscope_type, value_length, ReferenceType};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Reading,
    Parsing,
    Judging,
    Done,
}

impl Phase {
    pub const ALL: [Phase; 4] = [Phase::Reading, Phase::Parsing, Phase::Judging, Phase::Done];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Reading => "reading",
            Phase::Parsing => "parsing",
            Phase::Judging => "judging",
            Phase::Done => "done",
        }
    }
}

/// How far the analysis is, for a progress bar: `done` of `total` items of `phase`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    pub phase: Phase,
    pub done: usize,
    pub total: usize,
}

/// The table (code, inputs, responses) and the facts computed from it.
pub struct Analysis {
    pub table: Table,
    pub facts: Facts,
    /// Where each program's constructs are (kept beside the table: only the drill-down needs them).
    pub construct_lines: Vec<Vec<ConstructLine>>,
}

/// How often (in items) progress is reported.
const PROGRESS_STEP: usize = 100;

pub fn analyze(files: Vec<InputFile>) -> Analysis {
    analyze_with_progress(files, &mut |_| {})
}

pub fn analyze_with_progress(files: Vec<InputFile>, progress: &mut dyn FnMut(Progress)) -> Analysis {
    let mut errors = Vec::new();
    progress(Progress { phase: Phase::Reading, done: 0, total: files.len() });
    let files = expand_archives(files, &mut errors);
    if files.is_empty() {
        errors.push(FileError::new("(drop)", "nothing to analyse: no files were given"));
    }
    let mut builder = TableBuilder::default();
    read_all(&files, &mut builder, &mut errors);
    drop(files);
    let (table, unmatched) = builder.finish();
    report_unjoined(&table, &unmatched, &mut errors);
    let mut type_names = TypeNames::default();
    let (programs, construct_lines) = extract_properties(&table, &mut type_names, progress, &mut errors);
    let predictions = judge_all(&table, &mut type_names, progress);
    progress(Progress { phase: Phase::Done, done: predictions.len(), total: predictions.len() });
    let facts = Facts {
        benchmarks: table.benchmarks.clone(),
        models: table.models.clone(),
        programs,
        predictions,
        type_names: type_names.names,
        errors,
    };
    Analysis { table, facts, construct_lines }
}

/// Interns exerscope type names.
#[derive(Default)]
struct TypeNames {
    names: Vec<String>,
    ids: HashMap<String, TypeId>,
}

impl TypeNames {
    fn id(&mut self, name: String) -> TypeId {
        if let Some(&id) = self.ids.get(&name) {
            return id;
        }
        self.names.push(name.clone());
        let id = (self.names.len() - 1) as TypeId;
        self.ids.insert(name, id);
        id
    }
}

fn extract_properties(
    table: &Table,
    type_names: &mut TypeNames,
    progress: &mut dyn FnMut(Progress),
    errors: &mut Vec<FileError>,
) -> (Vec<ProgramFacts>, Vec<Vec<ConstructLine>>) {
    let mut parser = ProgramParser::new();
    let total = table.programs.len();
    let mut out = Vec::with_capacity(total);
    let mut lines = Vec::with_capacity(total);
    for (i, program) in table.programs.iter().enumerate() {
        if i % PROGRESS_STEP == 0 {
            progress(Progress { phase: Phase::Parsing, done: i, total });
        }
        let mut properties = match &program.code {
            Some(code) => parser.extract(code, program.language),
            None => ProgramProperties::default(),
        };
        lines.push(std::mem::take(&mut properties.construct_lines));
        if let Some(line) = properties.syntax_error_line {
            errors.push(FileError::at_line(
                &program.source_path,
                line,
                "syntax error (tree-sitter recovered; the program's properties may be incomplete)",
            ));
        }
        out.push(ProgramFacts {
            benchmark: program.benchmark,
            id: program.id.clone(),
            language: program.language,
            reference_constructs: properties.reference_constructs,
            constructs: properties.constructs,
            metrics: program.code.as_ref().map(|_| properties.metrics),
            syntax_error_line: properties.syntax_error_line,
            output_type_reference: ReferenceType::of_text(&program.expected),
            output_type: type_names.id(exerscope_type(&program.expected, program.language)),
            output_length: value_length(&program.expected),
        });
    }
    (out, lines)
}

fn judge_all(table: &Table, type_names: &mut TypeNames, progress: &mut dyn FnMut(Progress)) -> PredictionFacts {
    let predictions = &table.predictions;
    let total = predictions.len();
    let mut verdict: [Vec<bool>; 3] = Default::default();
    for column in &mut verdict {
        column.reserve(total);
    }
    for i in 0..total {
        if i % (PROGRESS_STEP * 10) == 0 {
            progress(Progress { phase: Phase::Judging, done: i, total });
        }
        let program = &table.programs[predictions.program[i] as usize];
        for judge in Judge::ALL {
            verdict[judge.index()].push(judge.is_correct(&predictions.answer[i], &program.expected, program.language));
        }
    }
    PredictionFacts {
        model: predictions.model.clone(),
        program: predictions.program.clone(),
        task: predictions.task.clone(),
        verdict,
        answer_type_reference: predictions.answer.iter().map(|a| ReferenceType::of_text(a)).collect(),
        answer_type: (0..total)
            .map(|i| {
                let language = table.programs[predictions.program[i] as usize].language;
                type_names.id(exerscope_type(&predictions.answer[i], language))
            })
            .collect(),
    }
}

/// Predictions without programs, and benchmarks nobody predicted, are told to the user.
fn report_unjoined(table: &Table, unmatched: &[Unmatched], errors: &mut Vec<FileError>) {
    for u in unmatched {
        errors.push(FileError::new(
            &u.example_path,
            format!(
                "{} prediction(s) of model {} for benchmark {} have no program in the dropped datasets \
                 (drop the dataset folder too); not analysed",
                u.count, u.model, u.benchmark
            ),
        ));
    }
    let mut predicted = vec![false; table.benchmarks.len()];
    for &program in &table.predictions.program {
        predicted[table.programs[program as usize].benchmark as usize] = true;
    }
    for (benchmark, name) in table.benchmarks.iter().enumerate() {
        if !predicted[benchmark] {
            let example = table.programs.iter().find(|p| p.benchmark as usize == benchmark);
            let count = table.programs.iter().filter(|p| p.benchmark as usize == benchmark).count();
            errors.push(FileError::new(
                example.map_or(name.as_str(), |p| p.source_path.as_str()),
                format!("benchmark {name}: {count} program(s) but no predictions were dropped for it"),
            ));
        }
    }
}
