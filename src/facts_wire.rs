//! Facts as they cross from the analysis worker to the page: the predictions' columns as bytes
//! (postcard: varints, a byte per verdict) in one transferable buffer, everything else as JSON.
//! A million predictions are some 10 MB moved without a copy, instead of 45 MB of JSON text
//! copied and parsed on the page's thread.

use exerscope_core::facts::PredictionFacts;
use exerscope_core::Facts;

/// `facts` as (JSON without the predictions, the predictions as bytes).
pub fn split(facts: &mut Facts) -> Result<(String, Vec<u8>), String> {
    let predictions = std::mem::take(&mut facts.predictions);
    let json = serde_json::to_string(facts).map_err(|e| e.to_string());
    let bytes = postcard::to_allocvec(&predictions).map_err(|e| e.to_string());
    facts.predictions = predictions;
    Ok((json?, bytes?))
}

/// The facts [`split`] gave.
pub fn join(json: &str, predictions: &[u8]) -> Result<Facts, String> {
    let mut facts: Facts = serde_json::from_str(json).map_err(|e| format!("the facts: {e}"))?;
    let predictions: PredictionFacts =
        postcard::from_bytes(predictions).map_err(|e| format!("the predictions' facts: {e}"))?;
    facts.predictions = predictions;
    Ok(facts)
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
        assert!(json.contains(r#""answer_type":[]"#), "predictions travel as bytes: {json}");
        assert_eq!(join(&json, &bytes).unwrap(), before);
        assert!(join(&json, &bytes[..bytes.len() - 1]).is_err(), "cut short: an error, not a panic");
    }
}
