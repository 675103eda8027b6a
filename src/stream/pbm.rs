//! Boards as PBM images (netpbm's portable bitmap), in and out: `P1` (plain) and `P4`
//! (raw) images, one after another in one stream; a set pixel (1, "black") is a lit
//! light or a press. Answers are written as `P4`.

use super::read::error::{InputError, ParseError};
use super::read::rows::describe_byte;
use super::{Chunked, StreamError};
use crate::board::Board;
use crate::rules::{Game, Rule, Target, Topology};
use crate::solve::{GameSolver, GameWorkspace};
use std::io::{self, BufRead, BufReader, Read, Write};

/// Images from a byte stream.
pub struct PbmReader<R> {
    input: BufReader<R>,
    /// 1-based line and column of the next byte (header text only).
    line: u64,
    column: u64,
    images: u64,
}

impl<R: Read> PbmReader<R> {
    /// A reader of concatenated PBM images.
    pub fn new(input: R) -> Self {
        PbmReader {
            input: BufReader::with_capacity(1 << 16, input),
            line: 1,
            column: 1,
            images: 0,
        }
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        Ok(self.input.fill_buf()?.first().copied())
    }

    fn bump(&mut self) {
        if let Ok(Some(b)) = self.peek() {
            self.input.consume(1);
            if b == b'\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
    }

    fn error(&self, expected: String, found: String) -> InputError {
        ParseError {
            line: self.line,
            column: self.column,
            expected,
            found,
            clue: None,
        }
        .into()
    }

    fn found(&mut self) -> io::Result<String> {
        Ok(self
            .peek()?
            .map_or("the end of the input".into(), describe_byte))
    }

    /// Skips white space and `#` comments.
    fn skip_space(&mut self) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            if b == b'#' {
                while self.peek()?.is_some_and(|b| b != b'\n') {
                    self.bump();
                }
            } else if is_space(b) {
                self.bump();
            } else {
                break;
            }
        }
        Ok(())
    }

    /// A decimal header number of at least 1.
    fn number(&mut self, what: &str) -> Result<usize, InputError> {
        self.skip_space()?;
        let mut n: usize = 0;
        let mut digits = 0;
        while let Some(b) = self.peek()?.filter(u8::is_ascii_digit) {
            n = n
                .checked_mul(10)
                .and_then(|n| n.checked_add(usize::from(b - b'0')))
                .ok_or_else(|| self.error(format!("the {what}"), "a number too large".into()))?;
            digits += 1;
            self.bump();
        }
        if digits == 0 || n == 0 {
            let found = if digits == 0 {
                self.found()?
            } else {
                "0".into()
            };
            return Err(self.error(format!("the {what} (a whole number of at least 1)"), found));
        }
        Ok(n)
    }

    /// The next image as a board (`height` rows of `width` lights), or `None` at the
    /// end of the input.
    pub fn next_image(&mut self) -> Result<Option<Board>, InputError> {
        self.skip_space()?;
        if self.peek()?.is_none() {
            return Ok(None);
        }
        self.images += 1;
        let image = self.images;
        let magic = |s: &mut Self| -> Result<u8, InputError> {
            if s.peek()? != Some(b'P') {
                let found = s.found()?;
                return Err(s.error(format!("`P1` or `P4` starting image {image}"), found));
            }
            s.bump();
            match s.peek()? {
                Some(kind @ (b'1' | b'4')) => {
                    s.bump();
                    Ok(kind)
                }
                _ => {
                    let found = s.found()?;
                    Err(s.error(format!("`1` or `4` after `P` (image {image})"), found))
                }
            }
        };
        let kind = magic(self)?;
        let width = self.number("width")?;
        let height = self.number("height")?;
        if (width as u64).saturating_mul(height as u64) > 1 << 30 {
            return Err(self.error(
                "an image of at most 2^30 pixels".into(),
                format!("{height} x {width} (rows x columns)"),
            ));
        }
        let mut board = Board::new(height, width);
        let mut row = vec![0u64; width.div_ceil(64)];
        if kind == b'1' {
            for r in 0..height {
                row.fill(0);
                for c in 0..width {
                    self.skip_space()?;
                    match self.peek()? {
                        Some(b'0') => {}
                        Some(b'1') => row[c / 64] |= 1 << (c % 64),
                        _ => {
                            let found = self.found()?;
                            return Err(self.error(
                                format!(
                                    "pixel {} of row {} of image {image}: `0` or `1`",
                                    c + 1,
                                    r + 1
                                ),
                                found,
                            ));
                        }
                    }
                    self.bump();
                }
                board.set_row_words(r, &row);
            }
        } else {
            // Exactly one white-space byte, then the raster; a comment may come before
            // it (netpbm: from `#` to the line end, whose newline is that byte).
            if self.peek()? == Some(b'#') {
                while self.peek()?.is_some_and(|b| b != b'\n' && b != b'\r') {
                    self.bump();
                }
            }
            match self.peek()? {
                Some(b) if is_space(b) => self.bump(),
                _ => {
                    let found = self.found()?;
                    return Err(self.error("one white-space byte before the raster".into(), found));
                }
            }
            let mut bytes = vec![0u8; width.div_ceil(8)];
            for r in 0..height {
                self.input.read_exact(&mut bytes).map_err(|err| {
                    if err.kind() == io::ErrorKind::UnexpectedEof {
                        self.error(
                            format!("{} bytes of row {} of image {image}", bytes.len(), r + 1),
                            "the end of the input".into(),
                        )
                    } else {
                        err.into()
                    }
                })?;
                // Lines and columns go on counting through the raster, so an error
                // after it names the place as a text view of the file would.
                for &byte in &bytes {
                    if byte == b'\n' {
                        self.line += 1;
                        self.column = 1;
                    } else {
                        self.column += 1;
                    }
                }
                row.fill(0);
                for (k, &byte) in bytes.iter().enumerate() {
                    // Most significant bit first: reversed, pixel 8k is bit 8k.
                    row[k / 8] |= u64::from(byte.reverse_bits()) << (8 * (k % 8));
                }
                if let Some(last) = row.last_mut() {
                    *last &= crate::board::last_word_mask(width);
                }
                board.set_row_words(r, &row);
            }
        }
        Ok(Some(board))
    }
}

/// White space as netpbm reads it: blank, tab, line feed, vertical tab, form feed and
/// carriage return (C's `isspace`).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Appends `board` as a `P4` image.
pub fn write_pbm(out: &mut Vec<u8>, board: &Board) {
    push_pbm_header(out, board);
    for r in 0..board.rows() {
        push_pbm_row(out, board, r);
    }
}

fn push_pbm_header(out: &mut Vec<u8>, board: &Board) {
    out.extend_from_slice(format!("P4\n{} {}\n", board.cols(), board.rows()).as_bytes());
}

/// Row `r` of `board` as P4 bytes: eight lights a byte, the first in the high bit.
fn push_pbm_row(out: &mut Vec<u8>, board: &Board, r: usize) {
    let mut scratch = [0];
    let row = board.row_words(r, &mut scratch);
    let bytes = board.cols().div_ceil(8);
    out.extend((0..bytes).map(|k| ((row[k / 8] >> (8 * (k % 8))) as u8).reverse_bits()));
}

/// [`write_pbm`] through `out`, row by row as its buffer fills: a huge image is never
/// held whole as bytes.
pub(super) fn stream_pbm(out: &mut Chunked<impl Write>, board: &Board) -> Result<(), StreamError> {
    push_pbm_header(&mut out.buf, board);
    for r in 0..board.rows() {
        push_pbm_row(&mut out.buf, board, r);
        out.spill()?;
    }
    Ok(())
}

/// The game of a PBM stream's images: each image's shape with this topology and rule.
#[derive(Debug, Clone)]
pub struct PbmGame {
    /// How the images' edges meet.
    pub topology: Topology,
    /// What a press adds.
    pub rule: Rule,
}

impl PbmGame {
    /// The game of an image of `rows x cols`.
    pub fn game(&self, rows: usize, cols: usize) -> Result<Game, crate::rules::GameError> {
        Game::grid(rows, cols, self.topology, self.rule.clone(), 2)
    }

    /// The nullity of the game of an image of `rows x cols` (`None` when it has none
    /// within the library's engines).
    pub fn nullity(&self, rows: usize, cols: usize) -> Option<usize> {
        let game = self.game(rows, cols).ok()?;
        GameSolver::new(game, 0).ok().map(|s| s.nullity())
    }
}

/// Solves every image of `input` (each its own shape; `shape`, if given, must be every
/// image's) as a board of `game` (the classic game when `None`) and writes each press
/// pattern as a `P4` image, in order. An image with no solution has no answer image:
/// `no_solution` is told its number, its shape and that shape's nullity, and the stream
/// goes on (as text mode's `no solution` line does). With `line_buffered`, each answer
/// image is flushed as it is written.
#[allow(
    clippy::too_many_arguments,
    reason = "the stream's settings and its two reports"
)]
pub fn solve_pbm_stream(
    shape: Option<(usize, usize)>,
    game: Option<&PbmGame>,
    (search_budget, line_buffered): (u64, bool),
    target: Target,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, super::Answered),
    no_solution: &mut dyn FnMut(u64, (usize, usize), usize),
) -> Result<super::SolveSummary, StreamError> {
    let mut reader = PbmReader::new(input);
    let mut out = Chunked::new(output, line_buffered);
    let mut summary = super::SolveSummary::default();
    let mut solver: Option<(GameSolver, GameWorkspace)> = None;
    loop {
        let board = match reader.next_image() {
            Ok(Some(board)) => board,
            Ok(None) => break,
            Err(err) => {
                out.finish()?;
                return Err(err.into());
            }
        };
        let image = summary.boards + 1;
        let (rows, cols) = (board.rows(), board.cols());
        if let Some(expected) = shape.filter(|&s| s != (rows, cols)) {
            out.finish()?;
            return Err(StreamError::ImageShape {
                image,
                found: (rows, cols),
                asked: expected,
            });
        }
        if solver
            .as_ref()
            .is_none_or(|(s, _)| s.board_shape() != (rows, cols))
        {
            let made = match game {
                None => Game::classic(rows, cols),
                Some(game) => game.game(rows, cols),
            }
            .map_err(|e| e.to_string())
            .and_then(|g| GameSolver::new(g, search_budget).map_err(|e| e.to_string()));
            let made = match made {
                Ok(made) => made,
                Err(message) => {
                    out.finish()?;
                    return Err(StreamError::Image { image, message });
                }
            };
            let ws = made.workspace();
            solver = Some((made, ws));
        }
        let (solver, ws) = solver.as_mut().expect("just made");
        let solved = solver.solve_with(&board, target, ws, true)?;
        summary.boards += 1;
        let Some(solution) = solved else {
            summary.unsolvable += 1;
            no_solution(image, (rows, cols), solver.nullity());
            continue;
        };
        summary.unproven += u64::from(!solution.proven_minimal);
        report(summary.boards, super::Answered::of_solution(&solution));
        stream_pbm(&mut out, solution.presses)?;
        out.answered()?;
    }
    out.finish()?;
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p4_round_trips_and_p1_reads_the_same_board() {
        let mut board = Board::new(3, 10);
        for (r, c) in [(0, 0), (1, 9), (2, 4), (2, 8)] {
            board.set(r, c, true);
        }
        let mut bytes = Vec::new();
        write_pbm(&mut bytes, &board);
        write_pbm(&mut bytes, &board);
        let plain = b"P1 # a comment\n10 3\n1000000000\n0 0 0 0 0 0 0 0 0 1\n0000100010\n";
        bytes.extend_from_slice(plain);
        let mut reader = PbmReader::new(&bytes[..]);
        for _ in 0..3 {
            assert_eq!(reader.next_image().unwrap().unwrap(), board);
        }
        assert!(reader.next_image().unwrap().is_none());
    }

    #[test]
    fn a_bad_header_is_located() {
        let mut reader = PbmReader::new(&b"P1\n3 x\n"[..]);
        match reader.next_image() {
            Err(InputError::Parse(err)) => assert_eq!((err.line, err.column), (2, 3)),
            other => panic!("{other:?}"),
        }
    }
}
