//! `lightsout explain` for any game: each board drawn with its presses marked, as text
//! (colour on a terminal) or as a PNG picture for boards too large to read as text.

use super::explain::Style;
use super::reader::BoardReader;
use super::{ReadOrFinish, StreamError};
use crate::board::Board;
use crate::rules::Target;
use crate::solve::{GameSolver, Solution};
use crate::text::{plural, thousands};
use std::fmt::Write as _;
use std::io::{self, Read, Write};

/// How `explain` draws a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Drawing {
    /// Text: `#` lit, `.` dark, `[ ]` around each button to press.
    Text(Style),
    /// A PNG picture a board: dark and lit cells, presses marked in blue.
    Png,
}

/// One board's answer, as `explain` reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    /// Presses of the answer (`None`: no solution).
    pub presses: Option<u64>,
    /// The presses are proven the fewest.
    pub proven: bool,
}

/// Opens the writer of board `m`'s picture, told the board's answer.
pub type PictureSink<'a> = dyn FnMut(u64, &Drawn) -> io::Result<Box<dyn Write>> + 'a;

/// Reads boards of `solver`'s game from `input` and draws each with its fewest presses
/// (proven within the solver's budget) toward `target`. Text goes to `text`; a PNG
/// goes to the writer `picture(m)` opens for board `m`. Drawings for the boards before
/// a bad one are written before the error is returned.
pub fn explain_game_stream(
    solver: &GameSolver,
    target: Target,
    drawing: Drawing,
    input: impl Read,
    mut text: impl Write,
    picture: &mut PictureSink,
) -> Result<u64, StreamError> {
    let (rows, cols) = solver.board_shape();
    let grid = solver.game().grid_rules().is_some();
    let mut reader = BoardReader::new(input, rows, cols)?;
    let mut board = Board::new(rows, cols);
    let mut ws = solver.workspace();
    let mut number = 0;
    let mut page = String::new();
    // A drawing is for a person: each one is written as soon as it is drawn.
    let mut out = super::Chunked::new(&mut text, true);
    loop {
        if reader.next_board(&mut board).finished(&mut out)? {
            break;
        }
        number += 1;
        let solved: Option<Solution> = solver.solve_with(&board, target, &mut ws, true)?;
        let drawn = Drawn {
            presses: solved.as_ref().map(|s| s.presses.count_ones()),
            proven: solved.as_ref().is_some_and(|s| s.proven_minimal),
        };
        let presses = solved.map(|s| s.presses);
        match drawing {
            Drawing::Text(style) => {
                page.clear();
                heading(&mut page, number, &drawn, target, style);
                if grid {
                    draw_grid(&mut page, &board, presses, style);
                } else {
                    draw_map(&mut page, &board, presses);
                }
                out.buf.extend_from_slice(page.as_bytes());
                out.answered()?;
            }
            Drawing::Png => {
                let sink = picture(number, &drawn).map_err(StreamError::Output)?;
                write_png(sink, &board, presses.filter(|_| grid)).map_err(StreamError::Output)?;
            }
        }
    }
    out.finish()?;
    Ok(number)
}

fn heading(out: &mut String, number: u64, drawn: &Drawn, target: Target, style: Style) {
    let goal = match target {
        Target::On => "turn every light on",
        Target::Off => "turn every light off",
    };
    let to = match target {
        Target::On => "to all on",
        Target::Off => "to all off",
    };
    let summary = match drawn.presses {
        Some(n) => format!(
            "{} {to}{}, marked [ ]",
            plural(n, "press", "presses"),
            if drawn.proven {
                " (the fewest)"
            } else {
                " (not proven the fewest)"
            }
        ),
        None => format!("cannot be solved: no presses {goal}"),
    };
    let _ = writeln!(out, "board {number}: {}", style.paint("1", &summary));
}

/// The grid with 1-based column numbers on top and row numbers on the left.
fn draw_grid(out: &mut String, board: &Board, presses: Option<&Board>, style: Style) {
    let (rows, cols) = (board.rows(), board.cols());
    let label = rows.to_string().len();
    // Column numbers: every column when they fit in a cell, else every fifth.
    let _ = write!(out, "{:label$} ", "");
    for c in 0..cols {
        let n = c + 1;
        if n < 100 || n % 5 == 0 && n < 1000 {
            let _ = write!(out, "{n:>3}");
        } else {
            out.push_str("   ");
        }
    }
    trim_line(out);
    for r in 0..rows {
        let _ = write!(out, "{:>label$} ", r + 1);
        for c in 0..cols {
            let light = if board.get(r, c) {
                style.paint("33;1", "#")
            } else {
                ".".to_string()
            };
            if presses.is_some_and(|p| p.get(r, c)) {
                let (open, close) = (style.paint("36;1", "["), style.paint("36;1", "]"));
                let _ = write!(out, "{open}{light}{close}");
            } else {
                let _ = write!(out, " {light} ");
            }
        }
        trim_line(out);
    }
    out.push('\n');
}

/// A button map: the lights that are on, and the buttons to press (1-based).
fn draw_map(out: &mut String, board: &Board, presses: Option<&Board>) {
    let listed = |b: &Board| -> String {
        let on: Vec<String> = (0..b.cols())
            .filter(|&c| b.get(0, c))
            .map(|c| (c + 1).to_string())
            .collect();
        if on.is_empty() {
            "none".to_string()
        } else {
            on.join(" ")
        }
    };
    let _ = writeln!(out, "lights on: {}", listed(board));
    if let Some(p) = presses {
        let _ = writeln!(out, "press:     {}", listed(p));
    }
    out.push('\n');
}

fn trim_line(out: &mut String) {
    let kept = out.trim_end_matches(' ').len();
    out.truncate(kept);
    out.push('\n');
}

/// The palette: dark, lit, and each of them pressed.
const PALETTE: [u8; 12] = [
    0x24, 0x24, 0x2c, // dark
    0xf2, 0xc1, 0x2e, // lit
    0x1f, 0x6f, 0xd6, // dark, press here
    0x7f, 0xd3, 0xff, // lit, press here
];

/// The side of a cell in pixels: about 1024 pixels for the board's longer side, from
/// 1 (boards of 1024 and more) to 24.
pub fn cell_pixels(rows: usize, cols: usize) -> usize {
    (1024 / rows.max(cols)).clamp(1, 24)
}

/// `board` as an indexed PNG, written a pixel row at a time (memory: one row). With a
/// cell of 4 pixels or more, a press is a blue square inside its cell (the light's
/// colour around it); smaller cells take the pressed colours whole.
pub fn write_png(mut sink: impl Write, board: &Board, presses: Option<&Board>) -> io::Result<()> {
    let (rows, cols) = (board.rows(), board.cols());
    let side = cell_pixels(rows, cols);
    let too_large = || io::Error::new(io::ErrorKind::InvalidInput, "the picture is too large");
    let width = u32::try_from(cols * side).map_err(|_| too_large())?;
    let height = u32::try_from(rows * side).map_err(|_| too_large())?;
    {
        let mut encoder = png::Encoder::new(&mut sink, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(&PALETTE[..]);
        let mut writer = encoder.write_header().map_err(io::Error::other)?;
        let mut stream = writer.stream_writer().map_err(io::Error::other)?;
        let margin = if side >= 4 { side / 4 } else { 0 };
        let mut line = vec![0u8; cols * side];
        for r in 0..rows {
            for y in 0..side {
                let inner_y = margin > 0 && (margin..side - margin).contains(&y);
                for c in 0..cols {
                    let lit = u8::from(board.get(r, c));
                    let pressed = presses.is_some_and(|p| p.get(r, c));
                    let cell = &mut line[c * side..(c + 1) * side];
                    for (x, px) in cell.iter_mut().enumerate() {
                        let mark = pressed
                            && (margin == 0 || inner_y && (margin..side - margin).contains(&x));
                        *px = lit + 2 * u8::from(mark);
                    }
                }
                stream.write_all(&line)?;
            }
        }
        stream.finish().map_err(io::Error::other)?;
    }
    sink.flush()
}

/// What `explain --format png` says it wrote for a board.
pub fn picture_note(drawn: &Drawn) -> String {
    match drawn.presses {
        Some(n) => format!(
            "{} presses{}",
            thousands(n),
            if drawn.proven {
                ", the fewest"
            } else {
                ", not proven the fewest"
            }
        ),
        None => "no solution".to_string(),
    }
}
