//! The demo dataset bundled with the app (made by `tools/make_demo.py`): our own programs with
//! their real outputs, and SYNTHETIC predictions of imaginary models, in the ExeRScope layout, so
//! that the demo goes through the same reader as real results.

use exerscope_core::InputFile;
use serde::Deserialize;
use std::collections::BTreeMap;

const DEMO_JSON: &str = include_str!("demo/demo.json");

#[derive(Deserialize)]
struct Demo {
    files: BTreeMap<String, String>,
}

pub fn demo_files() -> Vec<InputFile> {
    let demo: Demo = serde_json::from_str(DEMO_JSON).expect("the bundled demo is valid JSON");
    demo.files.into_iter().map(|(path, text)| InputFile::new(path, text.into_bytes())).collect()
}
