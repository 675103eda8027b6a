//! A results file of God's number's bounds re-proven from its own lines
//! (`docs/results/gods-number-19.txt`, `-84.txt`; `lightsout census --verify FILE`,
//! Python's `verify_bounds`): `lower upper`, then the board that needs the lower
//! bound, then the subcode's words that give the upper one. Nothing in the file is
//! believed: the board is solved and its fewest presses proven; the words are checked
//! quiet and independent and their span's covering radius proven again. A forged file
//! (a bound moved, a word changed, another board) is refused, naming its line.

use super::Refusal;
use crate::board::Board;
use crate::rules::Game;
use crate::solve::clock::Deadline;
use crate::solve::{subcode_radius, GameSolver, GodError, Target, SEARCH_BUDGET};

/// What a bounds file says, read: the classic n x n game's bounds, the board that
/// needs the lower one and the words whose span bounds it from above; and the line
/// each starts on (from 1, comments counted), to name in a refusal.
#[derive(Debug, Clone)]
pub struct BoundsFile {
    /// The board's side.
    pub side: usize,
    /// The lower bound, and its line.
    pub lower: (u64, usize),
    /// The upper bound.
    pub upper: u64,
    /// The board that needs `lower` presses, and its first line.
    pub witness: (Board, usize),
    /// The subcode's words, each with its first line.
    pub words: Vec<(Board, usize)>,
}

/// A bounds file that holds: what was proven again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reproven {
    /// The board's side.
    pub side: usize,
    /// The witness's fewest presses, proven: the lower bound.
    pub lower: u64,
    /// The covering radius proven of the words' span: at most the file's upper bound.
    pub radius: u64,
    /// The file's upper bound.
    pub upper: u64,
    /// The words.
    pub words: usize,
}

/// Reads a bounds file: `#` lines are comments; then `lower upper`, the witness's n
/// rows of `0`/`1`, and the words, n rows each.
pub fn read_bounds(text: &str) -> Result<BoundsFile, Refusal> {
    let at = |line: usize, why: String| Refusal::bad(format!("line {line}: {why}"));
    let mut records = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.starts_with('#'));
    let Some((first, bounds)) = records.next() else {
        return Err(Refusal::bad(
            "no `lower upper` line: the file holds only comments".to_string(),
        ));
    };
    let numbers: Vec<&str> = bounds.split_whitespace().collect();
    let parsed: Vec<Option<u64>> = numbers.iter().map(|w| w.parse().ok()).collect();
    let [Some(lower), Some(upper)] = parsed[..] else {
        return Err(at(
            first,
            format!("expected `lower upper` (two counts), found `{bounds}`"),
        ));
    };
    if lower > upper {
        return Err(at(
            first,
            format!("the lower bound {lower} is above the upper bound {upper}"),
        ));
    }
    let rows: Vec<(usize, &str)> = records.collect();
    let Some(&(top_line, top)) = rows.first() else {
        return Err(at(first, "no board follows the bounds".to_string()));
    };
    let side = top.len();
    if side == 0 {
        return Err(at(
            top_line,
            "expected the board's first row of `0`/`1`, found an empty line".to_string(),
        ));
    }
    let mut boards = Vec::new();
    for chunk in rows.chunks(side.max(1)) {
        let start = chunk[0].0;
        if chunk.len() != side {
            return Err(at(
                start,
                format!(
                    "a board of {side} rows from here, and the file ends after {}",
                    chunk.len()
                ),
            ));
        }
        let mut board = Board::new(side, side);
        for (r, &(line, row)) in chunk.iter().enumerate() {
            if row.len() != side {
                return Err(at(
                    line,
                    format!("expected {side} lights, found {}", row.len()),
                ));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '0' => {}
                    '1' => board.set(r, c, true),
                    other => {
                        return Err(Refusal::bad(format!(
                            "line {line}, column {}: expected `0` or `1`, found `{other}`",
                            c + 1
                        )))
                    }
                }
            }
        }
        boards.push((board, start));
    }
    let mut boards = boards.into_iter();
    let witness = boards.next().expect("one board at least");
    Ok(BoundsFile {
        side,
        lower: (lower, first),
        upper,
        witness,
        words: boards.collect(),
    })
}

/// Proves a bounds file again (the classic game of its side): its witness solved and
/// its fewest presses proven equal to the lower bound; its words checked quiet and
/// independent and their span's covering radius proven at most the upper bound, the
/// search given until `deadline`. A bound not proven is refused, naming its line.
pub fn reprove_bounds(file: &BoundsFile, deadline: &Deadline) -> Result<Reproven, Refusal> {
    let at = |line: usize, why: String| Refusal::bad(format!("line {line}: {why}"));
    let n = file.side;
    let game = Game::classic(n, n).map_err(|e| Refusal::bad(e.to_string()))?;
    let solver = GameSolver::new(game, SEARCH_BUDGET).map_err(|e| Refusal::bad(e.to_string()))?;
    let (lower, bounds_line) = file.lower;
    let (witness, witness_line) = &file.witness;
    let mut ws = solver.workspace();
    let solved = solver
        .solve_with(witness, Target::Off, &mut ws, true)
        .map_err(|e| Refusal::bad(e.to_string()))?;
    let Some(solution) = solved else {
        return Err(at(
            *witness_line,
            "the board cannot be solved, so it needs no count of presses".to_string(),
        ));
    };
    let fewest = solution.presses.count_ones();
    if !solution.proven_minimal {
        return Err(at(
            *witness_line,
            format!("the board's {fewest} presses were not proven the fewest"),
        ));
    }
    if fewest != lower {
        return Err(at(
            bounds_line,
            format!(
                "the lower bound says {lower}, and the board of line {witness_line} needs \
                 {fewest} presses at the fewest (proven)"
            ),
        ));
    }
    let basis: Vec<Board> = file.words.iter().map(|(w, _)| w.clone()).collect();
    let radius = match subcode_radius(&solver, &basis, file.upper, deadline) {
        Ok(radius) => radius,
        Err(GodError::NotSubcode(why)) => {
            // "word K: ...": the line where word K begins.
            let word = why
                .strip_prefix("word ")
                .and_then(|w| w.split(':').next())
                .and_then(|k| k.parse::<usize>().ok());
            let line = word.and_then(|k| file.words.get(k.checked_sub(1)?));
            return Err(match line {
                Some(&(_, line)) => at(line, format!("not a subcode's basis: {why}")),
                None => Refusal::bad(format!("not a subcode's basis: {why}")),
            });
        }
        Err(other) => return Err(Refusal::bad(other.to_string())),
    };
    if radius > file.upper {
        return Err(at(
            bounds_line,
            format!(
                "the upper bound says {}, and within the time given the covering radius of \
                 the words' span is proven at most {radius}, not {}",
                file.upper, file.upper
            ),
        ));
    }
    Ok(Reproven {
        side: n,
        lower,
        radius,
        upper: file.upper,
        words: basis.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_with_each_record_on_its_line_and_a_bad_one_named() {
        let text = "# a comment\n1 2\n010\n111\n010\n";
        let file = read_bounds(text).unwrap();
        assert_eq!((file.side, file.lower, file.upper), (3, (1, 2), 2));
        assert_eq!(file.witness.1, 3);
        assert!(file.words.is_empty());
        let refused = |text: &str| read_bounds(text).unwrap_err().sentence;
        assert_eq!(
            refused("# x\n3 2\n"),
            "line 2: the lower bound 3 is above the upper bound 2"
        );
        assert_eq!(
            refused("1 2\n010\n121\n010\n"),
            "line 3, column 2: expected `0` or `1`, found `2`"
        );
        assert_eq!(
            refused("1 2\n010\n111\n010\n010\n"),
            "line 5: a board of 3 rows from here, and the file ends after 1"
        );
        assert_eq!(
            refused("1 2\n\n010\n"),
            "line 2: expected the board's first row of `0`/`1`, found an empty line"
        );
        assert_eq!(
            refused("one two\n"),
            "line 1: expected `lower upper` (two counts), found `one two`"
        );
    }
}
