//! Facts as they cross from the analysis worker to the page, in two transferable buffers moved
//! without a copy: the predictions' columns as raw little-endian values (read back at the speed of
//! a copy: a million predictions are 15 MB read in a few milliseconds, where decoding varints took
//! tens on the page's thread), everything else as JSON bytes.

use exerscope_core::facts::{PredictionFacts, TypeId};
use exerscope_core::table::Task;
use exerscope_core::types::ReferenceType;
use exerscope_core::{Facts, Judge};

/// `facts` as (JSON without the predictions, the predictions' columns as bytes).
pub fn split(facts: &mut Facts) -> Result<(Vec<u8>, Vec<u8>), String> {
    let predictions = std::mem::take(&mut facts.predictions);
    let json = serde_json::to_vec(facts).map_err(|e| e.to_string());
    facts.predictions = predictions;
    Ok((json?, columns(&facts.predictions)))
}

/// The facts of [`split`]'s JSON, without their predictions (read apart: each a task of the
/// page's own at a million predictions).
pub fn facts(json: &[u8]) -> Result<Facts, String> {
    serde_json::from_slice(json).map_err(|e| format!("the facts: {e}"))
}

/// The predictions of [`split`]'s columns.
pub fn predictions(columns: &[u8]) -> Result<PredictionFacts, String> {
    from_columns(columns).map_err(|e| format!("the predictions' facts: {e}"))
}

/// Bytes per prediction: model and program (4 each), a byte each for the task, the judges'
/// verdicts (one per judge) and the reference category, the answer type (2).
const ROW_BYTES: usize = 4 + 4 + 2 + 1 + Judge::ALL.len() + 1;

/// The prediction count, then each column whole, in [`PredictionFacts`]' order.
fn columns(p: &PredictionFacts) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(4 + p.len() * ROW_BYTES);
    bytes.extend((p.len() as u32).to_le_bytes());
    bytes.extend(p.model.iter().flat_map(|m| m.to_le_bytes()));
    bytes.extend(p.program.iter().flat_map(|m| m.to_le_bytes()));
    bytes.extend(p.task.iter().map(|&t| t as u8));
    for verdicts in &p.verdict {
        bytes.extend(verdicts.iter().map(|&v| u8::from(v)));
    }
    bytes.extend(p.answer_type_reference.iter().map(|&r| r as u8));
    bytes.extend(p.answer_type.iter().flat_map(|t| t.to_le_bytes()));
    bytes
}

fn from_columns(bytes: &[u8]) -> Result<PredictionFacts, String> {
    let (count, rest) = bytes.split_first_chunk::<4>().ok_or("no count")?;
    let n = u32::from_le_bytes(*count) as usize;
    if Some(rest.len()) != n.checked_mul(ROW_BYTES) {
        return Err(format!("{} bytes for {n} predictions", rest.len()));
    }
    let (model, rest) = rest.split_at(4 * n);
    let (program, rest) = rest.split_at(4 * n);
    let (task, rest) = rest.split_at(n);
    let (verdicts, rest) = rest.split_at(Judge::ALL.len() * n);
    let (reference, answer_type) = rest.split_at(n);
    let u32s = |column: &[u8]| column.chunks_exact(4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    let verdict = |judge: usize| -> Result<Vec<bool>, String> {
        verdicts[judge * n..(judge + 1) * n]
            .iter()
            .map(|&v| match v {
                0 | 1 => Ok(v == 1),
                _ => Err(format!("verdict {v}")),
            })
            .collect()
    };
    Ok(PredictionFacts {
        model: u32s(model),
        program: u32s(program),
        task: task
            .iter()
            .map(|&t| Task::ALL.get(usize::from(t)).copied().ok_or_else(|| format!("task {t}")))
            .collect::<Result<_, _>>()?,
        verdict: Judge::ALL
            .map(|judge| verdict(judge.index()))
            .into_iter()
            .collect::<Result<Vec<_>, _>>()?
            .try_into()
            .expect("one column per judge"),
        answer_type_reference: reference
            .iter()
            .map(|&r| ReferenceType::ALL.get(usize::from(r)).copied().ok_or_else(|| format!("category {r}")))
            .collect::<Result<_, _>>()?,
        answer_type: answer_type.chunks_exact(2).map(|b| TypeId::from_le_bytes([b[0], b[1]])).collect(),
        present: Default::default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use exerscope_core::{analyze, InputFile};

    #[test]
    fn facts_cross_whole() {
        let rows = [
            r#"{"id": "a", "model": "m", "benchmark": "b", "task": "output", "code": "def f(x):\n    return x\n", "input": "f(1)", "expected": "1", "prediction": "1"}"#,
            r#"{"id": "a", "model": "n", "benchmark": "b", "task": "output", "code": "def f(x):\n    return x\n", "input": "f(1)", "expected": "1", "prediction": "[2]"}"#,
        ];
        let mut facts = analyze(vec![InputFile::new("p.jsonl", rows.join("\n"))]).facts;
        assert_eq!(facts.predictions.len(), 2);
        let before = facts.clone();
        let (json, bytes) = split(&mut facts).unwrap();
        assert_eq!(facts, before, "the worker keeps its facts");
        assert!(String::from_utf8_lossy(&json).contains(r#""answer_type":[]"#), "predictions travel as columns");
        let mut joined = super::facts(&json).unwrap();
        joined.predictions = predictions(&bytes).unwrap().into();
        assert_eq!(joined, before);
        assert!(predictions(&bytes[..bytes.len() - 1]).is_err(), "cut short: an error, not a panic");
        assert!(predictions(&[]).is_err(), "no count: an error");
        assert!(super::facts(&json[1..]).is_err(), "JSON cut short: an error");
    }

    #[test]
    fn every_task_and_category_crosses() {
        let n = Task::ALL.len().max(ReferenceType::ALL.len());
        let predictions = PredictionFacts {
            model: (0..n as u32).map(|i| i * 70_001).collect(),
            program: (0..n as u32).map(|i| u32::MAX - i).collect(),
            task: (0..n).map(|i| Task::ALL[i % Task::ALL.len()]).collect(),
            verdict: [(0..n).map(|i| i % 2 == 0).collect(), vec![true; n], vec![false; n]],
            answer_type_reference: (0..n).map(|i| ReferenceType::ALL[i % ReferenceType::ALL.len()]).collect(),
            answer_type: (0..n as u16).map(|i| i * 300).collect(),
            present: Default::default(),
        };
        let bytes = columns(&predictions);
        assert_eq!(bytes.len(), 4 + n * ROW_BYTES);
        assert_eq!(from_columns(&bytes).unwrap(), predictions);
        // A byte no verdict, task or category has: an error naming it.
        let verdicts_at = 4 + n * (4 + 4 + 1);
        let mut bad = bytes.clone();
        bad[verdicts_at] = 2;
        assert_eq!(from_columns(&bad).unwrap_err(), "verdict 2");
        let mut bad = bytes;
        bad[4 + n * 8] = 200;
        assert_eq!(from_columns(&bad).unwrap_err(), "task 200");
    }
}
