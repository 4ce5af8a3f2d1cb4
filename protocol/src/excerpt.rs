//! Quoting what someone else wrote (a line of a case file, an adapter's reply, an engine's
//! output, a FEN) in a message, bounded: a 100 MB line quotes as its first few hundred
//! characters and its length, and control characters are escaped, so neither a report nor a
//! terminal receives raw escape sequences.

/// How many characters of an offending text a message quotes.
pub const EXCERPT_CHARS: usize = 200;

/// `text` as a double-quoted string: control characters (and the quote and backslash) escaped
/// as in Rust or JSON, at most [`EXCERPT_CHARS`] characters of it, and, when it was cut, how
/// long it was.
///
/// ```
/// use arbiter_protocol::excerpt::excerpt;
/// assert_eq!(excerpt("e2e4"), "\"e2e4\"");
/// assert_eq!(excerpt("\u{1b}[31mred"), "\"\\u{1b}[31mred\"");
/// let long = "x".repeat(100_000);
/// assert!(excerpt(&long).ends_with("... (100000 bytes)"));
/// assert!(excerpt(&long).len() < 300);
/// ```
pub fn excerpt(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(EXCERPT_CHARS) + 24);
    out.push('"');
    let mut chars = text.chars();
    for c in chars.by_ref().take(EXCERPT_CHARS) {
        out.extend(c.escape_debug());
    }
    out.push('"');
    if chars.next().is_some() {
        out.push_str(&format!("... ({} bytes)", text.len()));
    }
    out
}

/// `text` with every control character (escape sequences, carriage returns, bells) replaced by
/// its escaped form, for ids and messages printed on a terminal or into a line-based report.
/// Printable text is kept as it is.
///
/// ```
/// use arbiter_protocol::excerpt::printable;
/// assert_eq!(printable("König e1"), "König e1");
/// assert_eq!(printable("a\u{1b}[2Jb\nc"), "a\\u{1b}[2Jb\\nc");
/// ```
pub fn printable(text: &str) -> String {
    if !text.chars().any(char::is_control) {
        return text.to_owned();
    }
    text.chars().map(|c| if c.is_control() { c.escape_debug().collect() } else { c.to_string() }).collect()
}
