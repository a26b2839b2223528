//! Programs of a drop that are nearly the same code: a benchmark designer's copies, templates
//! filled twice, a program carried over from another benchmark under a new name. Two programs are
//! near-duplicates when the Jaccard similarity of their sets of token trigrams is at least
//! [`SIMILAR`]. All pairs above the threshold are found exactly with prefix filtering (Bayardo,
//! Ma & Srikant, "Scaling up all pairs similarity search", WWW 2007): only programs that share a
//! trigram among the first few of their rarest are compared.

use crate::table::ProgramIdx;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// The least Jaccard similarity of two programs' token trigrams that makes them near-duplicates.
pub const SIMILAR: f64 = 0.8;
/// The pairs kept (the most similar first): a benchmark that holds one program a hundred times
/// has 4,950 pairs, and the first ones say it.
pub const KEPT_PAIRS: usize = 500;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NearDuplicate {
    /// The two programs, the first one first in the drop.
    pub programs: [ProgramIdx; 2],
    /// Jaccard similarity of their token trigrams (1: the same tokens, layout and all else aside).
    pub similarity: f64,
}

/// The near-duplicates of a drop and how many pairs there are in all.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct NearDuplicates {
    /// The [`KEPT_PAIRS`] most similar pairs, most similar first.
    pub pairs: Vec<NearDuplicate>,
    /// Every pair found.
    pub found: u64,
}

/// One program as compared: its code, and what makes two programs "the same program" already.
pub struct Compared<'a> {
    pub code: Option<&'a str>,
    /// Programs of the same language only are compared.
    pub language: &'a str,
    pub benchmark: u32,
    pub id: &'a str,
}

impl Compared<'_> {
    /// Whether a pair of these is one program in two benchmarks of the drop (CRUXEval read from
    /// two frameworks, HumanEval in ExeRScope and CoCoNUT): the same id, told apart by its
    /// benchmark only, is not a copy.
    fn same_program(&self, other: &Compared<'_>) -> bool {
        self.id == other.id && self.benchmark != other.benchmark
    }
}

/// Every pair of `programs` (by index) whose code is nearly the same.
pub fn near_duplicates(programs: &[Compared<'_>]) -> NearDuplicates {
    let sets: Vec<Vec<u64>> = programs.iter().map(|p| p.code.map(trigrams).unwrap_or_default()).collect();
    let ranked = by_rarity(&sets);
    let mut index: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut pairs = Vec::new();
    // Shorter sets first: a set meets in the index only sets no longer than itself.
    let mut order: Vec<usize> = (0..sets.len()).filter(|&i| !sets[i].is_empty()).collect();
    order.sort_by_key(|&i| (ranked[i].len(), i));
    // The last program each one was compared with: a candidate met through two tokens once.
    let mut compared_with = vec![usize::MAX; sets.len()];
    for &b in &order {
        let (set, size) = (&ranked[b], ranked[b].len());
        for token in &set[..prefix_length(size)] {
            for &a in index.get(token).into_iter().flatten() {
                let a_size = ranked[a as usize].len();
                // Jaccard ≥ SIMILAR needs the smaller set to be at least SIMILAR of the larger.
                if (a_size as f64) < SIMILAR * size as f64 || compared_with[a as usize] == b {
                    continue;
                }
                compared_with[a as usize] = b;
                let (first, second) = (&programs[a as usize], &programs[b]);
                if first.language != second.language || first.same_program(second) {
                    continue;
                }
                let similarity = jaccard(&sets[a as usize], &sets[b]);
                if similarity >= SIMILAR {
                    let (low, high) = (a.min(b as u32), a.max(b as u32));
                    pairs.push(NearDuplicate { programs: [low, high], similarity });
                }
            }
        }
        for token in &set[..prefix_length(size)] {
            index.entry(*token).or_default().push(b as u32);
        }
    }
    let found = pairs.len() as u64;
    pairs.sort_by(|x, y| y.similarity.total_cmp(&x.similarity).then(x.programs.cmp(&y.programs)));
    pairs.truncate(KEPT_PAIRS);
    NearDuplicates { pairs, found }
}

/// How many of a set's rarest elements two sets of similarity ≥ [`SIMILAR`] must share one of.
fn prefix_length(size: usize) -> usize {
    size - (SIMILAR * size as f64).ceil() as usize + 1
}

/// Each set's elements renamed by their rank among all elements, rarest first, and sorted: the
/// prefix of a set is then its rarest elements, and few sets share one.
fn by_rarity(sets: &[Vec<u64>]) -> Vec<Vec<u32>> {
    let mut frequency: HashMap<u64, u32> = HashMap::new();
    for &element in sets.iter().flatten() {
        *frequency.entry(element).or_default() += 1;
    }
    let mut elements: Vec<(u32, u64)> = frequency.into_iter().map(|(element, count)| (count, element)).collect();
    elements.sort_unstable();
    let rank: HashMap<u64, u32> =
        elements.iter().enumerate().map(|(rank, &(_, element))| (element, rank as u32)).collect();
    sets.iter()
        .map(|set| {
            let mut ranked: Vec<u32> = set.iter().map(|e| rank[e]).collect();
            ranked.sort_unstable();
            ranked
        })
        .collect()
}

/// |a ∩ b| / |a ∪ b| of two sorted sets without repeats.
fn jaccard(a: &[u64], b: &[u64]) -> f64 {
    let (mut i, mut j, mut common) = (0, 0, 0usize);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    common as f64 / (a.len() + b.len() - common) as f64
}

/// The code's token trigrams, hashed, sorted, without repeats. A token is a run of letters,
/// digits and `_`, or one other character that is not a space: layout does not count, names and
/// literals do.
fn trigrams(code: &str) -> Vec<u64> {
    let mut tokens: Vec<&str> = Vec::new();
    let mut word_start: Option<usize> = None;
    for (at, c) in code.char_indices() {
        let word = c.is_alphanumeric() || c == '_';
        match (word, word_start) {
            (true, None) => word_start = Some(at),
            (true, Some(_)) => {}
            (false, start) => {
                if let Some(start) = start {
                    tokens.push(&code[start..at]);
                    word_start = None;
                }
                if !c.is_whitespace() {
                    tokens.push(&code[at..at + c.len_utf8()]);
                }
            }
        }
    }
    if let Some(start) = word_start {
        tokens.push(&code[start..]);
    }
    let mut set: Vec<u64> = tokens
        .windows(3.min(tokens.len()).max(1))
        .map(|gram| {
            // SipHash with its fixed keys: the same trigram hashes alike in the CLI and the page.
            let mut hasher = std::hash::DefaultHasher::new();
            gram.hash(&mut hasher);
            hasher.finish()
        })
        .collect();
    set.sort_unstable();
    set.dedup();
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    fn program<'a>(code: &'a str, benchmark: u32, id: &'a str) -> Compared<'a> {
        Compared { code: Some(code), language: "python", benchmark, id }
    }

    /// Every pair at or above the threshold, compared one by one.
    fn brute_force(programs: &[Compared<'_>]) -> Vec<[u32; 2]> {
        let sets: Vec<Vec<u64>> = programs.iter().map(|p| p.code.map(trigrams).unwrap_or_default()).collect();
        let mut pairs = Vec::new();
        for b in 0..programs.len() {
            for a in 0..b {
                let (x, y) = (&programs[a], &programs[b]);
                let similar = !sets[a].is_empty() && !sets[b].is_empty() && jaccard(&sets[a], &sets[b]) >= SIMILAR;
                if similar && x.language == y.language && !x.same_program(y) {
                    pairs.push([a as u32, b as u32]);
                }
            }
        }
        pairs.sort();
        pairs
    }

    #[test]
    fn layout_does_not_count_names_and_values_do() {
        let code =
            "def f(text):\n    result = []\n    for c in text:\n        result.append(c.upper())\n    return result\n";
        let relaid = "def f(text):\n  result=[]\n  for c in text:\n     result.append( c.upper() )\n  return result";
        let renamed = code.replace("result", "out").replace("text", "s");
        let programs = [program(code, 0, "a"), program(relaid, 0, "b"), program(&renamed, 0, "c")];
        let found = near_duplicates(&programs);
        assert_eq!(found.found, 1);
        assert_eq!(found.pairs, vec![NearDuplicate { programs: [0, 1], similarity: 1.0 }]);
    }

    #[test]
    fn one_program_in_two_benchmarks_is_no_copy_and_languages_are_kept_apart() {
        let code = "def f(x):\n    return [y * 2 for y in x if y > 3]\n";
        let mut programs = vec![program(code, 0, "CRUXEval/1"), program(code, 1, "CRUXEval/1")];
        assert_eq!(near_duplicates(&programs).found, 0);
        programs.push(Compared { language: "java", ..program(code, 1, "other") });
        assert_eq!(near_duplicates(&programs).found, 0);
        programs.push(program(code, 1, "copy"));
        let pairs: Vec<[u32; 2]> = near_duplicates(&programs).pairs.iter().map(|p| p.programs).collect();
        assert_eq!(pairs, vec![[0, 3], [1, 3]]);
    }

    #[test]
    fn prefix_filtering_finds_every_pair_the_brute_force_finds() {
        // Programs made of a few shared lines, varied one line at a time: many pairs near the
        // threshold on either side.
        let lines = [
            "x = x + 1",
            "y = [i for i in range(n)]",
            "return sorted(s)",
            "if a > b: a, b = b, a",
            "while n: n //= 2",
            "s = s.replace('a', 'b')",
            "d[k] = d.get(k, 0) + 1",
            "print(x)",
        ];
        let mut codes = Vec::new();
        let mut state: u64 = 7;
        for _ in 0..300 {
            let mut code = String::from("def f(s, n, a, b, d, k, x):\n");
            for _ in 0..6 {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                code.push_str(&format!("    {}\n", lines[(state >> 33) as usize % lines.len()]));
            }
            codes.push(code);
        }
        let programs: Vec<Compared<'_>> =
            codes.iter().enumerate().map(|(i, c)| program(c, (i % 2) as u32, ["p", "q", "r"][i % 3])).collect();
        let mut found: Vec<[u32; 2]> = near_duplicates(&programs).pairs.iter().map(|p| p.programs).collect();
        found.sort();
        let expected = brute_force(&programs);
        assert!(expected.len() > 20 && expected.len() < KEPT_PAIRS, "{} pairs: the test needs some", expected.len());
        assert_eq!(found, expected);
    }

    #[test]
    fn programs_without_code_or_tokens_pair_with_none() {
        let programs = [
            Compared { code: None, ..program("", 0, "a") },
            program("", 0, "b"),
            program("   \n", 0, "c"),
            program("x", 0, "d"),
            program("x", 0, "e"),
        ];
        assert_eq!(near_duplicates(&programs).pairs, vec![NearDuplicate { programs: [3, 4], similarity: 1.0 }]);
    }
}
