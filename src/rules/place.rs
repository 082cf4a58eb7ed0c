//! Where in a rules file an error is. RON gives positions only for
//! syntax and type errors; for the checks beyond the types, the position
//! is found by looking for the offending entry's text in the file. Every
//! check uses these, and they use none of the checks.

use super::DataError;

/// Line and column (both from 1) of the `nth` occurrence of `needle`, or of
/// the file's start if it is not there.
pub(super) fn locate(text: &str, needle: &str, nth: usize) -> (usize, usize) {
    let Some((offset, _)) = text.match_indices(needle).nth(nth) else {
        return (1, 1);
    };
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

pub(super) struct Checker<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

impl Checker<'_> {
    /// An error at the first occurrence of `needle`.
    pub(super) fn err(&self, needle: &str, message: String) -> DataError {
        DataError::at(self.file, locate(self.text, needle, 0), message)
    }
}

/// Errors placed in a rule set's own part of the file (`part`, "company:"):
/// in a rules file of the player's own, after it (the same words, "mg_team"
/// or "incident_table", are written in the Lone Warrior part before it).
pub(super) struct Own<'a> {
    file: &'a str,
    text: &'a str,
    start: usize,
}

impl<'a> Own<'a> {
    pub(super) fn new(file: &'a str, text: &'a str, part: &str) -> Self {
        let start = text
            .match_indices(part)
            .find(|(k, w)| {
                let after = text[k + w.len()..].trim_start();
                after.starts_with("Some(") || after.starts_with('(')
            })
            .map_or(0, |(k, _)| k);
        Own { file, text, start }
    }

    /// How many times `needle` is written before the rule set's part.
    pub(super) fn skip(&self, needle: &str) -> usize {
        self.text[..self.start].matches(needle).count()
    }

    /// An error at the first `needle` of the rule set's part.
    pub(super) fn err(&self, needle: &str, message: String) -> DataError {
        DataError::at(self.file, locate(self.text, needle, self.skip(needle)), message)
    }
}

#[cfg(test)]
mod tests {
    use super::locate;

    #[test]
    fn locate_counts_lines_and_columns_from_one() {
        let text = "a\n  bc\nbc";
        assert_eq!(locate(text, "bc", 0), (2, 3));
        assert_eq!(locate(text, "bc", 1), (3, 1));
        assert_eq!(locate(text, "zz", 0), (1, 1));
    }
}
