//! The whole pipeline, from dropped files to [`Facts`]: unpack archives, read every format,
//! join, extract properties (one parse per program), judge every prediction with every judge.

use crate::archive::{expand_archives, Packed};
use crate::diagnostics::FileError;
use crate::dynamic::{gave, DynamicProperties, ExtraRun, Repeated};
use crate::execution::call::{python_parser, read_call};
use crate::execution::trace::Trace;
use crate::execution::{
    plan_program_runs, plan_runs, NoRunner, ProgramRunner, ProgramRuns, RunOf, RunOutcome, RunPlan, RunReport,
    RunRequest,
};
use crate::extractors::{ConstructLine, ProgramParser, ProgramProperties};
use crate::facts::TypeId;
use crate::facts::{DynamicChange, Facts, Parsed, ParsedProgram, PredictionFacts, ProgramFacts};
use crate::input::InputFile;
use crate::intermediate::{StoredRun, TrueAnswer};
use crate::judges::{Judge, PerJudge};
use crate::readers::{read_all, ReadOptions};
use crate::stats::near_duplicates::{Compared, NearDuplicates};
use crate::table::{Language, ProgramIdx, Table, TableBuilder, Task, Unmatched};
use crate::texts::Texts;
use crate::types::{exerscope_type, value_length, ReferenceType};
use crate::units::units;
use foldhash::{HashMap, HashMapExt};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

units! {
    pub enum Phase {
        Reading => "reading", "reading files";
        Parsing => "parsing", "parsing programs";
        Running => "running", "running programs";
        Judging => "judging", "judging predictions";
        /// The statistics of the view shown (the app's worker builds them once the facts are sent).
        Statistics => "statistics", "statistics";
        Done => "done", "done";
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
    /// The programs run to judge predictions, and what each run did.
    pub runs: Runs,
    /// The responses the drop's archives hold, unpacked when their program is shown.
    pub packed: Packed,
    /// Every Python program's run on its own input, for its dynamic properties: made after the
    /// analysis (the hosts show the static view first), taken with [`Analysis::accept_program_run`].
    pub program_runs: ProgramRuns,
    /// The program runs traced to answer state questions, each with the predictions whose
    /// questions it answers ([`trace_state_questions`]).
    state_runs: BTreeMap<usize, Vec<u32>>,
    /// What the first to arrive of a program's two runs on its own input gave ([`RunOf::Repeat`]),
    /// until the other arrives.
    first_of_twice: HashMap<ProgramIdx, Option<String>>,
}

/// The runs of an analysis: the plan and one report per planned request.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Runs {
    pub plan: RunPlan,
    pub reports: Vec<RunReport>,
}

impl Runs {
    /// The run that judged prediction `i`, if one did.
    pub fn of_prediction(&self, i: usize) -> Option<&RunReport> {
        self.plan.of_prediction[i].map(|run| &self.reports[run as usize])
    }

    /// The verdict of the run that judged prediction `i`, if one did and could tell.
    pub fn verdict_of(&self, i: usize) -> Option<bool> {
        let run = self.plan.of_prediction[i]? as usize;
        self.reports[run].verdict(&self.plan.expected[run])
    }
}

/// How often (in items) progress is reported.
const PROGRESS_STEP: usize = 100;

/// The pipeline without running programs: predictions that need a run are judged as text.
pub fn analyze(files: Vec<InputFile>) -> Analysis {
    let mut runner = NoRunner::because("running programs was not asked for");
    analyze_with_progress(files, &ReadOptions::default(), &mut runner, &mut |_| {})
}

/// The whole pipeline in one thread: [`join`], [`extract`] every program, run what the verdicts
/// need with `runner`, [`Joined::finish`].
pub fn analyze_with_progress(
    files: Vec<InputFile>,
    options: &ReadOptions,
    runner: &mut dyn ProgramRunner,
    progress: &mut dyn FnMut(Progress),
) -> Analysis {
    let joined = join(files, options, progress);
    let sources = joined.sources(0..joined.program_count());
    let total = sources.len();
    let mut properties = Vec::with_capacity(total);
    // Every core parses (rayon; one thread in the browser, whose parse workers share the work):
    // a wave of programs at a time, progress between them. Within a wave rayon hands out programs
    // as cores free up (a chunk per core left one idle while the other parsed a chunk of long
    // programs: a third of the parsing on the ExeRScope fixture).
    let wave = PROGRESS_STEP * rayon::current_num_threads();
    for (done, group) in sources.chunks(wave).enumerate() {
        progress(Progress { phase: Phase::Parsing, done: done * wave, total });
        let parts: Vec<ProgramProperties> = group
            .par_iter()
            .with_min_len(4)
            .map_init(ProgramParser::new, |parser, source| extract_one(source, parser))
            .collect();
        properties.extend(parts);
    }
    let requests = &joined.runs.requests;
    let total = requests.len();
    progress(Progress { phase: Phase::Running, done: 0, total });
    let reports = runner.run(requests, &mut |done| progress(Progress { phase: Phase::Running, done, total }));
    joined.finish(properties, reports, progress)
}

/// Dropped files read and joined into a table, ready for its programs to be parsed. Parsing is
/// most of the cost, and each program is independent: the web app hands [`Joined::sources`] in
/// chunks to several workers running [`extract`], runs [`Joined::runs`] in Python workers, then
/// gives the properties (in program order) and the run reports back to [`Joined::finish`].
pub struct Joined {
    table: Table,
    errors: Vec<FileError>,
    /// The programs to run before judging (input predictions without stored verdicts, programs
    /// models wrote).
    pub runs: RunPlan,
    packed: Packed,
}

/// What parsing one program needs; crosses between web workers as JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProgramSource<'a> {
    #[serde(borrow)]
    pub code: Option<Cow<'a, str>>,
    pub language: Language,
}

/// Unpacks archives, reads every file with its format's reader (detected unless the options force
/// one) and joins predictions to programs.
pub fn join(files: Vec<InputFile>, options: &ReadOptions, progress: &mut dyn FnMut(Progress)) -> Joined {
    let mut errors = Vec::new();
    progress(Progress { phase: Phase::Reading, done: 0, total: files.len() });
    if files.is_empty() {
        errors.push(FileError::new("(drop)", "nothing to analyse: no files were given"));
    }
    let mut packed = Packed::default();
    let files = expand_archives(files, &mut packed, &mut errors);
    let mut builder = TableBuilder::default();
    read_all(&files, options, &mut builder, &mut errors);
    let unread = files.iter().filter(|file| file.unread).map(|file| file.path.clone()).collect();
    drop(files);
    let (mut table, problems) = builder.finish();
    table.unread = unread;
    report_unjoined(&table, &problems.unmatched, &mut errors);
    report_unparsed_languages(&table, &mut errors);
    errors.extend(problems.messages);
    let runs = plan_runs(&table);
    Joined { table, errors, runs, packed }
}

/// Parses each program once and extracts every property (programs without code get defaults).
pub fn extract(sources: &[ProgramSource<'_>], parser: &mut ProgramParser) -> Vec<ProgramProperties> {
    sources.iter().map(|source| extract_one(source, parser)).collect()
}

fn extract_one(source: &ProgramSource<'_>, parser: &mut ProgramParser) -> ProgramProperties {
    match &source.code {
        Some(code) => parser.extract(code, source.language).unwrap_or_default(),
        None => ProgramProperties::default(),
    }
}

impl Joined {
    pub fn program_count(&self) -> usize {
        self.table.programs.len()
    }

    pub fn sources(&self, programs: Range<usize>) -> Vec<ProgramSource<'_>> {
        sources(&self.table, programs)
    }

    /// Judges every prediction and assembles the facts but for what parsing gives (they are
    /// `parsing` until [`Analysis::accept_properties`]): a host shows the verdicts while it parses.
    /// `reports` holds one report per request of [`Joined::runs`].
    pub fn judge(self, reports: Vec<RunReport>, progress: &mut dyn FnMut(Progress)) -> Analysis {
        assert_eq!(reports.len(), self.runs.requests.len(), "one report per planned run");
        let Joined { mut table, mut errors, runs, packed } = self;
        let runs = Runs { plan: runs, reports };
        answer_code_tasks(&mut table, &runs);
        report_runs_not_made(&runs, &mut errors);
        report_no_calls(&table, &runs, &mut errors);
        let mut type_names = TypeNames::default();
        let programs = program_facts(&table, &mut type_names);
        let predictions = judge_all(&table, &runs, &mut type_names, progress);
        let divergences = crate::alignment::divergences(&table);
        let prose = crate::prose::prose_counts(&table);
        report_too_deep(&table, &mut errors);
        progress(Progress { phase: Phase::Done, done: predictions.len(), total: predictions.len() });
        let mut facts = Facts {
            benchmarks: table.benchmarks.clone(),
            models: table.models.clone(),
            programs,
            predictions: Arc::new(predictions),
            type_names: type_names.names,
            unmapped_tables: table.unmapped.clone(),
            sources: table.sources.clone(),
            errors,
            divergences,
            prose,
            near_duplicates: near_duplicates(&table),
            parsing: true,
        };
        let mut repeated = vec![false; facts.benchmarks.len()];
        facts.unanswered_benchmarks().into_iter().for_each(|b| repeated[b as usize] = true);
        let mut program_runs = plan_program_runs(&table, &repeated);
        let state_runs = trace_state_questions(&table, &mut program_runs);
        report_programs_not_run(&program_runs, &mut facts.errors);
        Analysis {
            table,
            facts,
            construct_lines: Vec::new(),
            runs,
            program_runs,
            state_runs,
            first_of_twice: HashMap::new(),
            packed,
        }
    }

    /// [`Joined::judge`], then [`Analysis::accept_properties`]: `properties` holds one entry per
    /// program, in table order.
    pub fn finish(
        self,
        properties: Vec<ProgramProperties>,
        reports: Vec<RunReport>,
        progress: &mut dyn FnMut(Progress),
    ) -> Analysis {
        let mut analysis = self.judge(reports, progress);
        analysis.accept_properties(properties);
        analysis
    }
}

/// What parsing programs `programs` of `table` needs.
fn sources(table: &Table, programs: Range<usize>) -> Vec<ProgramSource<'_>> {
    table.programs[programs]
        .iter()
        .map(|p| ProgramSource { code: p.code.as_deref().map(Cow::Borrowed), language: p.language })
        .collect()
}

impl Analysis {
    /// What parsing programs `programs` needs (after [`Joined::judge`]).
    pub fn sources(&self, programs: Range<usize>) -> Vec<ProgramSource<'_>> {
        sources(&self.table, programs)
    }

    /// Takes every program's parsed properties (`properties`, one per program in table order):
    /// the facts are whole. Returns what they took, for a host that shows them elsewhere.
    pub fn accept_properties(&mut self, properties: Vec<ProgramProperties>) -> Parsed {
        assert_eq!(properties.len(), self.table.programs.len(), "one set of properties per program");
        let (parsed, construct_lines) = parsed_programs(&self.table, properties);
        self.construct_lines = construct_lines;
        self.facts.set_parsed(parsed.clone());
        parsed
    }

    /// Runs every program on its own input with `runner` (in the order planned) and gives the
    /// facts their dynamic properties.
    pub fn run_programs(&mut self, runner: &mut dyn ProgramRunner, progress: &mut dyn FnMut(Progress)) {
        let total = self.program_runs.requests.len();
        progress(Progress { phase: Phase::Running, done: 0, total });
        let reports = runner
            .run(&self.program_runs.requests, &mut |done| progress(Progress { phase: Phase::Running, done, total }));
        let mut not_run: BTreeMap<String, usize> = BTreeMap::new();
        for (run, report) in reports.iter().enumerate() {
            if let RunOutcome::NotRun { reason } = &report.outcome {
                *not_run.entry(reason.clone()).or_default() += 1;
            }
            self.accept_program_run(run, report);
        }
        for (reason, count) in not_run {
            self.facts.errors.push(FileError::new(
                "(running programs)",
                format!(
                    "{count} run(s) of programs on their own inputs were not made ({reason}): no dynamic properties"
                ),
            ));
        }
    }

    /// Takes the report of program run `run` (hosts give them in any order): the dynamic
    /// properties of its program. Returns that program.
    pub fn accept_program_run(&mut self, run: usize, report: &RunReport) -> Option<usize> {
        let request = self.program_runs.requests.get(run)?;
        let index = self.program_runs.program[run] as usize;
        let (program, facts) = (&self.table.programs[index], &mut self.facts.programs[index]);
        let input = self.program_runs.input[run];
        match input {
            RunOf::Own => facts.dynamic = DynamicProperties::of_run(report, request, &program.expected),
            RunOf::Extra(k) => {
                facts.extra_runs[k as usize].run =
                    DynamicProperties::of_run(report, request, &program.extra_inputs[k as usize].expected)
            }
            RunOf::Repeat => {}
        }
        if input.extra().is_none() && self.program_runs.repeats(index as ProgramIdx) {
            let gave = gave(report, request);
            compare_twice(&mut self.first_of_twice, index as ProgramIdx, &mut self.facts.programs[index], input, gave);
        }
        if let Some(asking) = self.state_runs.get(&run) {
            let trace = Trace::build(report, &request.code);
            answer_state_questions(&mut self.table, &mut self.facts, asking, trace.as_ref());
        }
        Some(index)
    }

    /// The run of `program` on its own input (or on `input`, a call of its function: an input a
    /// model predicted), recording its trace.
    pub fn trace_request(&self, program: usize, input: Option<&str>) -> Result<RunRequest, String> {
        let run = self.program_runs.of(program as u32).ok_or_else(|| match self.table.programs.get(program) {
            Some(p) if p.language != Language::Python => {
                format!("a {} program: exerscope runs Python only", p.language.label())
            }
            Some(_) => "the program has no code to run".to_owned(),
            None => format!("no program #{program}"),
        })?;
        let mut request = self.program_runs.requests[run].clone();
        if let Some(input) = input {
            let entry = request.call.as_ref().map(|call| call.function.clone());
            let entry = entry.ok_or("the program reads its input from stdin: only its own input is traced")?;
            let call = read_call(input, Some(&entry), &mut python_parser())?;
            request.call = Some(call);
        }
        request.trace = true;
        Ok(request)
    }

    /// A program's dynamic properties and its extra inputs' (what the web app sends the page).
    pub fn dynamic_of(&self, program: usize) -> Option<DynamicChange> {
        let facts = self.facts.programs.get(program)?;
        Some((program as ProgramIdx, facts.dynamic.clone(), facts.extra_runs.clone()))
    }
}

/// Keeps in `first_of_twice` what one of `program`'s two runs on its own input (`input`) gave
/// until the other arrives; then tells its dynamic properties (`facts`) whether they gave the same.
fn compare_twice(
    first_of_twice: &mut HashMap<ProgramIdx, Option<String>>,
    program: ProgramIdx,
    facts: &mut ProgramFacts,
    input: RunOf,
    gave: Option<String>,
) {
    let Some(first) = first_of_twice.remove(&program) else {
        first_of_twice.insert(program, gave);
        return;
    };
    let (own, repeat) = if input == RunOf::Repeat { (first, gave) } else { (gave, first) };
    if let Some(dynamic) = &mut facts.dynamic {
        dynamic.repeated = Repeated::of(own.as_deref(), repeat.as_deref());
    }
}

/// Traces the program runs that answer state questions whose value the benchmark did not store
/// (REval's: what a variable held after a line). Returns, by run, the predictions asking.
fn trace_state_questions(table: &Table, runs: &mut ProgramRuns) -> BTreeMap<usize, Vec<u32>> {
    let mut asking: HashMap<(ProgramIdx, &str), Vec<u32>> = HashMap::new();
    for (i, run) in &table.prediction_runs {
        if let StoredRun::Question(TrueAnswer { variable: Some(_), expected: None, .. }) = run {
            let program = table.predictions.program[*i as usize];
            let input = table.predictions.input.get(*i as usize).unwrap_or_default();
            asking.entry((program, input)).or_default().push(*i);
        }
    }
    let mut traced = BTreeMap::new();
    for (run, request) in runs.requests.iter_mut().enumerate() {
        let program = runs.program[run];
        let inputs = &table.programs[program as usize];
        let input = runs.input[run].extra().map_or(&inputs.input, |k| &inputs.extra_inputs[k as usize].input);
        if let Some(predictions) = asking.remove(&(program, input.as_str())) {
            request.trace = true;
            traced.insert(run, predictions);
        }
    }
    traced
}

/// The state questions of `asking` answered from their run's trace, and their answers placed on
/// it again. A question on a line the recorded part of a cut trace did not reach stays unanswered.
fn answer_state_questions(table: &mut Table, facts: &mut Facts, asking: &[u32], trace: Option<&Trace>) {
    let Some(trace) = trace else { return };
    for &i in asking {
        let Ok(at) = table.prediction_runs.binary_search_by_key(&i, |(i, _)| *i) else { continue };
        let StoredRun::Question(truth) = &mut table.prediction_runs[at].1 else { continue };
        let Some(values) = truth.variable.as_deref().and_then(|v| trace.values_after(truth.line, v)) else { continue };
        if values.is_empty() && trace.cut {
            continue;
        }
        truth.expected = Some(TrueAnswer::observed(&values));
        let (Some(divergence), Ok(at)) = (
            crate::alignment::divergence(table, i as usize),
            facts.divergences.binary_search_by_key(&i, |d| d.prediction),
        ) else {
            continue;
        };
        facts.divergences[at] = divergence;
    }
}

/// Programs not run on their own input (Java) are told once per reason.
fn report_programs_not_run(runs: &ProgramRuns, errors: &mut Vec<FileError>) {
    for (reason, count) in &runs.not_run {
        errors.push(FileError::new(
            "(running programs)",
            format!("{count} program(s) are not run on their own input ({reason}): they have no dynamic properties"),
        ));
    }
}

/// A program a model wrote answers with what it returned when run.
fn answer_code_tasks(table: &mut Table, runs: &Runs) {
    let predictions = &mut table.predictions;
    if !predictions.task.contains(&Task::Code) {
        return;
    }
    let answers: Texts = (0..predictions.len())
        .map(|i| match (predictions.task[i], runs.of_prediction(i)) {
            (Task::Code, Some(report)) => Cow::Owned(report.answer()),
            _ => Cow::Borrowed(&predictions.answer[i]),
        })
        .collect();
    predictions.answer = answers;
}

/// Predictions whose run could not be made are judged as text instead: say so, once per reason.
fn report_runs_not_made(runs: &Runs, errors: &mut Vec<FileError>) {
    if runs.plan.not_runnable > 0 {
        errors.push(FileError::new(
            "(running programs)",
            format!(
                "{} prediction(s) need their program run but it is not Python (or has no code); exerscope runs \
                 Python only, so they are judged as text",
                runs.plan.not_runnable
            ),
        ));
    }
    let mut not_run: BTreeMap<&str, usize> = BTreeMap::new();
    for report in &runs.reports {
        if let RunOutcome::NotRun { reason } = &report.outcome {
            *not_run.entry(reason).or_default() += 1;
        }
    }
    for (reason, count) in not_run {
        errors.push(FileError::new(
            "(running programs)",
            format!(
                "{count} program run(s) needed for verdicts were not made ({reason}): those input predictions \
                 are judged as text against the dataset's input, and programs written by models count as wrong"
            ),
        ));
    }
}

/// Predictions that are no call of their program's function are judged as text: told once per
/// file, with the first one's reason (each one's is in the program view).
fn report_no_calls(table: &Table, runs: &Runs, errors: &mut Vec<FileError>) {
    let mut by_file: BTreeMap<&str, (usize, u32)> = BTreeMap::new();
    let runnable =
        runs.plan.not_run.iter().filter(|(&i, _)| {
            table.programs[table.predictions.program[i as usize] as usize].language == Language::Python
        });
    for (&i, _) in runnable {
        let entry = by_file.entry(&table.predictions.source_path[i as usize]).or_insert((0, i));
        entry.0 += 1;
        entry.1 = entry.1.min(i);
    }
    for (file, (count, first)) in by_file {
        let program = &table.programs[table.predictions.program[first as usize] as usize];
        errors.push(FileError::new(
            file,
            format!(
                "{count} prediction(s) are no call of their program's function, so they are not run: judged as text \
                 (the first, of {}: {})",
                program.id, runs.plan.not_run[&first]
            ),
        ));
    }
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

/// Every program's facts but what parsing gives (set by [`Facts::set_parsed`]).
fn program_facts(table: &Table, type_names: &mut TypeNames) -> Vec<ProgramFacts> {
    let program_facts = |program: &crate::table::Program| ProgramFacts {
        benchmark: program.benchmark,
        id: program.id.clone(),
        language: program.language,
        reference_constructs: Default::default(),
        constructs: Default::default(),
        metrics: None,
        lines: program.code.as_deref().filter(|_| !program.language.has_grammar()).map(non_blank_lines),
        attributes: program.about.attributes.clone(),
        asked_in: program.about.asked_in.clone(),
        syntax_error_line: None,
        output_type_reference: ReferenceType::of_text(&program.expected),
        output_type: type_names.id(exerscope_type(&program.expected, program.language)),
        output_length: value_length(&program.expected),
        input_length: Some(program.input.trim().chars().count() as u32).filter(|&n| n > 0),
        dynamic: None,
        extra_runs: program.extra_inputs.iter().map(|e| ExtraRun { id: e.id.clone(), run: None }).collect(),
    };
    table.programs.iter().map(program_facts).collect()
}

/// The programs of `table` whose code is nearly the same.
pub fn near_duplicates(table: &Table) -> NearDuplicates {
    let compared: Vec<Compared<'_>> = table
        .programs
        .iter()
        .map(|p| Compared { code: p.code.as_deref(), language: p.language.name(), benchmark: p.benchmark, id: &p.id })
        .collect();
    crate::stats::near_duplicates::near_duplicates(&compared)
}

fn non_blank_lines(code: &str) -> u32 {
    code.lines().filter(|line| !line.trim().is_empty()).count() as u32
}

/// What parsing gave each program, for its facts (syntax errors told), and where its constructs are.
fn parsed_programs(table: &Table, properties: Vec<ProgramProperties>) -> (Parsed, Vec<Vec<ConstructLine>>) {
    let mut parsed = Parsed { programs: Vec::with_capacity(properties.len()), errors: Vec::new() };
    let mut lines = Vec::with_capacity(properties.len());
    let mut unparsed: BTreeMap<Language, (usize, &str)> = BTreeMap::new();
    for (program, properties) in table.programs.iter().zip(properties) {
        lines.push(properties.construct_lines);
        let measured = program.code.is_some() && program.language.has_grammar();
        if measured && !properties.parsed {
            unparsed.entry(program.language).or_insert((0, &program.source_path)).0 += 1;
        }
        if let Some(line) = properties.syntax_error_line {
            parsed.errors.push(FileError::at_line(
                &program.source_path,
                line,
                "syntax error (tree-sitter recovered; the program's properties may be incomplete)",
            ));
        }
        parsed.programs.push(ParsedProgram {
            reference_constructs: properties.reference_constructs,
            constructs: properties.constructs,
            metrics: (measured && properties.parsed).then_some(properties.metrics),
            syntax_error_line: properties.syntax_error_line,
        });
    }
    for (language, (count, example)) in unparsed {
        let label = language.label();
        parsed.errors.push(FileError::new(
            example,
            format!(
                "{count} program(s) in {label} were not parsed: this build of exerscope has no grammar for {label} \
                 (the command line and the web app have every grammar), so they have no constructs or complexity"
            ),
        ));
    }
    (parsed, lines)
}

fn judge_all(
    table: &Table,
    runs: &Runs,
    type_names: &mut TypeNames,
    progress: &mut dyn FnMut(Progress),
) -> PredictionFacts {
    let predictions = &table.predictions;
    let total = predictions.len();
    // A judge's verdict depends on the program, the task and the answer only, and many models give
    // the same answer (a right one above all): each distinct answer is judged and typed once
    // (1,000,000 predictions of 10,000 programs: the whole analysis 16 s -> 10.5 s), on every core.
    let mut judged: Distinct<(ProgramIdx, Task, &str)> = Distinct::default();
    let mut typed: Distinct<(Language, &str)> = Distinct::default();
    let mut verdict_of: Vec<Verdicts> = Vec::with_capacity(total);
    let mut type_of: Vec<u32> = Vec::with_capacity(total);
    for i in 0..total {
        if i % (PROGRESS_STEP * 10) == 0 {
            progress(Progress { phase: Phase::Judging, done: i, total });
        }
        let (index, task, answer) = (predictions.program[i], predictions.task[i], &predictions.answer[i]);
        verdict_of.push(match predictions.stored_verdict[i].or_else(|| runs.verdict_of(i)) {
            Some(fixed) => Verdicts::Fixed(fixed),
            None => Verdicts::Judged(judged.slot((index, task, answer))),
        });
        type_of.push(typed.slot((table.programs[index as usize].language, answer)));
    }
    let judgements: Vec<PerJudge<bool>> = judged
        .keys
        .par_iter()
        .map(|&(index, task, answer)| {
            let program = &table.programs[index as usize];
            let truth = if task == Task::Input { &program.input } else { &program.expected };
            Judge::ALL.map(|judge| judge.is_correct(answer, truth, program.language))
        })
        .collect();
    let types: Vec<(ReferenceType, String)> = typed
        .keys
        .par_iter()
        .map(|&(language, answer)| (ReferenceType::of_text(answer), exerscope_type(answer, language)))
        .collect();
    // Named in the order first met, as one after the other would.
    let types: Vec<(ReferenceType, TypeId)> =
        types.into_iter().map(|(reference, name)| (reference, type_names.id(name))).collect();
    let verdict = Judge::ALL.map(|judge| {
        let of = |verdicts: &Verdicts| match *verdicts {
            Verdicts::Fixed(fixed) => fixed,
            Verdicts::Judged(slot) => judgements[slot as usize][judge.index()],
        };
        verdict_of.iter().map(of).collect()
    });
    PredictionFacts {
        model: predictions.model.clone(),
        program: predictions.program.clone(),
        task: predictions.task.clone(),
        verdict,
        answer_type_reference: type_of.iter().map(|&slot| types[slot as usize].0).collect(),
        answer_type: type_of.iter().map(|&slot| types[slot as usize].1).collect(),
        present: Default::default(),
    }
}

/// A prediction's verdicts: fixed (stored with it, or its run's), or those of a distinct answer.
enum Verdicts {
    Fixed(bool),
    Judged(u32),
}

/// Distinct keys in the order first met, each numbered by its place.
struct Distinct<K> {
    keys: Vec<K>,
    slot_of: HashMap<K, u32>,
}

impl<K> Default for Distinct<K> {
    fn default() -> Self {
        Distinct { keys: Vec::new(), slot_of: HashMap::new() }
    }
}

impl<K: Copy + Eq + std::hash::Hash> Distinct<K> {
    fn slot(&mut self, key: K) -> u32 {
        *self.slot_of.entry(key).or_insert_with(|| {
            self.keys.push(key);
            (self.keys.len() - 1) as u32
        })
    }
}

/// Answers and expected outputs nested deeper than Python allows are no values: the value judge
/// compares them as text. Told once per file.
fn report_too_deep(table: &Table, errors: &mut Vec<FileError>) {
    let mut by_file: BTreeMap<&str, usize> = BTreeMap::new();
    let predictions = &table.predictions;
    for i in 0..predictions.len() {
        if crate::pyliteral::nests_too_deep(&predictions.answer[i]) {
            *by_file.entry(&predictions.source_path[i]).or_default() += 1;
        }
    }
    for program in &table.programs {
        if crate::pyliteral::nests_too_deep(&program.expected) {
            *by_file.entry(&program.source_path).or_default() += 1;
        }
    }
    for (file, count) in by_file {
        errors.push(FileError::new(
            file,
            format!(
                "{count} answer(s) or expected output(s) nest brackets deeper than Python allows ({}): the value \
                 judge compares them as text",
                crate::pyliteral::MAX_DEPTH
            ),
        ));
    }
}

/// Predictions without programs, and benchmarks nobody predicted, are told to the user.
/// Programs in a language exerscope has no grammar for: said once per language.
fn report_unparsed_languages(table: &Table, errors: &mut Vec<FileError>) {
    let mut counts: BTreeMap<Language, (usize, &str)> = BTreeMap::new();
    for program in table.programs.iter().filter(|p| p.code.is_some() && !p.language.has_grammar()) {
        counts.entry(program.language).or_insert((0, &program.source_path)).0 += 1;
    }
    for (language, (count, example)) in counts {
        let label = language.label();
        let why = language.why_no_grammar().unwrap_or_default();
        errors.push(FileError::new(
            example,
            format!(
                "{count} program(s) in {label}: exerscope does not parse {label} ({why}), so they are judged and \
                 measured by their lines of code (non-blank lines), without constructs or complexity"
            ),
        ));
    }
}

fn report_unjoined(table: &Table, unmatched: &[Unmatched], errors: &mut Vec<FileError>) {
    for u in unmatched {
        errors.push(FileError::new(
            &u.example_path,
            format!(
                "{} prediction(s) of model {} for benchmark {} have no program in the dropped datasets \
                 (drop the dataset folder too); not analysed. Ids: {}{}",
                u.count,
                u.model,
                u.benchmark,
                u.example_ids.join(", "),
                if u.more_ids { ", …" } else { "" }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{Part, ReportScope};

    fn files() -> Vec<InputFile> {
        let mut files = Vec::new();
        for (id, code, expected) in
            [("p1", "def f(x):\n    return [x]\n", "[1]"), ("p2", "def f(x:\n", "1"), ("p3", "", "2")]
        {
            files.push(InputFile::new(format!("dataset/b/{id}/main.py"), code));
            files.push(InputFile::new(format!("dataset/b/{id}/input.txt"), "f(1)"));
            files.push(InputFile::new(format!("dataset/b/{id}/output.txt"), expected));
            files.push(InputFile::new(format!("ER/m/b/{id}/predict.txt"), "\n[1]\n"));
        }
        files
    }

    #[test]
    fn parsing_in_chunks_out_of_order_gives_the_same_facts_as_one_pass() {
        let whole = analyze(files()).facts;
        let joined = join(files(), &ReadOptions::default(), &mut |_| {});
        let count = joined.program_count();
        assert_eq!(count, 3);
        let mut properties = vec![None; count];
        for range in [2..3, 0..2] {
            let json = serde_json::to_string(&joined.sources(range.clone())).unwrap();
            let sources: Vec<ProgramSource<'_>> = serde_json::from_str(&json).unwrap();
            for (slot, p) in properties[range].iter_mut().zip(extract(&sources, &mut ProgramParser::new())) {
                *slot = Some(p);
            }
        }
        let chunked = joined.finish(properties.into_iter().map(Option::unwrap).collect(), vec![], &mut |_| {}).facts;
        assert_eq!(chunked, whole);
        assert!(whole.errors.iter().any(|e| e.line == Some(1)), "the syntax error is reported: {:?}", whole.errors);
    }

    #[test]
    fn facts_judged_before_parsing_are_whole_once_the_properties_come() {
        let whole = analyze(files()).facts;
        let joined = join(files(), &ReadOptions::default(), &mut |_| {});
        let properties = extract(&joined.sources(0..joined.program_count()), &mut ProgramParser::new());
        let mut analysis = joined.judge(vec![], &mut |_| {});
        assert!(analysis.facts.parsing);
        assert_eq!(analysis.facts.predictions, whole.predictions, "the verdicts need no parsing");
        assert!(analysis.facts.programs.iter().all(|p| p.metrics.is_none() && p.constructs == Default::default()));
        let scope = ReportScope {
            task: None,
            hidden: Default::default(),
            judge: Judge::Reference,
            rho_intervals: None,
            parts: Part::every(),
            property: None,
            compared: None,
            pair: None,
        };
        let waiting = scope.report(&analysis.facts);
        assert_eq!(waiting.scope.parts, [Part::Types, Part::Agreements, Part::Divergences].into_iter().collect());
        assert!(!waiting.scope.covers(&scope), "the asker waits for the parsed report");
        assert!(waiting.report.constructs.is_empty() && waiting.report.correlations.is_empty());
        let parsed = analysis.accept_properties(properties);
        assert_eq!(parsed.errors.len(), 1, "the syntax error is told once parsed: {:?}", parsed.errors);
        assert_eq!(analysis.facts, whole);
        assert_eq!(scope.report(&analysis.facts), scope.report(&whole));
    }

    /// A report of a call that returned a list of `number` (its repr).
    fn returned(number: &str) -> RunReport {
        use crate::execution::RunValue;
        let (value, result) = (format!("[{number}]"), RunValue::List(vec![RunValue::Int(number.into())]));
        RunReport::ended(RunOutcome::Returned { value, result, expected_value: None, expected_error: None })
    }

    #[test]
    fn programs_no_model_answered_run_twice_and_tell_when_the_second_run_gave_something_else() {
        let answered = join(files(), &ReadOptions::default(), &mut |_| {}).judge(vec![], &mut |_| {});
        assert!(answered.program_runs.input.iter().all(|&input| input == RunOf::Own), "answered programs run once");
        let unanswered: Vec<InputFile> = files().into_iter().filter(|f| !f.path.starts_with("ER/")).collect();
        let mut analysis = join(unanswered, &ReadOptions::default(), &mut |_| {}).judge(vec![], &mut |_| {});
        // p1 runs (p2 and p3 are runs too: a syntax error and an empty program raise when run).
        let runs = &analysis.program_runs;
        assert_eq!((&runs.program[..2], &runs.input[..2]), (&[0, 0][..], &[RunOf::Own, RunOf::Repeat][..]));
        assert!(runs.requests[1].repeat && !runs.requests[0].repeat, "a kept run is not taken for the second");
        assert!(runs.repeats(0));
        let object = |address: &str| {
            let value = format!("<__main__.A object at {address}>");
            let result = crate::execution::RunValue::Str(value.clone());
            RunReport::ended(RunOutcome::Returned { value, result, expected_value: None, expected_error: None })
        };
        // The second run comes first; the two differ only in where the object lies: the same.
        analysis.accept_program_run(1, &object("0x7f3a52"));
        analysis.accept_program_run(0, &object("0x7f3b00"));
        let run = analysis.facts.programs[0].dynamic.clone().unwrap();
        assert_eq!(run.repeated, Some(Repeated::Same));
        let unexpected = crate::dynamic::unexpected_runs(&analysis.facts);
        let p1 = unexpected.iter().find(|r| r.program == "p1").expect("an object is not the expected [1]");
        assert_eq!(p1.second_run_gave, None);
        // Then runs that differ, the first first.
        analysis.accept_program_run(0, &returned("1"));
        analysis.accept_program_run(1, &returned("2"));
        let run = analysis.facts.programs[0].dynamic.clone().unwrap();
        assert_eq!((run.returns_expected, run.repeated), (Some(true), Some(Repeated::Differed { got: "[2]".into() })));
        let unexpected = crate::dynamic::unexpected_runs(&analysis.facts);
        let p1 = unexpected.iter().find(|r| r.program == "p1").expect("a run that changed is unexpected");
        assert_eq!((p1.got.as_deref(), p1.second_run_gave.as_deref()), (None, Some("[2]")));
        let profile = crate::stats::profile::benchmark_profile("b", &[&analysis.facts.programs[0]]);
        assert_eq!((profile.repeated, profile.differed_when_repeated, profile.unexpected_runs), (1, 1, 0));
    }
}
