//! The app's code in the browser (headless Chromium through wasm-bindgen-test-runner): tree-sitter
//! grammars compiled for wasm32, the core's analysis, the bundled demo, and chart drawing with the
//! geometry that turns clicks into selections. Numbers themselves are tested natively in the core.
//! Run: `cargo test -p exerscope-web --target wasm32-unknown-unknown` (see tools/test.sh).
#![cfg(target_arch = "wasm32")]

use exerscope_charts::bars::{draw_success_bars, run_bars, SuccessBars};
use exerscope_charts::radar::{draw_radar, RadarGeometry, RadarSeries};
use exerscope_core::extractors::{ProgramParser, ReferenceConstruct};
use exerscope_core::numeric::NumericProperty;
use exerscope_core::report::{Part, ReportScope, ScopedReport};
use exerscope_core::table::Language;
use exerscope_core::{analyze, Facts, InputFile, Judge, Report};
use exerscope_web::canvas::{canvas_area, put_cells};
use exerscope_web::demo::demo_files;
use exerscope_web::facts_wire;
use exerscope_web::worker_api::{AnalysisSession, PropertyExtractor};
use std::collections::BTreeSet;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn python_is_parsed_and_flagged_in_wasm() {
    let code = "def f(xs):\n    for x in xs:\n        while x:\n            x -= 1\n    if xs:\n        pass\n    elif 1:\n        pass\n";
    let properties = ProgramParser::new().extract(code, Language::Python).unwrap();
    assert_eq!(properties.reference_constructs.names(), ["nested", "if", "for", "while", "nested_if"]);
    assert_eq!(properties.syntax_error_line, None);
}

#[wasm_bindgen_test]
fn java_is_parsed_and_flagged_in_wasm() {
    let code =
        "public class Main { public static void main(String[] a) { try { int x = 1; } catch (Exception e) { } } }";
    let properties = ProgramParser::new().extract(code, Language::Java).unwrap();
    assert_eq!(properties.reference_constructs.names(), ["try"]);
    assert!(ProgramParser::new().extract(code, Language::Julia).is_none(), "no grammar for Julia");
}

#[wasm_bindgen_test]
fn syntax_errors_are_flagged_in_wasm() {
    let properties = ProgramParser::new().extract("def f(:\n    return 1\n", Language::Python).unwrap();
    assert_eq!(properties.syntax_error_line, Some(1));
}

#[wasm_bindgen_test]
fn folders_are_analysed_and_judged_in_wasm() {
    let files = vec![
        InputFile::new("dataset/b/p1/main.py", "def f(x):\n    return [x, x]\n"),
        InputFile::new("dataset/b/p1/input.txt", "f(1)"),
        InputFile::new("dataset/b/p1/output.txt", "[1, 1]"),
        InputFile::new("ER/m/b/p1/predict.txt", "\n[1,1.0]\n"),
    ];
    let facts = analyze(files).facts;
    let reference = Report::build(&facts, Judge::Reference);
    let value = Report::build(&facts, Judge::Value);
    assert_eq!((reference.runs[0].correct, reference.runs[0].total), (0, 1));
    assert_eq!((value.runs[0].correct, value.runs[0].total), (1, 1), "1 == 1.0 for the value judge");
}

#[wasm_bindgen_test]
fn the_session_judges_first_and_parses_in_chunks_as_the_workers_do() {
    let progress = js_sys::Function::new_no_args("");
    let mut session = AnalysisSession::new();
    session.add_demo();
    session.join(&progress);
    let mut facts = judged(&mut session, &progress);
    assert!(facts.parsing, "the facts come before the programs are parsed");
    // The page's view asks for its report: the worker builds the scope's report of these facts.
    let scope = ReportScope {
        task: None,
        hidden: BTreeSet::from([facts.models[0].clone()]),
        judge: Judge::Value,
        rho_intervals: Some(NumericProperty::Loc),
        parts: BTreeSet::from([Part::Correlations]),
        property: Some(NumericProperty::Loc),
        compared: None,
        pair: None,
    };
    let json = session.report(&serde_json::to_string(&scope).unwrap()).unwrap().unwrap();
    let waiting: ScopedReport = serde_json::from_slice(&json).unwrap();
    assert!(!waiting.scope.covers(&scope), "correlations wait for the parsed properties");
    parse(&mut session, &mut facts);
    assert_eq!(facts, analyze(demo_files()).facts);
    let json = session.shown_report().unwrap().unwrap();
    let sent: ScopedReport = serde_json::from_slice(&json).unwrap();
    assert_eq!(sent, scope.report(&facts), "to the last digit");
    assert!(sent.report.programs.is_empty(), "the programs' rows stay with the facts");
    assert!(!sent.report.correlations.is_empty() && sent.report.types.is_empty(), "the parts asked for only");
    assert!(sent.report.correlations.iter().all(|row| row.property == NumericProperty::Loc), "its property only");
}

/// The facts as the page gets them from `judge`: JSON, and the predictions' columns as bytes.
fn judged(session: &mut AnalysisSession, progress: &js_sys::Function) -> Facts {
    let json = session.judge(progress).unwrap();
    let mut facts = facts_wire::facts(&json).unwrap();
    facts.predictions = facts_wire::predictions(&session.predictions()).unwrap().into();
    facts
}

/// Parses the programs in chunks, out of order as the parsing workers may return them, and gives
/// `facts` what `parsed` sends the page.
fn parse(session: &mut AnalysisSession, facts: &mut Facts) {
    let count = facts.programs.len() as u32;
    let mut extractor = PropertyExtractor::new();
    for start in (0..count).step_by(5).rev() {
        let sources = session.sources(start, (start + 5).min(count)).unwrap();
        session.accept_properties(start, &extractor.extract(&sources).unwrap()).unwrap();
    }
    facts.set_parsed(serde_json::from_str(&session.parsed().unwrap()).unwrap());
}

/// A loose folder's responses: the worker leaves those `shown_only` names unread, and reads one
/// when its program's view opens.
#[wasm_bindgen_test]
fn a_response_left_unread_is_read_when_its_program_is_shown() {
    let files = [
        ("dataset/b/p1/main.py", "def f(x):\n    return [x]\n"),
        ("dataset/b/p1/input.txt", "f(1)"),
        ("dataset/b/p1/output.txt", "[1]"),
        ("ER/m/b/p1/predict.txt", "\n[1]\n"),
        ("ER/m/b/p1/response.txt", "The output is [1]."),
    ];
    let paths: Vec<String> = files.iter().map(|(path, _)| path.to_string()).collect();
    let later = AnalysisSession::left_unread(paths);
    assert_eq!(later, [0, 0, 0, 0, 1]);
    let progress = js_sys::Function::new_no_args("");
    let mut session = AnalysisSession::new();
    for ((path, text), later) in files.iter().zip(later) {
        match later {
            1 => session.add_unread_file(path.to_string()),
            _ => session.add_file(path.to_string(), text.as_bytes().to_vec()),
        }
    }
    session.join(&progress);
    let mut facts = judged(&mut session, &progress);
    parse(&mut session, &mut facts);
    assert_eq!(facts.predictions.verdict[0], [true], "judged by predict.txt");
    assert_eq!(session.unread_responses(0), ["ER/m/b/p1/response.txt"]);
    session.accept_response(0, "ER/m/b/p1/response.txt".into(), b"The output is [1].".to_vec()).unwrap();
    assert!(session.unread_responses(0).is_empty());
    let detail: serde_json::Value = serde_json::from_str(&session.program_detail(0).unwrap()).unwrap();
    assert_eq!(detail["predictions"][0]["response"], "The output is [1].");
}

/// What run_worker.js workers report comes back into the session, as worker.js hands it over:
/// a report (the harness's JSON), a run that had to be stopped, runs that could not be made.
#[wasm_bindgen_test]
fn run_reports_decide_the_verdicts_of_the_predictions_that_need_them() {
    let row = |id: &str, prediction: &str| {
        format!(
            r#"{{"id": "{id}", "model": "m", "benchmark": "b", "task": "input", "code": "def f(x):\n    return x * x\n", "input": "f(2)", "expected": "4", "prediction": "{prediction}"}}"#
        )
    };
    let rows = [row("other", "f(-2)"), row("loops", "f(3)"), row("unrun", "f(4)")].join("\n");
    let progress = js_sys::Function::new_no_args("");
    let mut session = AnalysisSession::new();
    session.add_file("inputs.jsonl".into(), rows.into_bytes());
    session.join(&progress);
    assert_eq!(session.run_count(), 3);
    let calls: Vec<String> = (0..3)
        .map(|i| {
            serde_json::from_str::<serde_json::Value>(&session.run_request(i).unwrap()).unwrap()["call"]["text"]
                .to_string()
        })
        .collect();
    let run_of = |call: &str| calls.iter().position(|c| c == &format!("\"{call}\"")).unwrap() as u32;
    let returned = r#"{"outcome": "returned", "value": "4", "result": {"int": "4"}, "error": null,
        "loop_length": 1, "recursion_depth": 1, "line_events": 2, "distinct_lines": 2, "seconds": 0.001}"#;
    session.accept_run(run_of("f(-2)"), returned).unwrap();
    session.accept_run(run_of("f(3)"), r#"{"outcome": "returned", "value": {"forged": true}}"#).unwrap();
    session.run_ended(run_of("f(3)"), true, String::new());
    session.runs_not_made("Python could not start".into());
    let facts = judged(&mut session, &progress);
    let verdicts = facts.predictions.verdicts(Judge::Value);
    let by_id = |id: &str| {
        let i = (0..facts.predictions.len()).find(|&i| facts.programs[facts.predictions.program[i] as usize].id == id);
        verdicts[i.unwrap()]
    };
    assert!(by_id("other"), "f(-2) returned the expected output");
    assert!(!by_id("loops"), "a stopped run, or one whose report cannot be read, is wrong");
    assert!(!by_id("unrun"), "judged as text: f(4) is not the dataset's f(2)");
    assert!(facts.errors.iter().any(|e| e.message.contains("1 program run(s) needed for verdicts were not made")));
}

#[wasm_bindgen_test]
fn a_broken_zip_is_reported_in_wasm() {
    let facts = analyze(vec![InputFile::new("results.zip", b"PK\x03\x04broken".to_vec())]).facts;
    assert!(facts.errors.iter().any(|e| e.file == "results.zip"), "{:?}", facts.errors);
}

#[wasm_bindgen_test]
fn the_demo_has_three_synthetic_models_on_two_benchmarks() {
    let facts = analyze(demo_files()).facts;
    assert!(facts.errors.is_empty(), "{:?}", facts.errors);
    assert_eq!(facts.benchmarks.len(), 2);
    assert_eq!(facts.models.len(), 3);
    assert!(facts.models.iter().all(|m| m.contains("synthetic")));
    let report = Report::build(&facts, Judge::Reference);
    assert_eq!(report.runs.len(), 6);
    assert!(report.constructs.iter().any(|c| c.construct == ReferenceConstruct::Nested.name() && c.total > 0));
}

fn canvas(width: u32, height: u32) -> web_sys::HtmlCanvasElement {
    let document = web_sys::window().unwrap().document().unwrap();
    let canvas: web_sys::HtmlCanvasElement = document.create_element("canvas").unwrap().dyn_into().unwrap();
    canvas.set_width(width);
    canvas.set_height(height);
    document.body().unwrap().append_child(&canvas).unwrap();
    canvas
}

#[wasm_bindgen_test]
fn bars_are_drawn_and_clicks_find_them() {
    let facts = analyze(demo_files()).facts;
    let report = Report::build(&facts, Judge::Reference);
    let canvas = canvas(900, 340);
    let area = canvas_area(&canvas).unwrap();
    let bars = run_bars(&facts.benchmarks, &facts.models, &report.runs);
    let data = SuccessBars {
        title: "",
        measure: "success rate",
        groups: &facts.benchmarks,
        models: &facts.models,
        bars: &bars,
        // The dark page's ink: drawn on a canvas as on the light one.
        ink: &exerscope_charts::palette::Ink::DARK,
    };
    let hits = draw_success_bars(&area, &data).unwrap();
    assert_eq!(hits.len(), 6, "one bar per model and benchmark");
    let [(x0, y0), (x1, y1)] = hits[0].rect;
    let middle = ((x0 + x1) / 2, (y0 + y1) / 2);
    let found: Vec<_> = hits.iter().filter(|h| h.contains(middle)).collect();
    assert_eq!(found.len(), 1);
    assert!(hits.iter().all(|h| h.rect[1].1 <= 340 && h.rect[0].0 >= 0), "bars lie on the canvas");
}

#[wasm_bindgen_test]
fn the_radar_turns_clicks_into_spokes() {
    let canvas = canvas(340, 340);
    let area = canvas_area(&canvas).unwrap();
    let labels: Vec<String> = ReferenceConstruct::RADAR.iter().map(|c| c.short().to_owned()).collect();
    let series = [RadarSeries { model: 0, rates: vec![Some(0.5); labels.len()], programs: vec![40; labels.len()] }];
    let geometry =
        draw_radar(&area, "bench", &labels, &series, &["model".to_owned()], &exerscope_charts::palette::Ink::LIGHT)
            .unwrap();
    let (cx, cy) = geometry.center;
    let up = (cx, cy - (geometry.radius * 0.8) as i32);
    assert_eq!(geometry.spoke_at(up), Some(0), "straight up is the first spoke (NL)");
    assert_eq!(geometry.spoke_at((cx, cy)), None, "the centre is no spoke");
    let square = RadarGeometry { center: (100, 100), radius: 50.0, spokes: 4 };
    assert_eq!(square.spoke_at((148, 102)), Some(1), "right of centre is the second of four");
    assert_eq!(square.spoke_at((100, 150)), Some(2));
    assert_eq!(square.spoke_at((40, 100)), Some(3));
    assert_eq!(square.spoke_at((0, 0)), None, "outside the chart");
}

#[wasm_bindgen_test]
fn property_bars_are_drawn_for_the_demo() {
    use exerscope_charts::figures::{property, Chart};
    use exerscope_core::numeric::NumericProperty;
    let facts = analyze(demo_files()).facts;
    let report = Report::build(&facts, Judge::Reference);
    let figure = property(&facts, &report, 0, None, NumericProperty::Loc).unwrap();
    let Chart::Property { buckets, .. } = figure.chart else { panic!("not a property chart") };
    assert_eq!(buckets.iter().map(|b| b.correct + b.incorrect).sum::<u64>(), 16, "every demo program has code");
    let area = canvas_area(&canvas(560, 320)).unwrap();
    exerscope_charts::property_bars::draw_property_bars(
        &area,
        "model",
        "ρ",
        "lines of code",
        &buckets,
        1,
        &exerscope_charts::palette::Ink::LIGHT,
    )
    .unwrap();
}

#[wasm_bindgen_test]
fn a_heatmaps_cells_put_as_an_image_are_squares_of_their_colours() {
    use exerscope_charts::heatmap::CellImage;
    let canvas = canvas(60, 40);
    // Two columns, a row: red and (no value) white, 13-pixel cells from (5, 3).
    let image =
        CellImage { origin: (5, 3), cell: (13, 13), columns: 2, rows: 1, rgb: vec![200, 10, 20, 255, 255, 255] };
    put_cells(&canvas, &image).unwrap();
    let context: web_sys::CanvasRenderingContext2d = canvas.get_context("2d").unwrap().unwrap().dyn_into().unwrap();
    let pixel = |x: f64, y: f64| context.get_image_data(x, y, 1.0, 1.0).unwrap().data().to_vec();
    assert_eq!(pixel(5.0, 3.0), [200, 10, 20, 255], "the first cell's corner");
    assert_eq!(pixel(17.0, 15.0), [200, 10, 20, 255], "its opposite corner: no smoothing");
    assert_eq!(pixel(18.0, 3.0), [255, 255, 255, 255], "the second cell");
    assert_eq!(pixel(31.0, 3.0), [0, 0, 0, 0], "nothing past the cells");
    assert_eq!(pixel(5.0, 16.0), [0, 0, 0, 0]);
}
