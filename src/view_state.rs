//! The view in the URL's fragment (`#section=constructs&judge=value&drill.model=…`), so that a link
//! opens the same view, back/forward move between views, and no server ever sees it (a fragment is
//! never sent). Only settings that differ from the defaults are written; names, never indices or
//! file contents. A fragment is read leniently: what is not understood is ignored and told.
//! `data=<url>` (repeatable) names public result files the loader page (load.html) downloads
//! after the user agrees; the app page itself never fetches them.

use exerscope_core::drilldown::{AgreementCell, OutputType, ProgramAttribute, Selection};
use exerscope_core::flavors::{AnyConstruct, Flavor};
use exerscope_core::numeric::NumericProperty;
use exerscope_core::stats::comparison::model_pair;
use exerscope_core::stats::slices::Predicate;
use exerscope_core::table::Task;
use exerscope_core::{Facts, Judge};

/// Declares the sections once: the enum, [`Section::ALL`], and each one's fragment name and label.
macro_rules! sections {
    ($($section:ident => $name:literal, $label:literal;)+) => {
        /// A part of the report, reached from the navigation.
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub enum Section {
            #[default]
            $($section,)+
        }

        impl Section {
            pub const ALL: &[Section] = &[$(Section::$section),+];

            pub fn name(self) -> &'static str {
                match self { $(Section::$section => $name,)+ }
            }

            pub fn label(self) -> &'static str {
                match self { $(Section::$section => $label,)+ }
            }
        }
    };
}

sections! {
    Overview => "overview", "Overview";
    Constructs => "constructs", "Constructs";
    Properties => "properties", "Properties";
    Types => "types", "Types";
    Models => "models", "Models";
    Reasoning => "reasoning", "Reasoning";
    Programs => "programs", "Programs";
    Sources => "sources", "Sources";
    Exports => "exports", "Export";
}

impl Section {
    fn from_name(name: &str) -> Option<Section> {
        Section::ALL.iter().copied().find(|s| s.name() == name)
    }

    /// Built, and drawn for new data, even while hidden: the overview, the page's first table
    /// (a drop's numbers are there whichever view a link opens). The others are built when first
    /// chosen, and drawn while shown.
    pub fn eager(self) -> bool {
        self == Section::Overview
    }

    /// What the section cannot show for a drop of programs without any model's answers (a
    /// benchmark being designed), in one line; `None` where it shows as much as ever.
    pub fn without_predictions(self) -> Option<&'static str> {
        let line = match self {
            Section::Overview => "No model's predictions were dropped: success per model and benchmark needs them.",
            Section::Constructs => "No model's predictions were dropped: success per construct needs them.",
            Section::Properties => "No model's predictions were dropped: success by property needs them.",
            Section::Types => "No model's predictions were dropped: success per output type needs them.",
            Section::Models => {
                "No model's predictions were dropped: comparisons, slices and predicted success need them; drop \
                 results of other benchmarks beside these programs to see each one's expected success here."
            }
            Section::Exports => {
                "No model's predictions were dropped: the tables of success are empty; the programs' profile \
                 (profile_…, near_duplicates, unexpected_runs) and its figures are here, and the program table \
                 (Programs) exports every program with its properties as CSV."
            }
            Section::Reasoning | Section::Programs | Section::Sources => return None,
        };
        Some(line)
    }
}

/// Everything a link restores.
#[derive(Clone, Debug, PartialEq)]
pub struct ViewState {
    /// Links of the data shown (`#data=`), kept in the link so that it can be shared.
    pub data: Vec<String>,
    pub section: Section,
    pub judge: Judge,
    pub flavor: Flavor,
    /// `None`: the first task of the data.
    pub task: Option<Task>,
    pub property: NumericProperty,
    /// The benchmark of the property charts (`None`: all pooled).
    pub property_benchmark: Option<String>,
    /// The benchmark of the construct bars (`None`: the first predicted).
    pub construct_benchmark: Option<String>,
    /// The benchmark of the model comparison (`None`: all pooled).
    pub comparison_benchmark: Option<String>,
    /// Two models side by side (`compare=A,B`).
    pub compare: Option<(String, String)>,
    pub drill: Option<Drill>,
    pub program: Option<ProgramKey>,
    /// The models shown when some are hidden (empty: all).
    pub models: Vec<String>,
}

impl Default for ViewState {
    fn default() -> Self {
        ViewState {
            data: Vec::new(),
            section: Section::Overview,
            judge: Judge::Reference,
            flavor: Flavor::Exerscope,
            task: None,
            property: NumericProperty::MccabeSum,
            property_benchmark: None,
            construct_benchmark: None,
            comparison_benchmark: None,
            compare: None,
            drill: None,
            program: None,
            models: Vec::new(),
        }
    }
}

/// A drill-down [`Selection`] by names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drill {
    pub model: Option<String>,
    pub benchmark: Option<String>,
    pub construct: Option<AnyConstruct>,
    pub agreement: Option<Agreement>,
    pub output_type: Option<OutputType>,
    pub attribute: Option<ProgramAttribute>,
    /// A slice's predicates.
    pub predicates: Vec<Predicate>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Agreement {
    pub model_a: String,
    pub model_b: String,
    pub a_right: bool,
    pub b_right: bool,
}

/// A program by benchmark and id.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramKey {
    pub benchmark: String,
    pub id: String,
}

/// Longer fragments are not read: no view needs them.
const MAX_FRAGMENT: usize = 4096;

impl ViewState {
    /// `key=value&…` without the `#`; empty for the default view.
    pub fn to_fragment(&self) -> String {
        let default = ViewState::default();
        let mut out = form_urlencoded::Serializer::new(String::new());
        let mut put = |key: &str, value: &str| {
            out.append_pair(key, value);
        };
        for link in &self.data {
            put("data", link);
        }
        if self.section != default.section {
            put("section", self.section.name());
        }
        if self.judge != default.judge {
            put("judge", self.judge.name());
        }
        if self.flavor != default.flavor {
            put("flavor", self.flavor.name());
        }
        if let Some(task) = self.task {
            put("task", task.name());
        }
        if self.property != default.property {
            put("property", self.property.name());
        }
        if let Some(benchmark) = &self.property_benchmark {
            put("property.benchmark", benchmark);
        }
        if let Some(benchmark) = &self.construct_benchmark {
            put("constructs.benchmark", benchmark);
        }
        if let Some(benchmark) = &self.comparison_benchmark {
            put("models.benchmark", benchmark);
        }
        if let Some((a, b)) = &self.compare {
            put("compare", &format!("{a},{b}"));
        }
        if let Some(drill) = &self.drill {
            if let Some(model) = &drill.model {
                put("drill.model", model);
            }
            if let Some(benchmark) = &drill.benchmark {
                put("drill.benchmark", benchmark);
            }
            if let Some(construct) = drill.construct {
                put("drill.construct", &format!("{}:{}", construct.flavor().name(), construct.name()));
            }
            if let Some(agreement) = &drill.agreement {
                put("drill.a", &agreement.model_a);
                put("drill.b", &agreement.model_b);
                let verdict = |right| if right { "right" } else { "wrong" };
                put("drill.cell", &format!("{}-{}", verdict(agreement.a_right), verdict(agreement.b_right)));
            }
            if let Some(attribute) = &drill.attribute {
                put("drill.attribute", &format!("{}:{}", attribute.name, attribute.value));
            }
            if let Some(output_type) = &drill.output_type {
                put("drill.type", &format!("{}:{}", output_type.flavor.name(), output_type.name));
            }
            for predicate in &drill.predicates {
                put("drill.slice", &predicate.to_link());
            }
        }
        if let Some(program) = &self.program {
            put("program.benchmark", &program.benchmark);
            put("program.id", &program.id);
        }
        for model in &self.models {
            put("model", model);
        }
        out.finish()
    }

    /// What a link opened without its data points to, and what to drop to see it: `None` for the
    /// first view of any drop (the link asks for nothing in particular).
    pub fn awaited(&self) -> Option<String> {
        if (ViewState { data: Vec::new(), ..self.clone() }).to_fragment().is_empty() {
            return None;
        }
        let drill = self.drill.iter();
        let benchmarks = names(
            [&self.construct_benchmark, &self.property_benchmark, &self.comparison_benchmark]
                .into_iter()
                .flatten()
                .chain(drill.clone().filter_map(|d| d.benchmark.as_ref()))
                .chain(self.program.iter().map(|p| &p.benchmark)),
            "benchmarks",
        );
        let models = names(
            self.models
                .iter()
                .chain(self.compare.iter().flat_map(|(a, b)| [a, b]))
                .chain(drill.clone().filter_map(|d| d.model.as_ref()))
                .chain(drill.filter_map(|d| d.agreement.as_ref()).flat_map(|a| [&a.model_a, &a.model_b])),
            "models",
        );
        let mut view = format!("the {} view", self.section.label());
        if let Some(program) = &self.program {
            view += &format!(" on the program {} of {}", shown(&program.id), shown(&program.benchmark));
        }
        let what = match (benchmarks.as_str(), models.as_str()) {
            ("", "") => "the results it was made from".to_owned(),
            (benchmarks, "") => format!("the results it was made from ({benchmarks})"),
            ("", models) => format!("the answers of {models} it was made from"),
            (benchmarks, models) => format!("the answers of {models} on {benchmarks} it was made from"),
        };
        Some(format!("This link opens {view}, but its data is not in this browser: drop {what}, and the view opens."))
    }

    /// The view a fragment describes (with or without its `#`), and what in it was ignored.
    pub fn from_fragment(fragment: &str) -> (ViewState, Vec<String>) {
        let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
        let mut state = ViewState::default();
        let mut notes = Vec::new();
        if fragment.len() > MAX_FRAGMENT {
            notes.push(format!("The link's view ({} characters) is too long to be one; ignored.", fragment.len()));
            return (state, notes);
        }
        let mut drill = Drill::default();
        let (mut agreement_models, mut cell) = ([None, None], None);
        let mut program = [None, None];
        for (key, value) in form_urlencoded::parse(fragment.as_bytes()) {
            let understood = match &*key {
                "data" => {
                    state.data.push(value.to_string());
                    true
                }
                "model" => {
                    state.models.push(value.to_string());
                    true
                }
                "section" => Section::from_name(&value).map(|s| state.section = s).is_some(),
                "judge" => Judge::from_name(&value).map(|j| state.judge = j).is_some(),
                "flavor" => flavor_named(&value).map(|f| state.flavor = f).is_some(),
                "task" => Task::ALL.into_iter().find(|t| t.name() == value).map(|t| state.task = Some(t)).is_some(),
                "property" => NumericProperty::from_name(&value).map(|p| state.property = p).is_some(),
                "property.benchmark" => set(&mut state.property_benchmark, &value),
                "constructs.benchmark" => set(&mut state.construct_benchmark, &value),
                "models.benchmark" => set(&mut state.comparison_benchmark, &value),
                "compare" => model_pair(&value).map(|pair| state.compare = Some(pair)).is_some(),
                "drill.model" => set(&mut drill.model, &value),
                "drill.benchmark" => set(&mut drill.benchmark, &value),
                "drill.construct" => construct_named(&value).map(|c| drill.construct = Some(c)).is_some(),
                "drill.a" => set(&mut agreement_models[0], &value),
                "drill.b" => set(&mut agreement_models[1], &value),
                "drill.cell" => cell_named(&value).map(|c| cell = Some(c)).is_some(),
                "drill.type" => output_type_named(&value).map(|t| drill.output_type = Some(t)).is_some(),
                "drill.attribute" => attribute_named(&value).map(|a| drill.attribute = Some(a)).is_some(),
                "drill.slice" => Predicate::from_link(&value).map(|p| drill.predicates.push(p)).is_some(),
                "program.benchmark" => set(&mut program[0], &value),
                "program.id" => set(&mut program[1], &value),
                _ => {
                    notes.push(format!("The link's “{}” is not a view setting; ignored.", shown(&key)));
                    continue;
                }
            };
            if !understood {
                notes.push(format!("The link's {}=“{}” is not understood; ignored.", shown(&key), shown(&value)));
            }
        }
        if let ([Some(model_a), Some(model_b)], Some((a_right, b_right))) = (agreement_models, cell) {
            drill.agreement = Some(Agreement { model_a, model_b, a_right, b_right });
        }
        if drill != Drill::default() {
            state.drill = Some(drill);
        }
        if let [Some(benchmark), Some(id)] = program {
            state.program = Some(ProgramKey { benchmark, id });
        }
        (state, notes)
    }
}

fn set(slot: &mut Option<String>, value: &str) -> bool {
    *slot = Some(value.to_owned());
    true
}

fn flavor_named(name: &str) -> Option<Flavor> {
    [Flavor::Reference, Flavor::Exerscope].into_iter().find(|f| f.name() == name)
}

/// `reference:nested`, `exerscope:nested_loop`.
fn construct_named(value: &str) -> Option<AnyConstruct> {
    let (flavor, name) = value.split_once(':')?;
    flavor_named(flavor)?.constructs().into_iter().find(|c| c.name() == name)
}

/// `exerscope:list of int`, `reference:dictionary`: a type by its flavor's name for it.
fn output_type_named(value: &str) -> Option<OutputType> {
    let (flavor, name) = value.split_once(':')?;
    Some(OutputType { flavor: flavor_named(flavor)?, name: name.to_owned() }).filter(|t| !t.name.is_empty())
}

/// `difficulty:easy`: a group of programs by its attribute and value.
fn attribute_named(value: &str) -> Option<ProgramAttribute> {
    let (name, value) = value.split_once(':')?;
    (!name.is_empty() && !value.is_empty()).then(|| ProgramAttribute { name: name.to_owned(), value: value.to_owned() })
}

/// `right-wrong`: model A right, model B wrong.
fn cell_named(value: &str) -> Option<(bool, bool)> {
    let verdict = |v| match v {
        "right" => Some(true),
        "wrong" => Some(false),
        _ => None,
    };
    let (a, b) = value.split_once('-')?;
    Some((verdict(a)?, verdict(b)?))
}

/// Names as a sentence lists them, each once: "A, B and C"; past four, "7 models (A, B, C, D, …)".
fn names<'a>(all: impl Iterator<Item = &'a String>, noun: &str) -> String {
    let mut unique: Vec<String> = Vec::new();
    for name in all.map(|n| shown(n)) {
        if !unique.contains(&name) {
            unique.push(name);
        }
    }
    match unique.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [first @ .., last] if unique.len() <= 4 => format!("{} and {last}", first.join(", ")),
        _ => format!("{} {noun} ({}, …)", unique.len(), unique[..4].join(", ")),
    }
}

/// A piece of a link as a message shows it: short, on one line.
fn shown(text: &str) -> String {
    let one_line: String = text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    if one_line.chars().count() > 60 {
        one_line.chars().take(60).chain("…".chars()).collect()
    } else {
        one_line
    }
}

impl Drill {
    /// A selection by names.
    pub fn of(selection: &Selection, facts: &Facts) -> Drill {
        let model = |i: u32| facts.models.get(i as usize).cloned();
        Drill {
            model: selection.model.and_then(model),
            benchmark: selection.benchmark.and_then(|b| facts.benchmarks.get(b as usize).cloned()),
            construct: selection.construct,
            output_type: selection.output_type.clone(),
            attribute: selection.attribute.clone(),
            predicates: selection.predicates.clone(),
            agreement: selection.agreement.and_then(|cell| {
                Some(Agreement {
                    model_a: model(cell.model_a)?,
                    model_b: model(cell.model_b)?,
                    a_right: cell.a_right,
                    b_right: cell.b_right,
                })
            }),
        }
    }

    /// The selection in these facts; `None` when a name is not in them.
    pub fn selection(&self, facts: &Facts) -> Option<Selection> {
        let model = |name: &Option<String>| match name {
            Some(name) => facts.model_index(name).map(Some),
            None => Some(None),
        };
        let agreement = match &self.agreement {
            Some(a) => Some(AgreementCell {
                model_a: facts.model_index(&a.model_a)?,
                model_b: facts.model_index(&a.model_b)?,
                a_right: a.a_right,
                b_right: a.b_right,
            }),
            None => None,
        };
        let benchmark = match &self.benchmark {
            Some(name) => Some(facts.benchmark_index(name)?),
            None => None,
        };
        Some(Selection {
            model: model(&self.model)?,
            benchmark,
            construct: self.construct,
            agreement,
            output_type: self.output_type.clone(),
            attribute: self.attribute.clone(),
            predicates: self.predicates.clone(),
        })
    }
}

impl ProgramKey {
    pub fn of(facts: &Facts, index: u32) -> Option<ProgramKey> {
        let program = facts.programs.get(index as usize)?;
        Some(ProgramKey {
            benchmark: facts.benchmarks.get(program.benchmark as usize)?.clone(),
            id: program.id.clone(),
        })
    }

    /// The program's index in these facts.
    pub fn index(&self, facts: &Facts) -> Option<u32> {
        let benchmark = facts.benchmark_index(&self.benchmark)?;
        facts.programs.iter().position(|p| p.benchmark == benchmark && p.id == self.id).map(|i| i as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::extractors::{Construct, ReferenceConstruct};

    fn every_field() -> ViewState {
        ViewState {
            data: vec![
                "https://zenodo.org/records/1/files/results.zip?download=1".to_owned(),
                "https://x.y/a b".to_owned(),
            ],
            section: Section::Programs,
            judge: Judge::Value,
            flavor: Flavor::Reference,
            task: Some(Task::Input),
            property: NumericProperty::Loc,
            property_benchmark: Some("cruxeval".to_owned()),
            construct_benchmark: Some("Human Eval & co=1".to_owned()),
            comparison_benchmark: Some("avatar".to_owned()),
            compare: Some(("org/model #1".to_owned(), "gpt-4 & co".to_owned())),
            drill: Some(Drill {
                model: Some("org/model #1".to_owned()),
                benchmark: Some("cruxeval".to_owned()),
                construct: Some(AnyConstruct::Reference(ReferenceConstruct::Nested)),
                agreement: Some(Agreement {
                    model_a: "a".to_owned(),
                    model_b: "b&c".to_owned(),
                    a_right: true,
                    b_right: false,
                }),
                output_type: Some(OutputType { flavor: Flavor::Exerscope, name: "list of tuple: a&b".to_owned() }),
                attribute: Some(ProgramAttribute { name: "source".to_owned(), value: "Swe:bench & co".to_owned() }),
                predicates: vec![
                    Predicate::Construct { construct: Construct::NestedLoop },
                    Predicate::Above { property: NumericProperty::LoopLength, threshold: 10.0 },
                    Predicate::Benchmark { benchmark: "Human Eval & co=1".to_owned() },
                ],
            }),
            program: Some(ProgramKey { benchmark: "cruxeval".to_owned(), id: "sample_12".to_owned() }),
            models: vec!["gpt-4".to_owned(), "org/model #1".to_owned()],
        }
    }

    #[test]
    fn every_field_survives_the_round_trip() {
        let state = every_field();
        let fragment = state.to_fragment();
        assert_eq!(ViewState::from_fragment(&format!("#{fragment}")), (state, Vec::new()));
        let exerscope = Drill { construct: Some(AnyConstruct::Exerscope(Construct::ALL[0])), ..Drill::default() };
        let state = ViewState { drill: Some(exerscope), ..ViewState::default() };
        assert_eq!(ViewState::from_fragment(&state.to_fragment()).0, state);
    }

    #[test]
    fn a_link_without_its_data_says_what_to_drop() {
        assert_eq!(ViewState::default().awaited(), None);
        // Data links alone go to the loader: nothing is awaited here.
        assert_eq!(ViewState { data: every_field().data, ..ViewState::default() }.awaited(), None);
        let program = ViewState {
            section: Section::Programs,
            program: Some(ProgramKey { benchmark: "cruxeval".to_owned(), id: "sample_150".to_owned() }),
            ..ViewState::default()
        };
        assert_eq!(
            program.awaited().as_deref(),
            Some(
                "This link opens the Programs view on the program sample_150 of cruxeval, but its data is not in \
                  this browser: drop the results it was made from (cruxeval), and the view opens."
            )
        );
        // Every benchmark and model the link names, each once.
        assert_eq!(
            every_field().awaited().as_deref(),
            Some(
                "This link opens the Programs view on the program sample_12 of cruxeval, but its data is not in \
                  this browser: drop the answers of 5 models (gpt-4, org/model #1, gpt-4 & co, a, …) on Human \
                  Eval & co=1, cruxeval and avatar it was made from, and the view opens."
            )
        );
        let judged = ViewState { judge: Judge::Value, ..ViewState::default() };
        assert!(judged
            .awaited()
            .is_some_and(|said| said.contains("the Overview view") && said.contains("drop the results it")));
    }

    #[test]
    fn the_default_view_is_an_empty_fragment() {
        assert_eq!(ViewState::default().to_fragment(), "");
        assert_eq!(ViewState::from_fragment(""), (ViewState::default(), Vec::new()));
        assert_eq!(ViewState::from_fragment("#"), (ViewState::default(), Vec::new()));
    }

    #[test]
    fn names_are_encoded_not_interpreted() {
        let fragment = every_field().to_fragment();
        assert!(fragment.contains("drill.model=org%2Fmodel+%231"), "{fragment}");
        assert!(fragment.contains("constructs.benchmark=Human+Eval+%26+co%3D1"), "{fragment}");
        assert!(fragment.contains("compare=org%2Fmodel+%231%2Cgpt-4+%26+co"), "{fragment}");
    }

    #[test]
    fn unknown_or_malformed_settings_are_ignored_and_told() {
        let (state, notes) = ViewState::from_fragment(
            "#judge=eval()&section=constructs&x=<script>&drill.construct=nested&drill.cell=maybe&task=output\
             &drill.type=int&drill.type=python:int&drill.type=exerscope:&compare=a&compare=a,a",
        );
        assert_eq!(
            (state.section, state.judge, state.task),
            (Section::Constructs, Judge::Reference, Some(Task::Output))
        );
        assert_eq!(state.drill, None);
        assert_eq!((notes.len(), state.compare), (9, None), "{notes:?}");
        assert!(notes[0].contains("judge=“eval()”"), "{notes:?}");
        assert!(notes[1].contains("“x”"), "{notes:?}");
        let (state, notes) = ViewState::from_fragment(&format!("#section={}", "a".repeat(5000)));
        assert_eq!((state, notes.len()), (ViewState::default(), 1));
        let (_, notes) = ViewState::from_fragment(&format!("#{}=1", "\u{7}".repeat(100)));
        assert!(notes[0].chars().count() < 120 && !notes[0].contains('\u{7}'), "{notes:?}");
    }

    #[test]
    fn half_an_agreement_or_a_program_is_no_selection() {
        let (state, _) = ViewState::from_fragment("drill.a=x&drill.cell=right-right&program.id=p");
        assert_eq!((state.drill, state.program), (None, None));
    }
}
