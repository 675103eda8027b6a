//! Text to boards, streaming: an optional count line, then boards of rows of lights.
//!
//! The accepted text, for boards of `R` rows and `C` columns:
//!
//! - Line 1 may hold the number of boards `n`: decimal digits, leading zeros allowed,
//!   no sign, surrounding spaces allowed. It sets how many boards to read and nothing
//!   else; memory never depends on it. Without it (the first line is a row of the
//!   first board) the boards run to the end of the input; a first line that reads
//!   both ways is settled by [`read_count`].
//! - Then boards of `R` consecutive rows. A row is `C` lights `0`/`1` (or `.`/`#`, as
//!   `explain` draws them), either adjacent (`01101`) or each pair separated by exactly
//!   one space (`0 1 1 0 1`). Trailing spaces, tabs and a `\r` before the `\n` are
//!   ignored.
//! - Blank lines (empty or white space only) may stand before a board, not inside one.
//! - After the last board only blank lines may follow. The last line may lack its `\n`.
//!
//! Every error carries the 1-based line and column where the text went wrong, what was
//! expected there and what was found.

use super::count::{expect_end, of_count, read_count, zero_led};
use super::drawn::Drawn;
pub use super::error::{Clue, InputError, ParseError};
use super::lines::LineReader;
use super::rows::{fast_grid, is_blank, parse_row, row_lights, FAST_GRID_BYTES};
use crate::board::{words_for, Board};
use crate::grid::Grid;
use crate::rules::Game;
use std::io::Read;

/// Where parsed rows go.
enum RowsOut<'a> {
    /// Rows of `words_for(cols)` words, one after another.
    Words(&'a mut [u64]),
    /// A board whose rows are packed several to a word.
    Packed(&'a mut Board),
}

/// Boards of `rows` x `cols` lights from a stream in the format of the module docs.
pub struct BoardReader<R> {
    lines: LineReader<R>,
    rows: usize,
    cols: usize,
    /// The boards the count line announced; `None` without one (to the end).
    count: Option<u64>,
    done: u64,
    finished: bool,
    /// The count line looked like a row of the board.
    count_like_row: bool,
    /// A board of one row may also be typed as this drawing of its lights.
    drawn: Option<Drawn>,
}

/// The line length every reader accepts, whatever the board: 256 KiB.
pub const MIN_LINE_LIMIT: usize = 256 * 1024;

/// The longest line a reader for rows of `cols` lights accepts: [`MIN_LINE_LIMIT`], or
/// for boards too wide for that, a spaced row (`2 cols - 1` bytes) with 4 KiB to spare
/// for trailing white space. Memory for lines is bounded by this, never by the input.
pub fn line_limit(cols: usize) -> usize {
    (2 * cols + 4096).max(MIN_LINE_LIMIT)
}

impl<R: Read> BoardReader<R> {
    /// Reads the count line, if there is one.
    pub fn new(source: R, rows: usize, cols: usize) -> Result<Self, InputError> {
        Self::with_drawing(source, rows, cols, None)
    }

    /// [`new`](Self::new), for boards of one row that may also be typed as `drawn`.
    fn with_drawing(
        source: R,
        rows: usize,
        cols: usize,
        drawn: Option<Drawn>,
    ) -> Result<Self, InputError> {
        let mut lines = LineReader::new(source, line_limit(cols));
        let starts_board = |text: &[u8]| match &drawn {
            _ if looks_like_row(text, cols) || zero_led(text) == Some(cols) => Some(rows),
            Some(drawn) => drawn.starts(text).then_some(drawn.rows),
            None => None,
        };
        let count = read_count(&mut lines, starts_board)?;
        Ok(BoardReader {
            lines,
            rows,
            cols,
            count: count.boards,
            done: 0,
            finished: false,
            count_like_row: count.like_row,
            drawn,
        })
    }

    /// A reader of `game`'s boards: a grid game's rows, or any other game's one line of
    /// lights or its drawing ([`Game::layout`]) a board.
    pub fn for_game(source: R, game: &Game) -> Result<Self, InputError> {
        match game.grid_rules() {
            Some(grid) => Self::new(source, grid.rows, grid.cols),
            None => Self::with_drawing(source, 1, game.lights(), Drawn::of(&game.layout())),
        }
    }

    /// Whether reading the next board may wait on the source (its lines are not all
    /// buffered): the answers so far should be written first.
    pub fn dry(&self) -> bool {
        !self.finished && !self.lines.has_lines(self.rows)
    }

    /// The number of boards the count line announced; `None` when there is none (the
    /// boards run to the end of the input).
    pub fn count(&self) -> Option<u64> {
        self.count
    }

    /// Reads the next board into `out`, which must have the reader's shape. Returns
    /// `false` after the last board, once the rest of the input is checked to be blank.
    ///
    /// # Panics
    ///
    /// If `out` is not a board of the reader's rows and columns.
    pub fn next_board(&mut self, out: &mut Board) -> Result<bool, InputError> {
        assert_eq!(
            (out.rows(), out.cols()),
            (self.rows, self.cols),
            "a board of the reader's shape"
        );
        let rows = if out.is_packed() {
            RowsOut::Packed(out)
        } else {
            RowsOut::Words(out.words_mut())
        };
        let read = self.read_rows(rows);
        self.with_clue(read)
    }

    /// Adds the count-line clue to an error that has no clue of its own.
    fn with_clue<T>(&self, result: Result<T, InputError>) -> Result<T, InputError> {
        result.map_err(|mut err| {
            if let InputError::Parse(parse) = &mut err {
                if self.count_like_row && parse.clue.is_none() {
                    parse.clue = Some(Clue::CountLooksLikeRow);
                }
            }
            err
        })
    }

    /// [`next_board`](Self::next_board) into `out`.
    fn read_rows(&mut self, mut out: RowsOut) -> Result<bool, InputError> {
        if Some(self.done) == self.count {
            self.finish()?;
            return Ok(false);
        }
        let board = self.done + 1;
        let words = words_for(self.cols);
        // Made only for an error's message (a string a board would cost the batch).
        let count = self.count;
        let of = || of_count(count);
        for row in 0..self.rows {
            let what = || {
                format!(
                    "row {} of board {board}{} ({} lights `0`/`1`)",
                    row + 1,
                    of(),
                    self.cols
                )
            };
            let (line, text) = loop {
                let at = self.lines.line_number();
                match self.lines.next_line()? {
                    None if row == 0 && self.count.is_none() => {
                        self.finished = true;
                        return Ok(false);
                    }
                    None => {
                        return Err(ParseError {
                            line: at,
                            column: 1,
                            expected: what(),
                            found: "the end of the input".into(),
                            clue: None,
                        }
                        .into())
                    }
                    Some((_, text)) if row == 0 && is_blank(text) => continue,
                    Some((line, text)) => break (line, text),
                }
            };
            if is_blank(text) {
                return Err(ParseError {
                    line,
                    column: 1,
                    expected: what(),
                    found: "a blank line inside the board".into(),
                    clue: None,
                }
                .into());
            }
            if let Some(drawn) = self
                .drawn
                .as_ref()
                .filter(|_| row_lights(text) != Some(self.cols))
            {
                let RowsOut::Words(words_out) = &mut out else {
                    unreachable!("a board of one row is not packed")
                };
                words_out.fill(0);
                let (first, drawn) = (text.to_vec(), drawn.clone());
                self.read_drawn(&drawn, &first, line, board, words_out)?;
                break;
            }
            match &mut out {
                RowsOut::Words(words_out) => {
                    let row_out = &mut words_out[row * words..(row + 1) * words];
                    parse_row(text, line, self.cols, board, row, row_out)?;
                }
                RowsOut::Packed(packed) => {
                    let mut one = [0u64];
                    parse_row(text, line, self.cols, board, row, &mut one)?;
                    packed.set_row_bits(row, one[0]);
                }
            }
        }
        self.done += 1;
        Ok(true)
    }

    /// Reads board `board` as `drawn` draws it, from its first line `first` (line
    /// `line`) on, into `out`.
    fn read_drawn(
        &mut self,
        drawn: &Drawn,
        first: &[u8],
        line: u64,
        board: u64,
        out: &mut [u64],
    ) -> Result<(), InputError> {
        let lights = self.cols;
        drawn
            .read_row(first, line, 0, board, out)
            .map_err(|mut e| {
                e.expected = format!(
                    "{} (or the board as one line of {lights} lights)",
                    e.expected
                );
                e
            })?;
        for row in 1..drawn.rows {
            let at = self.lines.line_number();
            let found = match self.lines.next_line()? {
                Some((line, text)) if !is_blank(text) => {
                    drawn.read_row(text, line, row, board, out)?;
                    continue;
                }
                Some(_) => "a blank line inside the board",
                None => "the end of the input",
            };
            return Err(ParseError {
                line: at,
                column: 1,
                expected: format!(
                    "row {} of {} of board {board}'s drawing",
                    row + 1,
                    drawn.rows
                ),
                found: found.into(),
                clue: None,
            }
            .into());
        }
        Ok(())
    }

    /// Reads the next 5x5 grid (the reader must be for 5 x 5 boards). Grids laid out as
    /// five rows of five digits each ending in `\n` take a fast path; anything else
    /// goes through [`next_board`](Self::next_board).
    pub fn next_grid(&mut self) -> Result<Option<Grid>, InputError> {
        debug_assert!(self.rows == 5 && self.cols == 5);
        if self.count.is_none_or(|count| self.done < count) {
            loop {
                let ahead = self.lines.buffered()?;
                if ahead.first() == Some(&b'\n') {
                    self.lines.consume(1, 1);
                    continue;
                }
                if let Some(grid) = ahead.get(..FAST_GRID_BYTES).and_then(fast_grid) {
                    self.lines.consume(30, 5);
                    self.done += 1;
                    return Ok(Some(grid));
                }
                break;
            }
        }
        // A 5-column row is one word, as in a 5 x 5 `Board`.
        let mut rows = [0u64; 5];
        let read = self.read_rows(RowsOut::Words(&mut rows));
        if !self.with_clue(read)? {
            return Ok(None);
        }
        Ok(Some(rows.iter().enumerate().fold(0, |grid, (r, &row)| {
            grid | (row as Grid) << (5 * r)
        })))
    }

    /// Checks that nothing but blank lines follows the last board.
    fn finish(&mut self) -> Result<(), InputError> {
        if self.finished {
            return Ok(());
        }
        if let Some(count) = self.count {
            expect_end(&mut self.lines, count)?;
        }
        self.finished = true;
        Ok(())
    }
}

/// Whether `text` is a row of `cols > 1` lights, adjacent or spaced.
fn looks_like_row(text: &[u8], cols: usize) -> bool {
    super::rows::row_lights(text) == Some(cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grids(text: &str) -> Result<Vec<Grid>, InputError> {
        let mut reader = BoardReader::new(text.as_bytes(), 5, 5)?;
        let mut out = Vec::new();
        while let Some(grid) = reader.next_grid()? {
            out.push(grid);
        }
        Ok(out)
    }

    fn parse_error(text: &str) -> ParseError {
        match grids(text) {
            Err(InputError::Parse(err)) => err,
            other => panic!("expected a parse error, got {other:?}"),
        }
    }

    #[test]
    fn layouts_agree() {
        let plain = "2\n00111\n01011\n10001\n11010\n11100\n\n11101\n11101\n11110\n11111\n11111\n";
        let spaced = "2\r\n0 0 1 1 1\r\n0 1 0 1 1 \r\n1 0 0 0 1\r\n1 1 0 1 0\r\n1 1 1 0 0\r\n\
                      11101\r\n11101\r\n11110  \r\n11111\r\n11111";
        assert_eq!(grids(plain).unwrap(), grids(spaced).unwrap());
        assert_eq!(grids(plain).unwrap()[0] & 0x1F, 0b11100);
    }

    #[test]
    fn wrong_character_is_located() {
        let err = parse_error("1\n11111\n11x11\n11111\n11111\n11111\n");
        assert_eq!((err.line, err.column), (3, 3));
        assert_eq!(err.found, "`x`");
    }

    #[test]
    fn short_and_long_rows_are_located() {
        let err = parse_error("1\n11111\n1111\n11111\n11111\n11111\n");
        assert_eq!((err.line, err.column), (3, 5));
        let err = parse_error("1\n11111\n111111\n11111\n11111\n11111\n");
        assert_eq!((err.line, err.column), (3, 6));
    }

    #[test]
    fn count_errors() {
        assert_eq!(parse_error("").found, "an empty input");
        assert_eq!(parse_error("-2\n").found, "the negative number `-2`");
        assert_eq!(parse_error("+2\n").found, "`+`");
        assert_eq!(parse_error("3a\n").column, 2);
    }

    #[test]
    fn leading_zeros_in_the_count_are_accepted() {
        assert_eq!(
            grids("001\n11111\n11111\n11111\n11111\n11111")
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn missing_grids_and_trailing_data() {
        let err = parse_error("2\n11111\n11111\n11111\n11111\n11111\n");
        assert_eq!(err.line, 7);
        assert_eq!(err.found, "the end of the input");
        let err = parse_error("1\n11111\n11111\n11111\n11111\n11111\n\n  junk\n");
        assert_eq!((err.line, err.column), (8, 3));
    }

    #[test]
    fn a_long_line_is_refused_with_bounded_memory() {
        let text = format!("1\n{}\n", "1".repeat(300_000));
        let err = parse_error(&text);
        assert_eq!(err.line, 2);
        assert_eq!(err.found, "a longer line");
    }

    #[test]
    fn the_count_line_may_be_left_out() {
        let board = "00111\n01011\n10001\n11010\n11100\n";
        let counted = grids(&format!("1\n{board}")).unwrap();
        assert_eq!(grids(board).unwrap(), counted);
        // Boards separated by blank lines, leading blank lines, spaced rows, `.`/`#`.
        let two = format!("\n{board}\n{board}");
        assert_eq!(grids(&two).unwrap(), [counted[0]; 2]);
        let spaced = "0 0 1 1 1\n0 1 0 1 1\n1 0 0 0 1\n1 1 0 1 0\n1 1 1 0 0";
        assert_eq!(grids(spaced).unwrap(), counted);
        let drawn = "..###\n.#.##\n#...#\n##.#.\n###..\n";
        assert_eq!(grids(drawn).unwrap(), counted);
        assert_eq!(
            grids(&format!("2\n{board}{drawn}")).unwrap(),
            [counted[0]; 2]
        );
    }

    #[test]
    fn a_first_line_that_reads_both_ways_is_settled_by_the_lines_after_it() {
        // `11111`: a count, or a row? A row when a blank line or the end follows the
        // board it would start.
        let five = "11111\n".repeat(5);
        assert_eq!(grids(&five).unwrap(), [(1 << 25) - 1]);
        assert_eq!(grids(&format!("{five}\n{five}")).unwrap().len(), 2);
        // The count when a row stands there (the contest's format, with 10,000 grids).
        let err = parse_error(&format!("10000\n{five}"));
        assert_eq!(err.clue, Some(Clue::CountLooksLikeRow));
        assert_eq!(err.line, 7);
        let err = parse_error("2\n11111\n");
        assert_eq!(err.clue, None);
    }

    #[test]
    fn a_row_of_another_width_is_named() {
        let err = parse_error("1\n111111\n");
        assert_eq!(err.clue, Some(Clue::RowOfOtherWidth { lights: 6 }));
        let err = parse_error("1\n1 1 1 1 1 1\n");
        assert_eq!(err.clue, Some(Clue::RowOfOtherWidth { lights: 6 }));
        let err = parse_error("1\n11x11\n");
        assert_eq!(err.clue, None);
    }
}
