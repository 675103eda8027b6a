//! Button maps: any game as text.
//!
//! ```text
//! # Merlin's Magic Square: the buttons of a 3x3 square, numbered row by row
//! lights 9
//! 1 2 4 5      # button 1: the corner's 2x2 square
//! 1 2 3        # button 2: its side
//! 2:1 3        # `L:A` adds A (here 1) to light L
//! ```
//!
//! The first line that is not blank or a comment is `lights N` (and, for lights of
//! K states, `lights N states K`); every later one is a button: the 1-based lights it
//! changes, each `L` (adds 1) or `L:A` (adds A). `#` starts a comment.

use super::{Game, GameError};

/// Why a button map cannot be read: where (1-based line and column), what was
/// expected and what was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MapError {
    /// Malformed text.
    #[error("line {line}, column {column}: expected {expected}, found {found}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column (characters).
        column: usize,
        /// What the format needs there.
        expected: String,
        /// What the text has.
        found: String,
    },
    /// A header and no button.
    #[error("the button map has no buttons: after `lights N`, give one line a button")]
    NoButtons,
    /// The game itself cannot be made.
    #[error(transparent)]
    Game(#[from] GameError),
}

/// The largest number of lights a map may declare.
pub const MAX_LIGHTS: usize = 1 << 24;

/// The longest map file read: 64 MiB, 32 million press entries at their shortest
/// (`L `), an eighth of [`super::MAX_PRESS_ENTRIES`]; read whole before it is parsed.
pub const MAX_BYTES: u64 = 64 << 20;

/// Reads a button map.
pub fn parse(text: &str) -> Result<Game, MapError> {
    let mut header: Option<(usize, u8)> = None;
    let mut buttons = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.split('#').next().unwrap_or_default();
        let mut words = words(content).peekable();
        if words.peek().is_none() {
            continue;
        }
        let Some((lights, _)) = header else {
            header = Some(read_header(line, words)?);
            continue;
        };
        let mut pattern = Vec::new();
        for (column, word) in words {
            pattern.push(read_light(line, column, word, lights)?);
        }
        buttons.push(pattern);
    }
    let Some((lights, states)) = header else {
        return Err(MapError::Syntax {
            line: text.lines().count().max(1),
            column: 1,
            expected: "a first line `lights N`".into(),
            found: "the end of the map".into(),
        });
    };
    if buttons.is_empty() {
        return Err(MapError::NoButtons);
    }
    Ok(Game::new(lights, states, buttons, None)?)
}

/// The words of a line with their 1-based columns (in characters).
fn words(content: &str) -> impl Iterator<Item = (usize, &str)> {
    content
        .split(char::is_whitespace)
        .scan(1usize, |at, word| {
            let start = *at;
            *at += word.chars().count() + 1;
            Some((start, word))
        })
        .filter(|(_, word)| !word.is_empty())
}

fn syntax(line: usize, column: usize, expected: &str, found: &str) -> MapError {
    MapError::Syntax {
        line,
        column,
        expected: expected.to_string(),
        found: if found.is_empty() {
            "the end of the line".to_string()
        } else {
            // Control characters (a NUL, an escape) shown escaped, never raw.
            format!("`{}`", found.escape_debug())
        },
    }
}

fn read_header<'a>(
    line: usize,
    mut words: impl Iterator<Item = (usize, &'a str)>,
) -> Result<(usize, u8), MapError> {
    let expected = "`lights N` (optionally `lights N states K`), N from 1";
    match words.next() {
        Some((_, "lights")) => {}
        Some((column, word)) => return Err(syntax(line, column, expected, word)),
        None => unreachable!("the line has a word"),
    }
    let (column, word) = words.next().unwrap_or((8, ""));
    let lights = word
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_LIGHTS).contains(n))
        .ok_or_else(|| {
            syntax(
                line,
                column,
                &format!("the number of lights, from 1 to {MAX_LIGHTS}"),
                word,
            )
        })?;
    let mut states = 2;
    if let Some((column, word)) = words.next() {
        if word != "states" {
            return Err(syntax(
                line,
                column,
                "`states K` or the end of the line",
                word,
            ));
        }
        let (column, word) = words.next().unwrap_or((column + 7, ""));
        states = word
            .parse::<u8>()
            .ok()
            .filter(|k| *k >= 2)
            .ok_or_else(|| syntax(line, column, "the number of states, from 2 to 255", word))?;
    }
    if let Some((column, word)) = words.next() {
        return Err(syntax(line, column, "the end of the line", word));
    }
    Ok((lights, states))
}

fn read_light(
    line: usize,
    column: usize,
    word: &str,
    lights: usize,
) -> Result<(u32, u8), MapError> {
    let (light, amount) = word.split_once(':').unwrap_or((word, "1"));
    let number = light
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=lights).contains(n))
        .ok_or_else(|| {
            syntax(
                line,
                column,
                &format!("a light number from 1 to {lights} (or `L:A`)"),
                word,
            )
        })?;
    let amount = amount
        .parse::<u8>()
        .ok()
        .filter(|a| *a >= 1)
        .ok_or_else(|| {
            syntax(
                line,
                column + light.chars().count() + 1,
                "an amount from 1 to 255 after `:`",
                amount,
            )
        })?;
    Ok(((number - 1) as u32, amount))
}

/// `game` as a button map (what [`parse`] reads back to the same game).
pub fn show(game: &Game) -> String {
    let mut text = format!("lights {}", game.lights());
    if game.states() != 2 {
        text.push_str(&format!(" states {}", game.states()));
    }
    text.push('\n');
    for b in 0..game.buttons() {
        let words: Vec<String> = game
            .pattern(b)
            .iter()
            .map(|&(light, amount)| match amount {
                1 => (light + 1).to_string(),
                a => format!("{}:{a}", light + 1),
            })
            .collect();
        text.push_str(&words.join(" "));
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_reads_back_what_it_shows_and_errors_are_located() {
        let game = parse("# a comment\n\nlights 3  # three\n1 2\n2:1 3 3\n").unwrap();
        assert_eq!((game.lights(), game.buttons()), (3, 2));
        // Light 3 twice adds to 2 = 0 mod 2: gone.
        assert_eq!(&*game.pattern(1), &[(1, 1)]);
        assert_eq!(parse(&show(&game)).unwrap(), game);
        let err = parse("lights 3\n1 4\n").unwrap_err().to_string();
        assert!(
            err.starts_with("line 2, column 3: expected a light number from 1 to 3"),
            "{err}"
        );
        let err = parse("lights 3\n1 2:x\n").unwrap_err().to_string();
        assert!(
            err.starts_with("line 2, column 5: expected an amount"),
            "{err}"
        );
        assert_eq!(parse("lights 3\n").unwrap_err(), MapError::NoButtons);
        let err = parse("light 3\n").unwrap_err().to_string();
        assert!(
            err.starts_with("line 1, column 1: expected `lights N`"),
            "{err}"
        );
        let three = parse("lights 3 states 3\n1:2 2\n").unwrap();
        assert_eq!(three.states(), 3);
        assert_eq!(three.pattern(0).as_ref(), &[(0, 2), (1, 1)]);
        let err = parse("lights 3 states 1\n1\n").unwrap_err().to_string();
        assert!(err.starts_with("line 1, column 17: expected"), "{err}");
        let err = parse("").unwrap_err().to_string();
        assert!(err.contains("a first line `lights N`"), "{err}");
        // Issue 39: a NUL in a map was printed raw in the message.
        let err = parse("lights 2\n1 \0x2\n").unwrap_err().to_string();
        assert!(err.ends_with("found `\\0x2`"), "{err}");
    }
}
