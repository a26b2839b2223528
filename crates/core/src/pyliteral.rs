//! Python literals, as `ast.literal_eval` reads them, and Python's `==` between them.
//!
//! Supported: `None`, `True`, `False`, ints (decimal, hex, octal, binary, `_` separators, any
//! size), floats, imaginary numbers and `a ± bj`, strings and bytes with every prefix, quote and
//! escape form (adjacent literals concatenate), tuples (with or without parentheses), lists,
//! dicts, sets and `set()`, nested, with a unary sign on numbers.
//!
//! Brackets nest at most [`MAX_DEPTH`] deep, as in Python's own parser: deeper text is no Python,
//! and the parser (recursive, like everything that walks a [`Value`]) never goes deeper.

use std::borrow::Cow;
use std::fmt;

/// How deep brackets may nest: CPython's tokenizer refuses more ("too many nested parentheses").
pub const MAX_DEPTH: usize = 200;

#[derive(Clone, Debug)]
pub enum Value {
    None,
    Bool(bool),
    Int(Int),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    Bytes(Vec<u8>),
    List(Vec<Value>),
    Tuple(Vec<Value>),
    /// Elements are distinct under Python's `==` (duplicates are dropped when read).
    Set(Vec<Value>),
    /// Keys are distinct under Python's `==`; a repeated key keeps its first spelling and last value.
    Dict(Vec<(Value, Value)>),
    /// A value no literal writes (a class instance, a `deque`), as a program run returned it: equal
    /// to another only of the same type and `repr`. Never produced by [`parse`].
    Other {
        type_name: String,
        repr: String,
    },
}

/// A Python int: small ones exactly as `i128`, larger ones by their decimal digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Int {
    Small(i128),
    /// Sign and decimal digits without leading zeros, e.g. `-123456…`.
    Big(String),
}

impl Int {
    /// Python's `int == float`: exact, never by rounding the int to a float
    /// (`9007199254740993 != 9007199254740992.0`, `10**400 != 1e400`).
    fn equals_float(&self, float: f64) -> bool {
        if !float.is_finite() || float.fract() != 0.0 {
            return false;
        }
        match self {
            // Integral floats of magnitude below 2^127 convert to i128 exactly; larger ones
            // cannot equal a small int.
            Int::Small(v) => float.abs() < 2f64.powi(127) && *v == float as i128,
            // `{:.0}` prints a float's exact integral value.
            Int::Big(digits) => *digits == format!("{float:.0}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.message, self.offset)
    }
}

/// Whether `text` nests brackets deeper than [`MAX_DEPTH`] (outside strings, as the parser sees
/// it): such a text is no literal, and is judged as text.
pub fn nests_too_deep(text: &str) -> bool {
    // Most texts have too few brackets to nest that deep: only those are parsed.
    text.bytes().filter(|b| matches!(b, b'(' | b'[' | b'{')).count() > MAX_DEPTH
        && parse(text).is_err_and(|e| e.message.starts_with(TOO_DEEP))
}

const TOO_DEEP: &str = "brackets nested deeper than Python allows";

/// Parses `text` as one Python literal (leading and trailing whitespace allowed).
pub fn parse(text: &str) -> Result<Value, ParseError> {
    let mut parser = Parser { text, pos: 0, depth: 0, indented_at: None };
    let value = parser.expression_list()?;
    parser.skip_space();
    if let Some(offset) = parser.indented_at {
        return Err(ParseError { offset, message: "unexpected indent".to_owned() });
    }
    if parser.pos < text.len() {
        return Err(parser.error("unexpected text after the literal"));
    }
    Ok(value)
}

/// Python's `==` between two literal values: numbers compare by value across bool, int, float
/// and complex; lists never equal tuples; sets and dicts ignore order.
pub fn python_eq(a: &Value, b: &Value) -> bool {
    use Value::*;
    if let (Some(x), Some(y)) = (as_number(a), as_number(b)) {
        return x.equals(&y);
    }
    match (a, b) {
        (None, None) => true,
        (Str(x), Str(y)) => x == y,
        (Bytes(x), Bytes(y)) => x == y,
        (List(x), List(y)) | (Tuple(x), Tuple(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| python_eq(p, q))
        }
        (Set(x), Set(y)) => x.len() == y.len() && x.iter().all(|p| y.iter().any(|q| python_eq(p, q))),
        (Dict(x), Dict(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.iter().any(|(k2, v2)| python_eq(k, k2) && python_eq(v, v2)))
        }
        (Other { type_name: t, repr: r }, Other { type_name: u, repr: q }) => t == u && r == q,
        _ => false,
    }
}

/// A number as Python's numeric tower compares it: an exact int, or a complex of two floats.
enum Number<'a> {
    Int(Cow<'a, Int>),
    Complex(f64, f64),
}

impl Number<'_> {
    fn equals(&self, other: &Number<'_>) -> bool {
        match (self, other) {
            (Number::Int(i), Number::Int(j)) => i == j,
            (Number::Int(i), Number::Complex(re, im)) | (Number::Complex(re, im), Number::Int(i)) => {
                *im == 0.0 && i.equals_float(*re)
            }
            (Number::Complex(a, b), Number::Complex(c, d)) => a == c && b == d,
        }
    }
}

fn as_number(value: &Value) -> Option<Number<'_>> {
    match value {
        Value::Bool(b) => Some(Number::Int(Cow::Owned(Int::Small(i128::from(*b))))),
        Value::Int(i) => Some(Number::Int(Cow::Borrowed(i))),
        Value::Float(f) => Some(Number::Complex(*f, 0.0)),
        Value::Complex(re, im) => Some(Number::Complex(*re, *im)),
        _ => Option::None,
    }
}

/// The real part of a number without an imaginary one (for `1 + 2j`).
fn as_real(value: &Value) -> Option<f64> {
    match value {
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::Int(Int::Small(v)) => Some(*v as f64),
        Value::Int(Int::Big(digits)) => digits.parse().ok(),
        Value::Float(f) => Some(*f),
        _ => Option::None,
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    /// Open brackets: outside them, a line may not start indented (Python's eval mode).
    depth: usize,
    indented_at: Option<usize>,
}

impl<'a> Parser<'a> {
    fn error(&self, message: &str) -> ParseError {
        ParseError { offset: self.pos, message: message.to_owned() }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Skips whitespace, comments and backslash line continuations, and notes a line that starts
    /// indented outside brackets (Python rejects it: `"#c\n 8"` is no literal, `"#c\n8"` is).
    fn skip_space(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            let skipped = &rest[..rest.len() - trimmed.len()];
            let indented = skipped.rsplit_once('\n').is_some_and(|(_, indent)| !indent.is_empty());
            if self.depth == 0 && indented && !trimmed.is_empty() && !trimmed.starts_with('#') {
                self.indented_at.get_or_insert(self.pos + skipped.len());
            }
            self.pos += skipped.len();
            if trimmed.starts_with('#') {
                self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
            } else if trimmed.starts_with("\\\n") {
                self.pos += 2;
            } else {
                return;
            }
        }
    }

    fn eat(&mut self, token: char) -> bool {
        self.skip_space();
        if self.peek() == Some(token) {
            self.pos += token.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, token: char) -> Result<(), ParseError> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(self.error(&format!("expected `{token}`")))
        }
    }

    /// `a, b, c` at the top level is a tuple, as in Python's eval mode.
    fn expression_list(&mut self) -> Result<Value, ParseError> {
        let first = self.value()?;
        if !self.eat(',') {
            return Ok(first);
        }
        let mut items = vec![first];
        self.skip_space();
        while self.pos < self.text.len() {
            items.push(self.value()?);
            if !self.eat(',') {
                break;
            }
            self.skip_space();
        }
        Ok(Value::Tuple(items))
    }

    fn value(&mut self) -> Result<Value, ParseError> {
        self.skip_space();
        let value = match self.peek() {
            Some('[') => self.bracketed(|p| p.sequence('[', ']').map(Value::List)),
            Some('(') => self.bracketed(Self::parenthesised),
            Some('{') => self.bracketed(Self::braces),
            Some('-' | '+') => self.signed_number(),
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some(c) if c == '\'' || c == '"' || c.is_ascii_alphabetic() => self.word_or_string(),
            Some(_) => Err(self.error("not a literal")),
            Option::None => Err(self.error("empty text")),
        }?;
        self.complex_tail(value)
    }

    fn bracketed(&mut self, inner: impl FnOnce(&mut Self) -> Result<Value, ParseError>) -> Result<Value, ParseError> {
        if self.depth == MAX_DEPTH {
            return Err(self.error(&format!("{TOO_DEEP} ({MAX_DEPTH})")));
        }
        self.depth += 1;
        let value = inner(self);
        self.depth -= 1;
        value
    }

    /// `1 + 2j` and `1 - 2j`: literal_eval's only binary operation.
    fn complex_tail(&mut self, value: Value) -> Result<Value, ParseError> {
        let Some(re) = as_real(&value) else {
            return Ok(value);
        };
        let save = self.pos;
        self.skip_space();
        let sign = match self.peek() {
            Some('+') => 1.0,
            Some('-') => -1.0,
            _ => {
                self.pos = save;
                return Ok(value);
            }
        };
        self.pos += 1;
        self.skip_space();
        match self.number()? {
            Value::Complex(0.0, im) => Ok(Value::Complex(re, sign * im)),
            _ => Err(self.error("only an imaginary number may follow `+` or `-`")),
        }
    }

    fn sequence(&mut self, open: char, close: char) -> Result<Vec<Value>, ParseError> {
        self.expect(open)?;
        let mut items = Vec::new();
        loop {
            if self.eat(close) {
                return Ok(items);
            }
            items.push(self.value()?);
            if !self.eat(',') {
                self.expect(close)?;
                return Ok(items);
            }
        }
    }

    /// `()` and `(a,)` are tuples, `(a)` is `a`.
    fn parenthesised(&mut self) -> Result<Value, ParseError> {
        self.expect('(')?;
        if self.eat(')') {
            return Ok(Value::Tuple(vec![]));
        }
        let first = self.value()?;
        if self.eat(')') {
            return Ok(first);
        }
        self.expect(',')?;
        let mut items = vec![first];
        loop {
            if self.eat(')') {
                return Ok(Value::Tuple(items));
            }
            items.push(self.value()?);
            if !self.eat(',') {
                self.expect(')')?;
                return Ok(Value::Tuple(items));
            }
        }
    }

    /// `{}` is a dict; `{a: b}` a dict; `{a}` a set.
    fn braces(&mut self) -> Result<Value, ParseError> {
        self.expect('{')?;
        if self.eat('}') {
            return Ok(Value::Dict(vec![]));
        }
        let first = self.value()?;
        if self.eat(':') {
            let mut entries = vec![];
            let mut key = first;
            loop {
                let value = self.value()?;
                insert_entry(&mut entries, key, value);
                if !self.eat(',') {
                    self.expect('}')?;
                    return Ok(Value::Dict(entries));
                }
                if self.eat('}') {
                    return Ok(Value::Dict(entries));
                }
                key = self.value()?;
                self.expect(':')?;
            }
        }
        let mut items = vec![first];
        while self.eat(',') {
            if self.eat('}') {
                return Ok(Value::Set(dedup(items)));
            }
            items.push(self.value()?);
        }
        self.expect('}')?;
        Ok(Value::Set(dedup(items)))
    }

    /// Any number of signs before a number (`- -5`), read in a loop: they do not nest.
    fn signed_number(&mut self) -> Result<Value, ParseError> {
        let mut negative = false;
        while let Some(sign @ ('-' | '+')) = self.peek() {
            negative ^= sign == '-';
            self.pos += 1;
            self.skip_space();
        }
        let value = self.number()?;
        Ok(if negative { negate(value) } else { value })
    }

    fn number(&mut self) -> Result<Value, ParseError> {
        let rest = self.rest();
        let len = rest
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || is_exponent_sign(rest, i, c)))
            .map_or(rest.len(), |(i, _)| i);
        let token = &rest[..len];
        let value = parse_number(token).ok_or_else(|| self.error(&format!("bad number `{token}`")))?;
        self.pos += len;
        Ok(value)
    }

    fn word_or_string(&mut self) -> Result<Value, ParseError> {
        let rest = self.rest();
        let word_len = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(rest.len());
        let word = &rest[..word_len];
        let quote_follows = matches!(rest[word_len..].chars().next(), Some('\'' | '"'));
        if word_len == 0 || (quote_follows && is_string_prefix(word)) {
            return self.strings();
        }
        self.pos += word_len;
        match word {
            "None" => Ok(Value::None),
            "True" => Ok(Value::Bool(true)),
            "False" => Ok(Value::Bool(false)),
            "set" => {
                self.expect('(')?;
                self.expect(')')?;
                Ok(Value::Set(vec![]))
            }
            _ => {
                self.pos -= word_len;
                Err(self.error(&format!("`{word}` is not a literal")))
            }
        }
    }

    /// One or more adjacent string (or bytes) literals, concatenated.
    fn strings(&mut self) -> Result<Value, ParseError> {
        let mut text = String::new();
        let mut bytes: Option<Vec<u8>> = Option::None;
        let mut count = 0;
        loop {
            self.skip_space();
            let rest = self.rest();
            let prefix_len = rest.find(['\'', '"']).unwrap_or(0);
            let prefix = &rest[..prefix_len];
            if count > 0 && !(rest.starts_with(['\'', '"']) || (is_string_prefix(prefix) && prefix_len > 0)) {
                break;
            }
            let lower = prefix.to_ascii_lowercase();
            let (raw, is_bytes) = (lower.contains('r'), lower.contains('b'));
            if count > 0 && is_bytes != bytes.is_some() {
                return Err(self.error("cannot mix bytes and str literals"));
            }
            self.pos += prefix_len;
            let body = self.quoted_body()?;
            if is_bytes {
                bytes.get_or_insert_with(Vec::new).extend(decode_bytes(body, raw).map_err(|m| self.error(&m))?);
            } else {
                text.push_str(&decode_str(body, raw).map_err(|m| self.error(&m))?);
            }
            count += 1;
        }
        Ok(match bytes {
            Some(b) => Value::Bytes(b),
            Option::None => Value::Str(text),
        })
    }

    /// The text between the quotes (escapes left in place), moving past the closing quote.
    fn quoted_body(&mut self) -> Result<&'a str, ParseError> {
        let rest = self.rest();
        let quote = if rest.starts_with("'''") || rest.starts_with("\"\"\"") { &rest[..3] } else { &rest[..1] };
        let body_start = quote.len();
        let mut i = body_start;
        let bytes = rest.as_bytes();
        while i < rest.len() {
            if bytes[i] == b'\\' {
                i += 2;
                continue;
            }
            if bytes[i..].starts_with(quote.as_bytes()) {
                self.pos += i + quote.len();
                return Ok(&rest[body_start..i]);
            }
            if bytes[i] == b'\n' && quote.len() == 1 {
                break;
            }
            i += 1;
        }
        Err(self.error("unterminated string"))
    }
}

fn is_exponent_sign(token: &str, i: usize, c: char) -> bool {
    (c == '+' || c == '-')
        && i > 0
        && matches!(token.as_bytes()[i - 1], b'e' | b'E')
        && !token[..i].starts_with("0x")
        && !token[..i].starts_with("0X")
}

fn is_string_prefix(word: &str) -> bool {
    matches!(word.to_ascii_lowercase().as_str(), "" | "r" | "u" | "b" | "br" | "rb")
}

fn parse_number(token: &str) -> Option<Value> {
    if token.contains("__") || token.ends_with('_') || token.starts_with('_') {
        return Option::None;
    }
    let clean = token.replace('_', "");
    let lower = clean.to_ascii_lowercase();
    if let Some(imaginary) = lower.strip_suffix('j') {
        return parse_float(imaginary).map(|im| Value::Complex(0.0, im));
    }
    let radix = match lower.get(..2) {
        Some("0x") => Some(16),
        Some("0o") => Some(8),
        Some("0b") => Some(2),
        _ => Option::None,
    };
    if let Some(radix) = radix {
        return i128::from_str_radix(&lower[2..], radix).ok().map(|v| Value::Int(Int::Small(v)));
    }
    if lower.bytes().all(|b| b.is_ascii_digit()) {
        // Python 3 forbids leading zeros in decimal ints other than 0 itself.
        if lower.len() > 1 && lower.starts_with('0') && lower.bytes().any(|b| b != b'0') {
            return Option::None;
        }
        return Some(Value::Int(match lower.parse::<i128>() {
            Ok(v) => Int::Small(v),
            Err(_) => Int::Big(lower.trim_start_matches('0').to_owned()),
        }));
    }
    parse_float(&lower).map(Value::Float)
}

fn parse_float(text: &str) -> Option<f64> {
    let valid = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'+' | b'-'))
        && text.bytes().any(|b| b.is_ascii_digit());
    if valid {
        text.parse().ok()
    } else {
        Option::None
    }
}

fn negate(value: Value) -> Value {
    match value {
        Value::Bool(b) => Value::Int(Int::Small(-i128::from(b))),
        Value::Int(Int::Small(v)) => Value::Int(Int::Small(-v)),
        Value::Int(Int::Big(d)) => Value::Int(Int::Big(match d.strip_prefix('-') {
            Some(positive) => positive.to_owned(),
            Option::None => format!("-{d}"),
        })),
        Value::Float(f) => Value::Float(-f),
        Value::Complex(re, im) => Value::Complex(-re, -im),
        other => other,
    }
}

fn dedup(items: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for item in items {
        if !out.iter().any(|seen| python_eq(seen, &item)) {
            out.push(item);
        }
    }
    out
}

fn insert_entry(entries: &mut Vec<(Value, Value)>, key: Value, value: Value) {
    match entries.iter_mut().find(|(k, _)| python_eq(k, &key)) {
        Some(entry) => entry.1 = value,
        Option::None => entries.push((key, value)),
    }
}

fn decode_str(body: &str, raw: bool) -> Result<String, String> {
    if raw {
        return Ok(body.to_owned());
    }
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            return Err("trailing backslash".into());
        };
        match e {
            '\n' => {}
            '\\' | '\'' | '"' => out.push(e),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '0'..='7' => out.push(char::from_u32(octal(e, &mut chars)).ok_or("bad octal escape")?),
            'x' => out.push(char::from_u32(hex_digits(&mut chars, 2)?).ok_or("bad \\x escape")?),
            'u' => out.push(char::from_u32(hex_digits(&mut chars, 4)?).ok_or("bad \\u escape")?),
            'U' => out.push(char::from_u32(hex_digits(&mut chars, 8)?).ok_or("bad \\U escape")?),
            'N' => return Err("\\N{...} escapes are not supported".into()),
            other => {
                out.push('\\');
                out.push(other);
            }
        }
    }
    Ok(out)
}

fn decode_bytes(body: &str, raw: bool) -> Result<Vec<u8>, String> {
    if !body.is_ascii() {
        return Err("bytes can only contain ASCII characters".into());
    }
    if raw {
        return Ok(body.as_bytes().to_vec());
    }
    let mut out = Vec::with_capacity(body.len());
    let mut chars = body.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c as u8);
            continue;
        }
        let Some(e) = chars.next() else {
            return Err("trailing backslash".into());
        };
        match e {
            '\n' => {}
            '\\' | '\'' | '"' => out.push(e as u8),
            'a' => out.push(7),
            'b' => out.push(8),
            'f' => out.push(12),
            'n' => out.push(b'\n'),
            'r' => out.push(b'\r'),
            't' => out.push(b'\t'),
            'v' => out.push(11),
            '0'..='7' => out.push((octal(e, &mut chars) & 0xff) as u8),
            'x' => out.push(hex_digits(&mut chars, 2)? as u8),
            other => {
                out.push(b'\\');
                out.push(other as u8);
            }
        }
    }
    Ok(out)
}

fn octal(first: char, chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> u32 {
    let mut value = first.to_digit(8).unwrap_or(0);
    for _ in 0..2 {
        match chars.peek().and_then(|c| c.to_digit(8)) {
            Some(d) => {
                value = value * 8 + d;
                chars.next();
            }
            Option::None => break,
        }
    }
    value
}

fn hex_digits(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, count: usize) -> Result<u32, String> {
    let mut value = 0;
    for _ in 0..count {
        let digit = chars.next().and_then(|c| c.to_digit(16)).ok_or("truncated hex escape")?;
        value = value * 16 + digit;
    }
    Ok(value)
}

/// Python's `repr()` of the value: what a person reads beside a model's claim.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn items(f: &mut fmt::Formatter<'_>, items: &[Value], open: &str, close: &str) -> fmt::Result {
            f.write_str(open)?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{item}")?;
            }
            f.write_str(close)
        }
        match self {
            Value::None => f.write_str("None"),
            Value::Bool(b) => f.write_str(if *b { "True" } else { "False" }),
            Value::Int(Int::Small(i)) => write!(f, "{i}"),
            Value::Int(Int::Big(digits)) => f.write_str(digits),
            Value::Float(x) => f.write_str(&float_repr(*x)),
            Value::Complex(re, im) if *re == 0.0 && re.is_sign_positive() => write!(f, "{}j", complex_part(*im)),
            Value::Complex(re, im) => {
                let sign = if im.is_sign_negative() { '-' } else { '+' };
                write!(f, "({}{sign}{}j)", complex_part(*re), complex_part(im.abs()))
            }
            Value::Str(s) => f.write_str(&quoted(s.chars(), "")),
            Value::Bytes(b) => f.write_str(&quoted(b.iter().map(|&b| b as char), "b")),
            Value::List(v) => items(f, v, "[", "]"),
            Value::Tuple(v) if v.len() == 1 => write!(f, "({},)", v[0]),
            Value::Tuple(v) => items(f, v, "(", ")"),
            Value::Set(v) if v.is_empty() => f.write_str("set()"),
            Value::Set(v) => items(f, v, "{", "}"),
            Value::Dict(entries) => {
                f.write_str("{")?;
                for (i, (k, v)) in entries.iter().enumerate() {
                    write!(f, "{}{k}: {v}", if i > 0 { ", " } else { "" })?;
                }
                f.write_str("}")
            }
            Value::Other { repr, .. } => f.write_str(repr),
        }
    }
}

/// Python's `repr` of a float: the shortest digits that read back, in exponent form below 1e-4
/// and from 1e16 (`1e-07`, `1e+16`), an integral one with `.0`.
fn float_repr(x: f64) -> String {
    if x.is_nan() {
        return "nan".to_owned();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let scientific = format!("{x:e}"); // shortest digits: `1.5e16`, `-1e-7`
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if x != 0.0 && !(-4..16).contains(&exponent) {
        let sign = if exponent < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exponent.abs());
    }
    let plain = format!("{x}");
    if plain.contains('.') {
        plain
    } else {
        format!("{plain}.0")
    }
}

/// A part of a complex number as Python prints it: an integral one without `.0` (`(1+2.5j)`).
fn complex_part(x: f64) -> String {
    let repr = float_repr(x);
    repr.strip_suffix(".0").map_or_else(|| repr.clone(), str::to_owned)
}

/// A string or bytes literal as Python writes it: single quotes unless the text holds one and no
/// double quote; backslashes, the quote and control characters escaped.
fn quoted(chars: impl Iterator<Item = char> + Clone, prefix: &str) -> String {
    let quote = if chars.clone().any(|c| c == '\'') && !chars.clone().any(|c| c == '"') { '"' } else { '\'' };
    let bytes = !prefix.is_empty();
    let mut out = format!("{prefix}{quote}");
    for c in chars {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f || (bytes && c as u32 > 0x7f) => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// A value travels as its `repr` (the page shows it; a literal reads back as itself).
impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        let repr = String::deserialize(deserializer)?;
        Ok(parse(&repr).unwrap_or(Value::Other { type_name: String::new(), repr }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eq(a: &str, b: &str) -> bool {
        python_eq(&parse(a).unwrap(), &parse(b).unwrap())
    }

    /// Each as Python 3.12's `repr(ast.literal_eval(text))` prints it.
    #[test]
    fn a_value_prints_as_python_s_repr_and_reads_back_as_itself() {
        for (text, repr) in [
            ("[1, (2,), {'a': None}, True]", "[1, (2,), {'a': None}, True]"),
            ("1e-7", "1e-07"),
            ("1e16", "1e+16"),
            ("123.0", "123.0"),
            ("0.1", "0.1"),
            ("-2.5e-5", "-2.5e-05"),
            ("12345678901234567890123", "12345678901234567890123"),
            ("\"it's\"", "\"it's\""),
            ("'a\\nb\\\\'", "'a\\nb\\\\'"),
            ("b'\\x00A'", "b'\\x00A'"),
            ("set()", "set()"),
            ("{1}", "{1}"),
            ("(1, 2)", "(1, 2)"),
            ("1+2j", "(1+2j)"),
            ("2j", "2j"),
        ] {
            let value = parse(text).unwrap();
            assert_eq!(value.to_string(), repr, "{text}");
            assert!(python_eq(&parse(repr).unwrap(), &value), "{text}");
            let json = serde_json::to_string(&value).unwrap();
            assert!(python_eq(&serde_json::from_str::<Value>(&json).unwrap(), &value), "{text}");
        }
    }

    #[test]
    fn numbers_compare_across_types() {
        assert!(eq("1", "1.0"));
        assert!(eq("True", "1"));
        assert!(eq("-0.0", "0.0"));
        assert!(eq("1e3", "1000"));
        assert!(eq("0x10", "16"));
        assert!(eq("1_000", "1000"));
        assert!(eq("(1+0j)", "1"));
        assert!(eq("1 - 2j", "(1-2j)"));
        assert!(!eq("1", "2"));
        assert!(!eq("1", "'1'"));
        assert!(eq("123456789012345678901234567890123456789012", "123456789012345678901234567890123456789012"));
        assert!(eq("-5", "- 5"));
        assert!(eq("- - 5", "5"));
    }

    #[test]
    fn ints_and_floats_compare_exactly_as_python_does() {
        assert!(!eq("9007199254740993", "9007199254740992.0"));
        assert!(eq("9007199254740992", "9007199254740992.0"));
        assert!(!eq(&format!("1{}", "0".repeat(400)), "1e400"), "10**400 != inf");
        assert!(eq("10000000000000000000000", "1e22"), "10**22 is a float exactly");
        assert!(!eq("100000000000000000000000", "1e23"), "10**23 is not");
        assert!(
            eq("1267650600228229401496703205376", "1267650600228229401496703205376.0"),
            "2**100 is a float exactly"
        );
        assert!(!eq("1", "1.5"));
        assert!(eq("(2+0j)", "2"));
        assert!(!eq("(2+1j)", "2"));
        assert!(!eq("1e400", "1e400 + 1j"));
        assert!(eq("True", "1.0"));
    }

    #[test]
    fn nesting_deeper_than_python_allows_is_an_error_not_a_crash() {
        let deep = format!("{}{}", "[".repeat(20_000), "]".repeat(20_000));
        let error = parse(&deep).unwrap_err();
        assert!(error.message.contains("deeper than Python allows"), "{error}");
        let allowed = format!("{}{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
        assert!(parse(&allowed).is_ok());
        assert!(parse(&format!("{}1", "-".repeat(100_000))).is_ok(), "signs do not nest");
        assert!(nests_too_deep(&deep));
        assert!(!nests_too_deep(&allowed));
        assert!(!nests_too_deep(&format!("'{}'", "[".repeat(1000))), "brackets in a string do not nest");
    }

    #[test]
    fn quotes_prefixes_and_escapes() {
        assert!(eq(r#""it's""#, r"'it\'s'"));
        assert!(eq(r"'a\nb'", "'''a\nb'''"));
        assert!(eq(r"'\x41\u0042\U00000043\101'", "'ABCA'"));
        assert!(eq(r"r'\n'", r"'\\n'"));
        assert!(eq("'ab' 'c'", "'abc'"));
        assert!(eq("b'\\x00a'", "b'\\0a'"));
        assert!(eq("u'x'", "'x'"));
        assert!(!eq("b'a'", "'a'"));
        assert!(eq(r"'\d'", r"'\\d'"), "unknown escapes keep their backslash");
    }

    #[test]
    fn containers_nest_and_order_matters_only_where_python_says() {
        assert!(eq("[(4, 1), (2, 3)]", "[(4,1),(2,3)]"));
        assert!(!eq("[1, 2]", "(1, 2)"));
        assert!(eq("1, 2", "(1, 2)"));
        assert!(eq("(1,)", "1,"));
        assert!(eq("{'a': 1, 'b': [2]}", "{'b': [2.0], 'a': True}"));
        assert!(eq("{3, 1, 2}", "{1, 2, 3}"));
        assert!(eq("{1, True}", "{1}"), "1 and True are the same set element");
        assert!(eq("set()", "set()"));
        assert!(!eq("set()", "{}"));
        assert!(eq("{'a': 1, 'a': 2}", "{'a': 2}"));
        assert!(eq("[[], {}, ()]", "[ [ ] , { } , ( ) ]"));
        assert!(eq("None", " None\n"));
        assert!(eq("# a comment\n8", "8"));
        assert!(eq("[1,\n    2]", "[1, 2]"), "inside brackets lines may be indented");
    }

    #[test]
    fn never_panics_on_any_prefix_of_unicode_text() {
        let text = "['BISHОPSWIFT\\О', {\"ключ\": (1, 2j)}, b'\\x00', '''тройной\n''']";
        for (end, _) in text.char_indices() {
            let _ = parse(&text[..end]);
            let _ = parse(&text[end..]);
        }
        assert!(eq("'BISHОPSWIFT'", "\"BISHОPSWIFT\""));
    }

    #[test]
    fn text_that_is_not_a_literal_is_an_error() {
        for text in ["", "x", "f(1)", "[1, 2", "'abc", "1 +", "[1] [2]", "nan", "{1: }", "007", "f'x'", "1 + 2"] {
            assert!(parse(text).is_err(), "{text:?} parsed");
        }
    }
}
