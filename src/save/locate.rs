//! Where in a save's text the thing a failed check names is written, so
//! that a file that reads as RON but does not hold together is refused
//! with a line and column, as a file that does not read is.
//!
//! The rules layer's check (`rules::campaign_holds`) says which part of
//! the campaign is wrong, and which man, as a type (`Unsound`); what the
//! engine's own checks (`Game::check_consistent`, `Campaign::check_consistent`)
//! find comes in words that begin with the part of the campaign and, mostly,
//! the man: "the patrol under way: G3 carries a weapon the rule book does not
//! have", which are read for them. The text is scanned once for its fields (a
//! small reader of RON's shape: strings, characters, comments and brackets),
//! the part is found by its field path, and the man by his `id` or `name`
//! within it. Where the man cannot be found, the part's field is given;
//! where neither can, no place.

use crate::engine::campaign::Campaign;
use crate::rules::Unsound;

/// A field of the text: its path of names from the top, where its name
/// begins and where its value ends.
struct Field {
    path: Vec<String>,
    at: usize,
    end: usize,
}

/// What the reader of RON's shape meets outside strings, characters and
/// comments: a bracket opened, one closed (at its byte), and a field's name
/// followed by its colon (the bytes of the name).
enum Token {
    Open,
    Close(usize),
    Key(usize, usize),
}

/// Walks `text`, telling `on` each token in order.
fn scan(text: &str, mut on: impl FnMut(Token)) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        i = match bytes[i] {
            b'"' => string_end(bytes, i + 1),
            // A raw string `r#"..."#`; `r#None` is a raw identifier.
            b'r' if raw_string_begins(bytes, i) => raw_string_end(bytes, i + 1),
            b'\'' => char_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => text[i..].find('\n').map_or(bytes.len(), |k| i + k),
            b'/' if bytes.get(i + 1) == Some(&b'*') => comment_end(bytes, i + 2),
            b'(' | b'[' | b'{' => {
                on(Token::Open);
                i + 1
            }
            b')' | b']' | b'}' => {
                on(Token::Close(i));
                i + 1
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let start = i;
                let end = (i..bytes.len()).find(|&k| !ident_byte(bytes, k)).unwrap_or(bytes.len());
                let colon = (end..bytes.len()).find(|&k| !bytes[k].is_ascii_whitespace());
                match colon.filter(|&k| bytes[k] == b':' && bytes.get(k + 1) != Some(&b':')) {
                    Some(k) => {
                        on(Token::Key(start, end));
                        k + 1
                    }
                    None => end,
                }
            }
            _ => i + 1,
        };
    }
}

/// Every field `name: value` in `text`, outside strings and comments.
fn fields(text: &str) -> Vec<Field> {
    let mut found: Vec<Field> = Vec::new();
    // For each open bracket: the field of the level it opens, if any yet.
    let mut levels: Vec<Option<usize>> = vec![None];
    scan(text, |token| match token {
        Token::Open => levels.push(None),
        Token::Close(at) => {
            if levels.len() > 1
                && let Some(k) = levels.pop().flatten()
            {
                found[k].end = at;
            }
        }
        Token::Key(start, end) => {
            let depth = levels.len() - 1;
            if let Some(k) = levels[depth] {
                found[k].end = start;
            }
            let mut path: Vec<String> =
                levels[..depth].iter().flatten().map(|&f| found[f].path.last().cloned().unwrap_or_default()).collect();
            path.push(text[start..end].to_string());
            found.push(Field { path, at: start, end: text.len() });
            levels[depth] = Some(found.len() - 1);
        }
    });
    found
}

/// How many brackets are left open at the end of `text`, outside strings,
/// characters and comments: a file cut short leaves some.
pub(super) fn left_open(text: &str) -> usize {
    let mut depth = 0usize;
    scan(text, |token| match token {
        Token::Open => depth += 1,
        Token::Close(_) => depth = depth.saturating_sub(1),
        Token::Key(..) => {}
    });
    depth
}

/// Just past a character literal begun at `i`.
fn char_end(bytes: &[u8], i: usize) -> usize {
    (i + 1..bytes.len()).find(|&k| bytes[k] == b'\'' && bytes[k - 1] != b'\\').map_or(bytes.len(), |k| k + 1)
}

fn ident_byte(bytes: &[u8], i: usize) -> bool {
    bytes.get(i).is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Just past the `"` that ends a string begun before `i`.
fn string_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// Whether a raw string begins at `i`: `r`, any hashes, a `"`, and no
/// identifier going on before it.
fn raw_string_begins(bytes: &[u8], i: usize) -> bool {
    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
    bytes.get(i + 1 + hashes) == Some(&b'"') && (i == 0 || !ident_byte(bytes, i - 1))
}

/// Just past a raw string `r#"..."#` whose hashes begin at `i`.
fn raw_string_end(bytes: &[u8], mut i: usize) -> usize {
    let hashes = bytes[i..].iter().take_while(|&&b| b == b'#').count();
    i += hashes + 1;
    while i < bytes.len() {
        if bytes[i] == b'"' && bytes[i + 1..].iter().take(hashes).filter(|&&b| b == b'#').count() == hashes {
            return i + 1 + hashes;
        }
        i += 1;
    }
    bytes.len()
}

/// Just past a block comment begun before `i` (RON's nest).
fn comment_end(bytes: &[u8], mut i: usize) -> usize {
    let mut depth = 1;
    while i + 1 < bytes.len() && depth > 0 {
        match (bytes[i], bytes[i + 1]) {
            (b'/', b'*') => (depth, i) = (depth + 1, i + 2),
            (b'*', b'/') => (depth, i) = (depth - 1, i + 2),
            _ => i += 1,
        }
    }
    if depth > 0 { bytes.len() } else { i }
}

/// The line and column (from 1, the column in characters) of byte `at`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// Where `why`, a failed check of `campaign` read from `text`, points: the
/// man it names in the part it names, else the part.
pub(super) fn locate(text: &str, campaign: &Campaign, why: &Unsound) -> Option<(usize, usize)> {
    let all = fields(text);
    let field = |path: &[&str]| all.iter().find(|f| f.path.iter().map(String::as_str).eq(path.iter().copied()));
    // The part, and the names that may stand for the man in it.
    let (part, needles): (&[&str], Vec<String>) = match why {
        Unsound::Engine(message) => return engine_place(text, &all, campaign, message),
        Unsound::Plan { plan, .. } | Unsound::PlanTables { plan, .. } => (&["campaign", "plans"], vec![plan.clone()]),
        Unsound::ReplacementName { name } => (&["campaign", "replacements"], vec![name.clone()]),
        Unsound::Carried(e) => match e.man() {
            ("replacements", name) => (&["campaign", "replacements"], vec![name.to_string()]),
            ("roster", name) => (&["campaign", "roster"], vec![name.to_string()]),
            // The kit is weapons, no man's.
            ("kit", _) => (&["campaign", "kit"], Vec::new()),
            _ => return None,
        },
        Unsound::RuleBook(_) | Unsound::PatrolRuleBook(_) | Unsound::TooManyHexes => return None,
    };
    let part = field(part)?;
    let needles: Vec<String> = needles.iter().map(|n| format!("name: \"{n}\"")).collect();
    Some(line_col(text, within(text, part, &needles)))
}

/// Where in `part` the first of `needles` is written, else the part itself.
fn within(text: &str, part: &Field, needles: &[String]) -> usize {
    let inside = &text[part.at..part.end];
    needles.iter().find_map(|n| inside.find(n.as_str())).map_or(part.at, |k| part.at + k)
}

/// Where `message`, the words of the engine's own check of `campaign`
/// (`Campaign::check_consistent`, which says what is wrong in words, not
/// as a type), points. Its words begin with the part of the campaign and,
/// mostly, the man: "the patrol under way: G3 carries a weapon the rule
/// book does not have", "G7 on the roster is called as enemies are".
fn engine_place(text: &str, all: &[Field], campaign: &Campaign, message: &str) -> Option<(usize, usize)> {
    let field = |path: &[&str]| all.iter().find(|f| f.path.iter().map(String::as_str).eq(path.iter().copied()));
    let patrol_ids = |game: Option<&crate::engine::Game>| -> Vec<String> {
        game.map_or_else(Vec::new, |g| g.soldiers().iter().map(|s| s.id.to_string()).collect())
    };
    let setout = campaign.history.as_ref().map(|h| &h.setout);
    let (part, rest, ids): (&[&str], &str, Vec<String>) =
        if let Some(rest) = message.strip_prefix("the patrol under way: ") {
            (&["campaign", "patrol"], rest, patrol_ids(campaign.patrol.as_ref()))
        } else if let Some(rest) = message.strip_prefix("the patrol as it set out: ") {
            (&["campaign", "history", "setout"], rest, patrol_ids(setout))
        } else if message.contains(" on the roster ")
            || campaign.roster.iter().any(|m| message.starts_with(&format!("{}'", m.name)))
        {
            (&["campaign", "roster"], message, Vec::new())
        } else {
            return None;
        };
    let part = field(part)?;
    // The man: an id the message begins with, or the first name it quotes.
    let first_word = rest.split([' ', '\'', ',', ':']).next().unwrap_or("");
    let quoted = rest.split('\'').nth(1).filter(|_| rest.contains('\''));
    let needles: Vec<String> = ids
        .iter()
        .filter(|id| **id == first_word)
        .map(|id| format!("id: \"{id}\""))
        .chain(quoted.map(|n| format!("name: \"{n}\"")))
        .chain((!first_word.is_empty()).then(|| format!("name: \"{first_word}\"")))
        .collect();
    Some(line_col(text, within(text, part, &needles)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_have_their_paths_and_skip_strings_and_comments() {
        let text = "(\n  a: (b: 1, c: \"x: (y\"),\n  // d: 2\n  e: [ (f: r#\"g: \"# ), /* h: ( */ ],\n  i: 'j', k: r#None, l: 2,\n)";
        let paths: Vec<String> = fields(text).iter().map(|f| f.path.join(".")).collect();
        assert_eq!(paths, ["a", "a.b", "a.c", "e", "e.f", "i", "k", "l"]);
        let a = &fields(text)[0];
        let value = &text[a.at..a.end];
        assert!(
            value.starts_with("a: (b: 1, c: ") && !value.contains("e: ["),
            "a's value ends at the next field: {value}"
        );
        assert_eq!(line_col(text, fields(text)[3].at), (4, 3));
    }
}
