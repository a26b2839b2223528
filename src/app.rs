//! The root component: owns the state (signals), the analysis worker, and lays out the views.
//! Children get only what they need: read signals to show, callbacks to act.

use crate::components::comparison::ComparisonView;
use crate::components::constructs::ConstructsView;
use crate::components::drilldown::Drilldown;
use crate::components::drop_zone::DropZone;
use crate::components::exports::Exports;
use crate::components::figure::DarkPage;
use crate::components::judge_picker::{FlavorSwitch, JudgePicker, TaskPicker};
use crate::components::mapping_form::MappingForms;
use crate::components::messages::Messages;
use crate::components::model_picker::ModelPicker;
use crate::components::overview::Overview;
use crate::components::prediction::PredictionView;
use crate::components::profile::{ProfilePart, ProfileView};
use crate::components::program_table::ProgramTable;
use crate::components::program_view::{ProgramTrace, ProgramView};
use crate::components::properties::PropertiesView;
use crate::components::reasoning::ReasoningView;
use crate::components::section_nav::{SectionNav, SectionPanel};
use crate::components::seen::{arc_changed, Seen, Shown};
use crate::components::slices::SlicesView;
use crate::components::sources::Sources;
use crate::components::status::{Measuring, RunsStatus, Status};
use crate::components::theme_switch::ThemeSwitch;
use crate::components::types::TypesView;
use crate::kept::{forget, keep_demo, kept, kept_links, Kept};
use crate::now;
use crate::scroll_memory::{remember_scroll, restore_scroll};
use crate::view_state::{Drill, ProgramKey, Section, ViewState};
use crate::worker_client::{AnalysisWorker, WorkerEvent};
use exerscope_core::analysis::{Phase, Progress};
use exerscope_core::detail::ProgramDetail;
use exerscope_core::drilldown::Selection;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::readers::generic_table::ColumnMapping;
use exerscope_core::readers::{Format, ReadOptions};
use exerscope_core::report::{Part, ReportScope, ScopedReport};
use exerscope_core::stats::numeric::{affords_rho_intervals, ALL_BENCHMARKS};
use exerscope_core::table::Task;
use exerscope_core::{Facts, Report};
use leptos::prelude::*;
use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;
use wasm_bindgen::JsValue;

/// Where the analysis is, as the status line shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum RunState {
    Idle,
    Running(Progress),
    /// `run` counts finished analyses since the page opened (tests wait for it to change).
    Done {
        run: u32,
        programs: usize,
        predictions: usize,
        millis: f64,
        /// How many files the drop gave (a zip is one).
        files: usize,
    },
    Failed(String),
}

#[component]
pub fn App() -> impl IntoView {
    // Light or dark, as the theme switch resolves it: the charts on screen are drawn to match.
    let dark = RwSignal::new(false);
    provide_context(DarkPage(dark.into()));
    // The view a link asked for (the URL's fragment): applied now, and to the first data.
    let (linked, link_notes) = ViewState::from_fragment(&location_fragment());
    let link_notes = RwSignal::new(link_notes);
    let pending_view = StoredValue::new(Some(linked.clone()));
    // The `#data=` links of the data shown (empty for the user's own drop).
    let data_links = RwSignal::new(Vec::<String>::new());
    let facts = RwSignal::new(None::<Arc<Facts>>);
    let section = RwSignal::new(linked.section);
    let judge = RwSignal::new(linked.judge);
    let flavor = RwSignal::new(linked.flavor);
    let property = RwSignal::new(linked.property);
    let property_benchmark = RwSignal::new(None::<u32>);
    // The benchmark the models are compared on (`*`: all pooled).
    let compared = RwSignal::new(ALL_BENCHMARKS.to_owned());
    // The two models shown side by side (A, B).
    let pair = RwSignal::new(None::<(String, String)>);
    let bars_benchmark = RwSignal::new(None::<usize>);
    let state = RwSignal::new(RunState::Idle);
    let selection = RwSignal::new(None::<Selection>);
    // The program asked for (its index), and its details once the worker sends them.
    let opened = RwSignal::new(None::<u32>);
    let program = RwSignal::new(None::<Arc<ProgramDetail>>);
    let started_at = StoredValue::new(0.0_f64);
    // The files of the drop being read, as the worker counts them.
    let files_read = StoredValue::new(0_usize);
    let finished_runs = RwSignal::new(0_u32);
    // The programs' runs on their own inputs (after the analysis), and the trace asked for.
    let measuring = RwSignal::new(None::<Measuring>);
    let trace = RwSignal::new(None::<ProgramTrace>);
    let task = RwSignal::new(None::<Task>);
    // Models the user hid (by name): the views show the others.
    let hidden_models = RwSignal::new(BTreeSet::<String>::new());
    // The predictions of the chosen task only (statistics are per task), of every model. (Facts
    // are compared as the same `Arc` or not: compared field by field, a million predictions took
    // 10–20 ms on each arrival of dynamic properties.)
    let task_facts: Signal<Option<Arc<Facts>>> = Memo::new_with_compare(
        move |_| facts.with(|f| f.as_ref().map(|f| shared(f, f.of_task(task.get())))),
        arc_changed::<Facts>,
    )
    .into();
    // Whether some benchmark has no model's answers on any task: the sections profile its programs.
    let profiled =
        Memo::new(move |_| facts.with(|f| f.as_ref().is_some_and(|f| !f.unanswered_benchmarks().is_empty())));
    // The view's report: what it covers (task, models shown, judge), built by the worker — never on
    // this thread — and kept per scope for the facts it describes: switching back is instant.
    // The property view also asks for its property's bootstrap intervals of ρ, where the facts
    // afford them (elsewhere the scope leaves them out, and shares its report with every view).
    let scope = Memo::new(move |_| {
        let affords = task_facts.with(|f| f.as_deref().is_some_and(affords_rho_intervals));
        let rho_intervals = (section.get() == Section::Properties && affords).then(|| property.get());
        let parts = parts_shown(section.get(), profiled.get());
        // The property view's correlations are those of its property only, the comparison's pairs
        // those on its benchmark.
        let correlated = (section.get() == Section::Properties).then(|| property.get());
        let compared = (section.get() == Section::Models).then(|| compared.get());
        // The pair is compared for its view and for the exports.
        let pair = matches!(section.get(), Section::Models | Section::Exports).then(|| pair.get()).flatten();
        ReportScope {
            task: task.get(),
            hidden: hidden_models.get(),
            judge: judge.get(),
            rho_intervals,
            parts,
            property: correlated,
            compared,
            pair,
        }
    });
    let reports = StoredValue::new(Reports::default());
    // The report shown (the last one asked for and sent), and the facts it counts: the two change
    // together, so that every view shows the same numbers.
    let answer = RwSignal::new(None::<Arc<Answer>>);
    let shown: Signal<Option<Arc<Facts>>> = Memo::new_with_compare(
        move |_| {
            let facts = facts.get()?;
            answer.with(|a| a.as_ref().map(|a| shared(&facts, a.scope.facts(&facts))))
        },
        arc_changed::<Facts>,
    )
    .into();
    // The report as a section sees it: none while the one shown lacks the section's statistics
    // (the view's own is on its way), and whether it is waiting for it.
    let answering = move |section: Section| {
        let (property, compared, pair, profiled) = (property.get(), compared.get(), pair.get(), profiled.get());
        answer.with(|a| {
            a.as_ref().filter(|a| a.answers(section, profiled, property, &compared, &pair)).map(|a| a.report.clone())
        })
    };
    let report_for = move |section: Section| Signal::derive(move || answering(section));
    // What a section says while it waits: the programs' parsing (`parsed` of them so far), which
    // its statistics or rows need, or its report.
    let parsed = RwSignal::new(None::<(usize, usize)>);
    let busy = move |section: Section| {
        Signal::derive(move || {
            if waits_for_parsing(section, profiled.get()) && facts.with(|f| f.as_ref().is_some_and(|f| f.parsing)) {
                return Some(match parsed.get() {
                    Some((done, total)) => format!("Parsing the programs: {done} of {total}…"),
                    None => "Parsing the programs…".to_owned(),
                });
            }
            answering(section).is_none().then(|| "Computing this view's statistics…".to_owned())
        })
    };
    let predicted = Signal::derive(move || facts.with(|f| f.as_ref().is_some_and(|f| !f.models.is_empty())));
    let shown_judge = Signal::derive(move || answer.with(|a| a.as_ref().map(|a| a.scope.judge)).unwrap_or(judge.get()));
    let model_rates =
        Signal::derive(move || answer.with(|a| a.as_ref().map(|a| a.model_rates.clone()).unwrap_or_default()));
    // The programs and predictions of a drop whose facts wait for their first report: with it
    // the analysis is done (and timed).
    let awaiting_report = StoredValue::new(None::<(usize, usize)>);

    // Set once the worker runs (its events need the closures below).
    let worker = StoredValue::new_local(None::<AnalysisWorker>);
    let begin = move || {
        started_at.set_value(now());
        files_read.set_value(0);
        state.set(RunState::Running(Progress { phase: Phase::Reading, done: 0, total: 0 }));
    };
    // Column mappings of generic tables, kept for the session; the last drop, to analyse it again
    // once its columns are mapped.
    let mappings = RwSignal::new(HashMap::<String, ColumnMapping>::new());
    let forced = RwSignal::new(None::<Format>);
    let per_source = RwSignal::new(BTreeMap::<String, Format>::new());
    let last_drop = StoredValue::new_local(None::<JsValue>);
    // Whether this browser keeps the drop shown, for a reload (the page says so, with "forget").
    let kept_here = RwSignal::new(false);
    // The worker keeps a drop once its first view is shown; one read again before that (another
    // format, a column mapping) is kept then. A kept drop opened again (a reload) is not stored twice.
    let analyze_drop = move |files: &JsValue| {
        let keep = !kept_here.get_untracked();
        begin();
        let options = ReadOptions {
            forced: forced.get_untracked(),
            per_source: per_source.get_untracked(),
            mappings: mappings.get_untracked(),
            ..Default::default()
        };
        worker.with_value(|w| w.as_ref().map(|w| w.analyze_files(files, &options, keep)));
    };
    let on_files = Callback::new(move |files: JsValue| {
        per_source.update_untracked(BTreeMap::clear); // choices were for the previous drop's files
        data_links.set(Vec::new());
        link_notes.set(Vec::new());
        kept_here.set(false); // until the worker has kept them
        analyze_drop(&files);
        last_drop.set_value(Some(files));
    });
    let on_map = Callback::new(move |(columns, mapping): (String, ColumnMapping)| {
        mappings.update(|m| {
            m.insert(columns, mapping);
        });
        last_drop.with_value(|files| files.as_ref().map(analyze_drop));
    });
    // A format chosen by the user, for the drop or one file: the same drop read again.
    Effect::watch(
        move || (forced.get(), per_source.get()),
        move |_, _, _| {
            last_drop.with_value(|files| files.as_ref().map(analyze_drop));
        },
        false,
    );
    let analyze_demo = move || {
        last_drop.set_value(None);
        begin();
        worker.with_value(|w| w.as_ref().map(AnalysisWorker::analyze_demo));
    };
    let on_demo = Callback::new(move |()| {
        data_links.set(Vec::new());
        link_notes.set(Vec::new());
        analyze_demo();
        leptos::task::spawn_local(async move { kept_here.set(keep_demo().await) });
    });
    let open_program = move |index: Option<u32>| {
        if opened.get_untracked() == index {
            return;
        }
        opened.set(index);
        program.set(None);
        trace.set(None);
        if let Some(index) = index {
            worker.with_value(|w| w.as_ref().map(|w| w.request_program(index)));
        }
    };
    let on_open_program = Callback::new(move |index: u32| {
        section.set(Section::Programs);
        open_program(Some(index));
    });
    let on_section = Callback::new(move |s: Section| section.set(s));
    let on_forget = move |_| {
        // The notice goes once the browser has really deleted the drop: a reload right after it
        // must not bring the data back.
        leptos::task::spawn_local(async move {
            forget().await;
            kept_here.set(false);
        });
        data_links.set(Vec::new());
        last_drop.set_value(None);
        reports.update_value(Reports::clear);
        answer.set(None);
        facts.set(None);
        selection.set(None);
        open_program(None);
        state.set(RunState::Idle);
    };
    let on_select = Callback::new(move |new: Selection| {
        open_program(None);
        selection.set(Some(new));
        section.set(Section::Programs);
    });

    // The view as settings by name, for the URL.
    let current_view = move |facts: &Facts| ViewState {
        data: data_links.get(),
        section: section.get(),
        judge: judge.get(),
        flavor: flavor.get(),
        task: task.get().filter(|_| facts.tasks().len() > 1),
        property: property.get(),
        property_benchmark: property_benchmark.get().and_then(|b| facts.benchmarks.get(b as usize).cloned()),
        construct_benchmark: bars_benchmark.get().and_then(|b| facts.benchmarks.get(b).cloned()),
        comparison_benchmark: Some(compared.get()).filter(|b| b != ALL_BENCHMARKS),
        compare: pair.get(),
        drill: selection.get().map(|s| Drill::of(&s, facts)),
        program: opened.get().and_then(|i| ProgramKey::of(facts, i)),
        models: hidden_models.with(|hidden| {
            if hidden.is_empty() {
                Vec::new()
            } else {
                facts.models.iter().filter(|m| !hidden.contains(*m)).cloned().collect()
            }
        }),
    };
    // Shows `view` over `facts`: names the facts do not have are left out.
    let show_view = move |view: &ViewState, facts: &Facts| {
        section.set(view.section);
        judge.set(view.judge);
        flavor.set(view.flavor);
        property.set(view.property);
        let tasks = facts.tasks();
        task.set(view.task.filter(|t| tasks.contains(t)).or(tasks.first().copied()));
        property_benchmark.set(view.property_benchmark.as_ref().and_then(|b| facts.benchmark_index(b)));
        bars_benchmark
            .set(view.construct_benchmark.as_ref().and_then(|b| facts.benchmark_index(b)).map(|b| b as usize));
        let known = view.comparison_benchmark.clone().filter(|b| facts.benchmark_index(b).is_some());
        compared.set(known.unwrap_or_else(|| ALL_BENCHMARKS.to_owned()));
        pair.set(
            view.compare.clone().filter(|(a, b)| facts.model_index(a).is_some() && facts.model_index(b).is_some()),
        );
        selection.set(view.drill.as_ref().and_then(|d| d.selection(facts)));
        open_program(view.program.as_ref().and_then(|p| p.index(facts)));
        hidden_models.set(if view.models.is_empty() {
            BTreeSet::new()
        } else {
            facts.models.iter().filter(|m| !view.models.contains(m)).cloned().collect()
        });
    };
    // Each new view becomes a history entry (back and forward move between views); the fragment
    // is read back the same way, so a view the URL already shows is not pushed again.
    let view_fragment = Memo::new(move |_| facts.with(|f| f.as_ref().map(|f| current_view(f).to_fragment())));
    Effect::new(move |_| {
        let Some(fragment) = view_fragment.get() else { return };
        push_fragment_soon(fragment);
    });
    remember_scroll();
    let _ = window_event_listener(leptos::ev::popstate, move |_| {
        let (view, notes) = ViewState::from_fragment(&location_fragment());
        // Other data links (pasted into this tab): the loader asks first.
        if !view.data.is_empty() && data_links.with_untracked(|shown| *shown != view.data) {
            open_loader();
            return;
        }
        link_notes.set(notes);
        match facts.get_untracked() {
            Some(facts) => {
                show_view(&view, &facts);
                restore_scroll();
            }
            None => {
                section.set(view.section);
                pending_view.set_value(Some(view));
            }
        }
    });

    // A report from the worker: kept, and shown if it is the view's (an older view's is kept for
    // a switch back). The first of a drop ends the analysis: the programs' runs start now.
    let take_report = move |new: Arc<Answer>| {
        reports.update_value(|r| r.take(new.clone()));
        if !new.scope.covers(&scope.get_untracked()) {
            return;
        }
        answer.set(Some(new));
        if let Some((programs, predictions)) = awaiting_report.try_update_value(Option::take).flatten() {
            finished_runs.update(|n| *n += 1);
            let run = finished_runs.get_untracked();
            let (millis, files) = (now() - started_at.get_value(), files_read.get_value());
            state.set(RunState::Done { run, programs, predictions, millis, files });
            measuring.set(Some(Measuring { started: now(), ..Measuring::default() }));
        }
    };
    // The view's report: the one kept, or asked of the worker (once per scope and facts).
    Effect::new(move |_| {
        let scope = scope.get();
        if facts.with(Option::is_none) {
            return;
        }
        if let Some(kept) = reports.with_value(|r| r.find(&scope)) {
            if !answer.with_untracked(|a| a.as_ref().is_some_and(|a| Arc::ptr_eq(a, &kept))) {
                answer.set(Some(kept));
            }
        } else if reports.try_update_value(|r| r.ask(&scope)).unwrap_or(false) {
            worker.with_value(|w| w.as_ref().map(|w| w.request_report(&scope)));
        }
    });

    // Facts completed (parsed, or measured) as the worker sends them, with the report shown built
    // again: the reports of the facts before are all old.
    let change_facts = move |change: Box<dyn FnOnce(&mut Facts)>, report: Option<Box<ScopedReport>>| {
        facts.update(|f| {
            if let Some(f) = f {
                change(Arc::make_mut(f));
            }
        });
        reports.update_value(Reports::clear);
        if let Some(report) = report {
            take_report(Arc::new(Answer::from(*report)));
        }
    };
    let on_event = move |event: WorkerEvent| match event {
        WorkerEvent::Progress(progress) => {
            measuring.set(None);
            if progress.phase == Phase::Reading {
                files_read.update_value(|files| *files = (*files).max(progress.total));
            }
            state.set(RunState::Running(progress))
        }
        WorkerEvent::Facts(new_facts) => {
            state.set(RunState::Running(Progress { phase: Phase::Statistics, done: 0, total: 0 }));
            awaiting_report.set_value(Some((new_facts.programs.len(), new_facts.predictions.len())));
            parsed.set(None);
            reports.update_value(Reports::clear);
            answer.set(None);
            let new_facts: Arc<Facts> = Arc::from(new_facts);
            // A new drop keeps the settings, not what was opened in the old data.
            let view = pending_view.try_update_value(Option::take).flatten().unwrap_or_else(|| ViewState {
                section: section.get_untracked(),
                judge: judge.get_untracked(),
                flavor: flavor.get_untracked(),
                property: property.get_untracked(),
                ..ViewState::default()
            });
            show_view(&view, &new_facts);
            facts.set(Some(new_facts));
        }
        WorkerEvent::Report(report) => take_report(Arc::new(Answer::from(*report))),
        WorkerEvent::Program(detail) => program.set(Some(Arc::from(detail))),
        WorkerEvent::Measuring { done, total } => {
            measuring.update(|m| *m = Some(Measuring { done, total, ..m.unwrap_or_default() }))
        }
        WorkerEvent::Parsing { done, total } => parsed.set(Some((done, total))),
        WorkerEvent::Parsed { parsed: properties, report } => {
            change_facts(Box::new(|f| f.set_parsed(*properties)), report);
            parsed.set(None);
        }
        WorkerEvent::Dynamic { changes, report, done, total, kept, last } => {
            change_facts(Box::new(|f| f.set_dynamic(changes)), report);
            measuring.update(|m| {
                let m = m.get_or_insert_with(|| Measuring { started: now(), ..Measuring::default() });
                *m = Measuring { done, total, kept, over: last, millis: now() - m.started, ..*m };
            });
        }
        WorkerEvent::Trace { index, trace: found } => {
            if opened.get_untracked() == Some(index) {
                trace.set(Some((index, found.map(Arc::from))));
            }
        }
        WorkerEvent::Kept(ok) => kept_here.set(ok),
        WorkerEvent::Note(message) => facts.update(|f| {
            if let Some(f) = f {
                Arc::make_mut(f).errors.push(exerscope_core::FileError::new("(running programs)", message));
            }
        }),
        WorkerEvent::Failed(message) => state.set(RunState::Failed(message)),
    };
    match AnalysisWorker::spawn(on_event) {
        Ok(spawned) => worker.set_value(Some(spawned)),
        Err(e) => state.set(RunState::Failed(format!("the analysis worker could not start: {e:?}"))),
    }
    // A reload shows the kept drop again (in the view the URL names); a `#data=` link whose files
    // this browser does not have yet goes to the loader page, which asks before downloading.
    let linked_data = linked.data.clone();
    let linked_view = linked.clone();
    leptos::task::spawn_local(async move {
        let links = kept_links().await;
        if !linked_data.is_empty() && links != linked_data {
            open_loader();
            return;
        }
        data_links.set(links);
        match kept().await {
            Some(Kept::Files(files)) => {
                kept_here.set(true);
                analyze_drop(&files);
                last_drop.set_value(Some(files));
            }
            Some(Kept::Demo) => {
                kept_here.set(true);
                analyze_demo();
            }
            // Nothing to show the view on: the link says what it points to and what to drop.
            None => link_notes.update(|notes| notes.extend(linked_view.awaited())),
        }
    });

    // What each section sees: followed while it is open; a new drop empties the hidden ones but
    // the overview, which draws it (components/seen.rs). (Dynamic properties arriving change the
    // facts, not the drop: hidden sections wait.)
    let drop = Signal::derive(move || finished_runs.get() as usize);
    let seen_of = move |open: Section, facts: Signal<Option<Arc<Facts>>>| {
        let is_open = Signal::derive(move || section.get() == open);
        Seen::new(
            Shown { open: is_open, drop, eager: open.eager() },
            facts,
            report_for(open),
            shown_judge,
            flavor.into(),
        )
    };
    let seen = move |open: Section| seen_of(open, shown);
    // Sources lists every file read, whatever the task and models shown.
    let sources = seen_of(Section::Sources, facts.into());
    let (overview, constructs, properties, types, models, reasoning, programs, exports) = (
        seen(Section::Overview),
        seen(Section::Constructs),
        seen(Section::Properties),
        seen(Section::Types),
        seen(Section::Models),
        seen(Section::Reasoning),
        seen(Section::Programs),
        seen(Section::Exports),
    );
    view! {
        <header class="masthead">
            <div>
                <h1>"exerscope"</h1>
                <p class="tagline">"Why do models fail at code execution reasoning? Drop benchmark results, see which program properties they stumble on."</p>
            </div>
            <div class="settings">
                <TaskPicker facts=facts task=task/>
                <JudgePicker judge=judge/>
                <FlavorSwitch flavor=flavor/>
                <ThemeSwitch on_dark=Callback::new(move |is_dark| dark.set(is_dark))/>
            </div>
        </header>
        <main>
            <DropZone on_files=on_files on_demo=on_demo folded=Signal::derive(move || facts.with(Option::is_some))/>
            <Status state=state/>
            <RunsStatus measuring=measuring.into() on_cancel=Callback::new(move |()| {
                measuring.update(|m| if let Some(m) = m { m.cancelled = true });
                worker.with_value(|w| w.as_ref().map(AnalysisWorker::cancel_runs));
            })/>
            <Show when=move || kept_here.get()>
                <p id="kept-notice" class="privacy">
                    "This drop is kept in this browser, on this machine only, so that a reload shows it again. "
                    <button id="forget-data" class="button" on:click=on_forget>"Forget this data"</button>
                </p>
            </Show>
            <Show when=move || !link_notes.with(Vec::is_empty)>
                <ul id="link-notes" class="messages">
                    {move || link_notes.get().into_iter().map(|note| view! { <li>{note}</li> }).collect_view()}
                </ul>
            </Show>
            <Show when=move || facts.with(Option::is_some)>
                <Messages facts=facts/>
                // A table whose columns must be mapped asks wherever the user is.
                <MappingForms facts=facts on_map=on_map/>
                <SectionNav section=section.into() on_section=on_section
                    address=Signal::derive(move || view_fragment.get().and_then(|f| address_of(&f)))
                    linked_data=Signal::derive(move || data_links.with(|d| !d.is_empty()))/>
                <ModelPicker facts=task_facts rates=model_rates hidden=hidden_models/>
                <SectionPanel section=Section::Sources current=section.into() busy=busy(Section::Sources) predicted>
                    <Sources facts=sources.facts forced=forced per_source=per_source/>
                </SectionPanel>
                <SectionPanel section=Section::Overview current=section.into() busy=busy(Section::Overview) predicted>
                    <Show when=move || predicted.get()>
                        <Overview facts=overview.facts report=overview.report on_select=on_select/>
                    </Show>
                    <ProfileView part=ProfilePart::Overview facts=facts.into() report=overview.report flavor=flavor.into()
                        property=property.into() on_open_program/>
                </SectionPanel>
                <SectionPanel section=Section::Constructs current=section.into() busy=busy(Section::Constructs) predicted>
                    <Show when=move || predicted.get()>
                        <ConstructsView facts=constructs.facts report=constructs.report flavor=constructs.flavor
                            bars_benchmark=bars_benchmark on_select=on_select/>
                    </Show>
                    <ProfileView part=ProfilePart::Constructs facts=facts.into() report=constructs.report
                        flavor=constructs.flavor property=property.into() on_open_program/>
                </SectionPanel>
                <SectionPanel section=Section::Properties current=section.into() busy=busy(Section::Properties) predicted>
                    <PropertiesView facts=properties.facts report=properties.report property=property
                        benchmark=property_benchmark predicted/>
                    <ProfileView part=ProfilePart::Properties facts=facts.into() report=properties.report
                        flavor=properties.flavor property=property.into() on_open_program/>
                </SectionPanel>
                <SectionPanel section=Section::Types current=section.into() busy=busy(Section::Types) predicted>
                    <Show when=move || predicted.get()>
                        <TypesView facts=types.facts report=types.report flavor=types.flavor on_select=on_select/>
                    </Show>
                    <ProfileView part=ProfilePart::Types facts=facts.into() report=types.report flavor=types.flavor
                        property=property.into() on_open_program/>
                </SectionPanel>
                <SectionPanel section=Section::Models current=section.into() busy=busy(Section::Models) predicted>
                    <ComparisonView facts=models.facts report=models.report benchmark=compared pair=pair.into()
                        on_pair=Callback::new(move |new| pair.set(new)) on_select=on_select on_open_program=on_open_program/>
                    <SlicesView facts=models.facts report=models.report on_select=on_select/>
                    <PredictionView facts=models.facts report=models.report/>
                </SectionPanel>
                <SectionPanel section=Section::Reasoning current=section.into() busy=busy(Section::Reasoning) predicted>
                    <ReasoningView facts=facts.into() report=reasoning.report task=task on_open_program=on_open_program/>
                </SectionPanel>
                <SectionPanel section=Section::Programs current=section.into() busy=busy(Section::Programs) predicted>
                    <ProgramTable facts=programs.facts judge=programs.judge on_open_program=on_open_program/>
                    <Drilldown facts=programs.facts judge=programs.judge selection=selection on_open_program=on_open_program/>
                    <ProgramView program=program judge=programs.judge facts=facts.into() trace=trace.into() pair=pair.into()
                        on_trace=Callback::new(move |(index, input): (u32, Option<String>)| {
                            trace.set(None);
                            worker.with_value(|w| w.as_ref().map(|w| w.request_trace(index, input.as_deref())));
                        })/>
                </SectionPanel>
                <SectionPanel section=Section::Exports current=section.into() busy=busy(Section::Exports) predicted>
                    <Exports facts=exports.facts report=exports.report shown=Signal::derive(move || section.get() == Section::Exports)/>
                </SectionPanel>
            </Show>
        </main>
        <footer>
            "Everything runs in your browser: your files are never uploaded. "
            <a href="https://arxiv.org/abs/2501.18482">"ExeRScope (Liu & Jabbarvand)"</a>
            " defined the reference analyses reproduced here."
        </footer>
    }
}

/// The statistics a section shows, beyond the runs every section has (its models' rates): only
/// they are computed, and cross to this thread. Where some benchmark has no model's answers
/// (`profiled`), the sections that show success show its programs' profile too.
fn parts_shown(section: Section, profiled: bool) -> BTreeSet<Part> {
    let parts: &[Part] = match section {
        Section::Overview | Section::Programs | Section::Sources => &[],
        Section::Constructs => &[Part::Constructs, Part::ConstructEffects],
        Section::Properties => &[Part::Correlations],
        Section::Types => &[Part::Types],
        Section::Models => &[Part::Agreements, Part::Slices, Part::Prediction],
        Section::Reasoning => &[Part::Divergences],
        Section::Exports => return Part::every().into_iter().collect(),
    };
    let profile = matches!(section, Section::Overview | Section::Constructs | Section::Properties | Section::Types);
    let profile = (profiled && profile).then_some(Part::Profile);
    parts.iter().copied().chain(profile).collect()
}

/// Whether `section` shows what parsing gives the programs (its statistics, its rows, or the
/// profile): it waits for them.
fn waits_for_parsing(section: Section, profiled: bool) -> bool {
    section == Section::Programs || parts_shown(section, profiled).into_iter().any(Part::needs_parsing)
}

/// A report the worker sent, as the views share it.
struct Answer {
    scope: ReportScope,
    report: Arc<Report>,
    model_rates: Vec<(String, Option<f64>)>,
}

impl Answer {
    /// Whether the report has every statistic `section` shows (with the profile, where
    /// `profiled`; the property view: of `property`; the comparison: on the benchmark `compared`,
    /// and the `pair` side by side).
    fn answers(
        &self,
        section: Section,
        profiled: bool,
        property: NumericProperty,
        compared: &str,
        pair: &Option<(String, String)>,
    ) -> bool {
        self.scope.parts.is_superset(&parts_shown(section, profiled))
            && (section != Section::Properties || self.scope.correlates(Some(property)))
            && (section != Section::Models || (self.scope.compares(Some(compared)) && self.scope.pair == *pair))
    }
}

impl From<ScopedReport> for Answer {
    fn from(scoped: ScopedReport) -> Self {
        Answer { scope: scoped.scope, report: Arc::new(scoped.report), model_rates: scoped.model_rates }
    }
}

/// Reports kept for a switch back (each can be some megabytes at a million predictions).
const KEPT_REPORTS: usize = 6;

/// The reports the worker sent for the facts shown, the latest last, and the scopes asked for and
/// not yet answered. New facts (a drop, dynamic properties) make them all old.
#[derive(Default)]
struct Reports {
    answered: Vec<Arc<Answer>>,
    asked: Vec<ReportScope>,
}

impl Reports {
    fn clear(&mut self) {
        *self = Reports::default();
    }

    /// The latest report kept that answers `scope` (one with more parts does).
    fn find(&self, scope: &ReportScope) -> Option<Arc<Answer>> {
        self.answered.iter().rev().find(|a| a.scope.covers(scope)).cloned()
    }

    /// Whether `scope` is to be asked for: neither answered nor asked yet (it counts as asked now).
    fn ask(&mut self, scope: &ReportScope) -> bool {
        let new = self.find(scope).is_none() && !self.asked.iter().any(|asked| asked.covers(scope));
        if new {
            self.asked.push(scope.clone());
        }
        new
    }

    fn take(&mut self, answer: Arc<Answer>) {
        self.asked.retain(|s| *s != answer.scope);
        self.answered.retain(|a| a.scope != answer.scope);
        self.answered.push(answer);
        if self.answered.len() > KEPT_REPORTS {
            self.answered.remove(0);
        }
    }
}

/// `view` of `facts` shared: the same `Arc` when it is all of them.
fn shared(facts: &Arc<Facts>, view: Cow<'_, Facts>) -> Arc<Facts> {
    match view {
        Cow::Borrowed(_) => facts.clone(),
        Cow::Owned(view) => Arc::new(view),
    }
}

/// The URL's fragment (with its `#`), empty without one.
fn location_fragment() -> String {
    web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default()
}

/// The loader page, with the link's fragment (its `data=` links and view).
fn open_loader() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().replace(&format!("load.html{}", location_fragment()));
    }
}

/// A new history entry for the view `fragment` (without `#`; empty: the bare page), unless the URL
/// shows it already. In a task of its own: `pushState` takes the browser 5–20 ms on a page of a
/// hundred models' views, which the click that changed the view would wait for.
fn push_fragment_soon(fragment: String) {
    let push = move || {
        if ViewState::from_fragment(&location_fragment()).0.to_fragment() != fragment {
            push_fragment(&fragment);
        }
    };
    set_timeout(push, std::time::Duration::ZERO);
}

fn push_fragment(fragment: &str) {
    let (Some(window), Some(url)) = (web_sys::window(), address_of(fragment)) else { return };
    if let Ok(history) = window.history() {
        let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// This page's address with the view `fragment` (without `#`; empty: the bare page).
fn address_of(fragment: &str) -> Option<String> {
    let location = web_sys::window()?.location();
    let page = format!("{}{}{}", location.origin().ok()?, location.pathname().ok()?, location.search().ok()?);
    Some(if fragment.is_empty() { page } else { format!("{page}#{fragment}") })
}

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::{analyze, InputFile, Judge};

    fn facts() -> Arc<Facts> {
        let row = r#"{"id": "a", "model": "m", "benchmark": "b", "task": "output", "code": "def f(x):\n    return x\n", "input": "f(1)", "expected": "1", "prediction": "1"}"#;
        Arc::new(analyze(vec![InputFile::new("p.jsonl", row)]).facts)
    }

    fn answer(judge: Judge) -> Arc<Answer> {
        let scope = ReportScope {
            task: None,
            hidden: BTreeSet::new(),
            judge,
            rho_intervals: None,
            parts: Part::every(),
            property: None,
            compared: None,
            pair: None,
        };
        Arc::new(Answer::from(scope.report(&facts())))
    }

    #[test]
    fn a_report_is_asked_for_once_and_kept_until_the_facts_change() {
        let mut reports = Reports::default();
        let reference = answer(Judge::Reference);
        assert!(reports.ask(&reference.scope), "new");
        assert!(!reports.ask(&reference.scope), "already asked");
        reports.take(reference.clone());
        assert!(reports.find(&reference.scope).is_some_and(|kept| Arc::ptr_eq(&kept, &reference)));
        assert!(!reports.ask(&reference.scope), "answered");
        let value = answer(Judge::Value);
        assert!(reports.find(&value.scope).is_none(), "one per scope");
        for _ in 0..KEPT_REPORTS {
            reports.take(answer(Judge::Lenient));
        }
        assert_eq!(reports.answered.len(), 2, "one per scope, the latest");
        for hidden in 0..KEPT_REPORTS {
            let mut other = Answer::from(value.scope.report(&facts()));
            other.scope.hidden.insert(hidden.to_string());
            reports.take(Arc::new(other));
        }
        assert!(reports.find(&reference.scope).is_none(), "the oldest go first");
        assert_eq!(reports.answered.len(), KEPT_REPORTS);
        reports.clear();
        assert!(reports.ask(&reference.scope), "facts changed: asked again");
    }

    #[test]
    fn a_report_with_more_parts_answers_a_view_that_shows_fewer() {
        let mut reports = Reports::default();
        let every = answer(Judge::Reference);
        let overview = ReportScope { parts: parts_shown(Section::Overview, false), ..every.scope.clone() };
        let types = ReportScope { parts: parts_shown(Section::Types, false), ..every.scope.clone() };
        assert!(reports.ask(&types));
        assert!(!reports.ask(&overview), "the types' report, asked, will answer the overview");
        reports.take(every.clone());
        assert!(reports.find(&types).is_some_and(|kept| Arc::ptr_eq(&kept, &every)));
        assert!(reports.find(&overview).is_some_and(|kept| Arc::ptr_eq(&kept, &every)));
        reports.clear();
        reports.take(Arc::new(Answer::from(overview.report(&facts()))));
        assert!(reports.find(&types).is_none(), "the overview's report has no types");
        let exported: BTreeSet<Part> = Part::every().into_iter().collect();
        assert!(parts_shown(Section::Exports, false) == exported, "exports take the whole report");
    }

    #[test]
    fn the_property_view_is_answered_by_a_report_of_its_property() {
        let every = answer(Judge::Reference);
        let (loc, calls) = (NumericProperty::Loc, NumericProperty::Calls);
        let all = ALL_BENCHMARKS;
        assert!(
            every.answers(Section::Properties, false, loc, all, &None)
                && every.answers(Section::Properties, false, calls, all, &None)
        );
        let scope =
            ReportScope { parts: parts_shown(Section::Properties, false), property: Some(loc), ..every.scope.clone() };
        let only_loc = Answer::from(scope.report(&facts()));
        assert!(only_loc.answers(Section::Properties, false, loc, all, &None));
        assert!(
            !only_loc.answers(Section::Properties, false, calls, all, &None),
            "another property: its own report is asked for"
        );
        assert!(only_loc.answers(Section::Overview, false, calls, all, &None));
        assert!(!only_loc.answers(Section::Types, false, loc, all, &None));
    }

    #[test]
    fn the_comparison_is_answered_by_a_report_of_its_benchmark() {
        let every = answer(Judge::Reference);
        let loc = NumericProperty::Loc;
        assert!(
            every.answers(Section::Models, false, loc, ALL_BENCHMARKS, &None)
                && every.answers(Section::Models, false, loc, "b", &None)
        );
        let scope = ReportScope {
            parts: parts_shown(Section::Models, false),
            compared: Some("b".to_owned()),
            ..every.scope.clone()
        };
        let only_b = Answer::from(scope.report(&facts()));
        assert!(only_b.answers(Section::Models, false, loc, "b", &None));
        assert!(
            !only_b.answers(Section::Models, false, loc, ALL_BENCHMARKS, &None),
            "all pooled: its own report is asked for"
        );
        assert!(only_b.answers(Section::Overview, false, loc, ALL_BENCHMARKS, &None));
        let pair = Some(("a".to_owned(), "b".to_owned()));
        assert!(!every.answers(Section::Models, false, loc, ALL_BENCHMARKS, &pair), "the pair's report is asked for");
        let with_pair = Answer::from(ReportScope { pair: pair.clone(), ..every.scope.clone() }.report(&facts()));
        assert!(with_pair.answers(Section::Models, false, loc, ALL_BENCHMARKS, &pair));
        assert!(
            !with_pair.answers(Section::Models, false, loc, ALL_BENCHMARKS, &None),
            "the pair closed: another report"
        );
    }

    #[test]
    fn where_programs_have_no_answers_the_views_of_success_ask_for_and_wait_on_the_profile() {
        let overview = Answer::from(
            ReportScope { parts: parts_shown(Section::Overview, false), ..answer(Judge::Reference).scope.clone() }
                .report(&facts()),
        );
        let loc = NumericProperty::Loc;
        assert!(overview.answers(Section::Overview, false, loc, ALL_BENCHMARKS, &None));
        assert!(!overview.answers(Section::Overview, true, loc, ALL_BENCHMARKS, &None), "the profile is asked for");
        for section in [Section::Overview, Section::Constructs, Section::Properties, Section::Types] {
            assert!(parts_shown(section, true).contains(&Part::Profile) && waits_for_parsing(section, true));
        }
        assert!(!parts_shown(Section::Models, true).contains(&Part::Profile), "Models forecasts instead");
        assert!(!waits_for_parsing(Section::Overview, false));
    }
}
