//! The fuzz corpus, replayed: every input the fuzzers kept (`fuzz/corpus/<target>/`) goes through
//! its target once more, as an ordinary test. A crash the fuzzers found stays fixed.

use exerscope_core::fuzzing::TARGETS;
use std::path::Path;

#[test]
fn every_kept_fuzz_input_runs_through_its_target() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    for (name, target) in TARGETS {
        let folder = corpus.join(name);
        let mut inputs: Vec<_> = std::fs::read_dir(&folder)
            .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
            .map(|entry| entry.unwrap().path())
            .collect();
        inputs.sort();
        assert!(!inputs.is_empty(), "{name}: no corpus");
        for input in inputs {
            target(&std::fs::read(&input).unwrap());
        }
    }
}
