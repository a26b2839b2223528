//! The answer inside a model's raw response (SPEC §3), for result folders that keep only the
//! response and no `predict.txt`.

/// Sentinel answer when a response has no `<<<Output>>>` marker.
pub const NO_MARKER: &str = "ERR";
/// Sentinel answer when there is no response at all.
pub const NO_RESPONSE: &str = "FILE_NOT_FOUND";

const OUTPUT_MARKER: &str = "<<<Output>>>";
const END_MARKER: &str = "[END-OF-RESPONSE]";
const ANSWER_MARKER: &str = "[Answer]";

/// The text between `<<<Output>>>` and `[END-OF-RESPONSE]`. A response that echoes the prompt
/// (which itself shows the markers in its examples) is read after its last `[Answer]`.
pub fn extract_output(response: &str) -> String {
    let answer_part = match response.rfind(ANSWER_MARKER) {
        Some(at) => &response[at + ANSWER_MARKER.len()..],
        None => response,
    };
    let Some(start) = answer_part.find(OUTPUT_MARKER) else {
        return NO_MARKER.to_owned();
    };
    let after = &answer_part[start + OUTPUT_MARKER.len()..];
    let end = after.find(END_MARKER).unwrap_or(after.len());
    after[..end].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_between_markers() {
        let response = "<<<Analysis>>>\nthinking\n<<<Output>>>\n[1, 2]\n[END-OF-RESPONSE]\n";
        assert_eq!(extract_output(response), "\n[1, 2]\n");
    }

    #[test]
    fn no_end_marker_takes_the_rest() {
        assert_eq!(extract_output("<<<Output>>> 3"), " 3");
    }

    #[test]
    fn no_marker_is_err() {
        assert_eq!(extract_output("the answer is 3"), NO_MARKER);
    }

    #[test]
    fn echoed_prompt_is_read_after_the_last_answer_tag() {
        let response = "[Answer]\n<<<Output>>>\nexample\n[END-OF-RESPONSE]\n[Code]...\n[Answer]\n<<<Output>>>\n'real'\n[END-OF-RESPONSE]";
        assert_eq!(extract_output(response), "\n'real'\n");
    }
}
