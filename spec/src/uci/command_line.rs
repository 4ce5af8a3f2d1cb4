//! Splitting an engine command line into a program and its arguments, POSIX-shell style:
//! whitespace separates words, single quotes keep everything literally, double quotes keep
//! everything but `\"` and `\\`, and a backslash outside quotes escapes the next character.

use super::UciError;

/// Splits `line` into words. An empty line or an unterminated quote is an error.
pub fn split_command_line(line: &str) -> Result<Vec<String>, UciError> {
    let bad = |reason: &str| UciError::BadCommand { command: line.to_owned(), reason: reason.to_owned() };
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(q) => word.push(q),
                        None => return Err(bad("unterminated single quote")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(e @ ('"' | '\\')) => word.push(e),
                            Some(e) => {
                                word.push('\\');
                                word.push(e);
                            }
                            None => return Err(bad("unterminated double quote")),
                        },
                        Some(q) => word.push(q),
                        None => return Err(bad("unterminated double quote")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(e) => word.push(e),
                    None => return Err(bad("trailing backslash")),
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err(bad("empty command line"));
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_plain_and_quoted_words() {
        let words = split_command_line(r#"  /usr/bin/engine --name 'two words' "a \"b\"" c\ d ''  "#).unwrap();
        assert_eq!(words, ["/usr/bin/engine", "--name", "two words", "a \"b\"", "c d", ""]);
    }

    #[test]
    fn rejects_empty_and_unterminated() {
        assert!(split_command_line("   ").is_err());
        assert!(split_command_line("engine 'open").is_err());
        assert!(split_command_line("engine \"open").is_err());
        assert!(split_command_line("engine \\").is_err());
    }
}
