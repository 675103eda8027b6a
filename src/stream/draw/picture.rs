//! `lightsout explain` for any game: each board drawn with its presses marked, as text
//! (colour on a terminal) or as a PNG picture for boards too large to read as text.

use super::explain::Style;
use super::ruler::Ruler;
use crate::board::Board;
use crate::rules::layout::Layout;
use crate::rules::Target;
use crate::solve::{GameSolver, Solution};
use crate::stream::read::reader::BoardReader;
use crate::stream::{ReadOrFinish, StreamError};
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
    let game = solver.game();
    let grid = game.grid_rules().is_some();
    // A game that is not a grid is drawn as its layout places its lights; its presses
    // on their lights when each button has one.
    let placement = Placement::of(game);
    let on_lights = grid || game.buttons() == game.lights();
    let mut reader = BoardReader::for_game(input, game)?;
    let mut board = Board::new(rows, cols);
    let mut ws = solver.workspace();
    let mut number = 0;
    let mut page = String::new();
    // A drawing is for a person: each one is written as soon as it is drawn.
    let mut out = crate::stream::Chunked::new(&mut text, true);
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
                out.buf.extend_from_slice(page.as_bytes());
                // The drawing goes out a row at a time: its text is never held whole.
                let cells = Cells::new(&board, presses.filter(|_| on_lights), &placement);
                draw_grid(&mut out, &cells, style)?;
                // A game that is not a grid (a map, a graph) lists its buttons to press
                // by number too: a drawing of many lights is hard to count.
                page.clear();
                if !grid {
                    draw_buttons(&mut page, presses);
                }
                page.push('\n');
                out.buf.extend_from_slice(page.as_bytes());
                out.answered()?;
            }
            Drawing::Png => {
                let sink = picture(number, &drawn).map_err(StreamError::Output)?;
                let cells = Cells::new(&board, presses.filter(|_| on_lights), &placement);
                write_png(sink, &cells).map_err(StreamError::Output)?;
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

/// Where a drawing puts each light: a grid game's light `r * cols + c` at (r, c),
/// computed (nothing held a light, whatever the board's size); any other game's as its
/// layout places it (a map of the drawing's cells: such games have at most
/// [`DENSE_LIGHTS`](crate::solve::DENSE_LIGHTS) lights).
#[derive(Debug, Clone)]
pub enum Placement {
    /// A grid game's board.
    Grid {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A drawing of a game that is not a grid.
    Drawn {
        /// Rows of the drawing.
        rows: usize,
        /// Columns of the drawing.
        cols: usize,
        /// The light of each cell, row by row.
        at: Vec<Option<usize>>,
    },
}

impl Placement {
    /// How `game`'s boards are drawn.
    pub fn of(game: &crate::rules::Game) -> Placement {
        match game.grid_rules() {
            Some(grid) => Placement::Grid {
                rows: grid.rows,
                cols: grid.cols,
            },
            None => Placement::of_layout(&game.layout()),
        }
    }

    /// The drawing of `layout`.
    pub fn of_layout(layout: &Layout) -> Placement {
        let mut at = vec![None; layout.rows * layout.cols];
        for (light, &(r, c)) in layout.cells.iter().enumerate() {
            at[r * layout.cols + c] = Some(light);
        }
        Placement::Drawn {
            rows: layout.rows,
            cols: layout.cols,
            at,
        }
    }

    /// Rows and columns of the drawing.
    pub fn shape(&self) -> (usize, usize) {
        match *self {
            Placement::Grid { rows, cols } | Placement::Drawn { rows, cols, .. } => (rows, cols),
        }
    }

    /// The light at (r, c), if the drawing has one there.
    pub fn light(&self, r: usize, c: usize) -> Option<usize> {
        match self {
            Placement::Grid { cols, .. } => Some(r * cols + c),
            Placement::Drawn { cols, at, .. } => at[r * cols + c],
        }
    }
}

/// A board's lights and presses as cells of a drawing: a grid game's grid, any other
/// game's layout (cells with no light left empty).
pub struct Cells<'a> {
    board: &'a Board,
    presses: Option<&'a Board>,
    placement: &'a Placement,
}

impl<'a> Cells<'a> {
    /// The cells of `board` (with `presses` on their lights) as `placement` draws them.
    pub fn new(
        board: &'a Board,
        presses: Option<&'a Board>,
        placement: &'a Placement,
    ) -> Cells<'a> {
        Cells {
            board,
            presses,
            placement,
        }
    }

    /// The cell at (r, c): whether its light is on and pressed; `None` for no light.
    fn at(&self, r: usize, c: usize) -> Option<(bool, bool)> {
        let (row, col) = match self.placement {
            Placement::Grid { .. } => (r, c),
            drawn => (0, drawn.light(r, c)?),
        };
        let pressed = self.presses.is_some_and(|p| p.get(row, col));
        Some((self.board.get(row, col), pressed))
    }
}

/// The cells with 1-based column numbers on top and row numbers on the left, into
/// `sink` a row at a time (written out as its buffer fills).
fn draw_grid<W: Write>(
    sink: &mut crate::stream::Chunked<W>,
    cells: &Cells,
    style: Style,
) -> Result<(), StreamError> {
    let (rows, cols) = cells.placement.shape();
    let label = rows.to_string().len();
    // Written straight into the output's buffer (a row's text is 3 bytes a light).
    let out = &mut sink.buf;
    // Column numbers: every column when they fit in a cell, else every fifth.
    let _ = write!(out, "{:label$} ", "");
    for c in 0..cols {
        let n = c + 1;
        if n < 100 || n % 5 == 0 && n < 1000 {
            let _ = write!(out, "{n:>3}");
        } else {
            out.extend_from_slice(b"   ");
        }
    }
    end_line(out);
    let (lit, on) = (style.paint("33;1", "#"), style.paint("36;1", "["));
    let close = style.paint("36;1", "]");
    for r in 0..rows {
        sink.spill()?;
        let out = &mut sink.buf;
        let _ = write!(out, "{:>label$} ", r + 1);
        for c in 0..cols {
            let Some((light, pressed)) = cells.at(r, c) else {
                out.extend_from_slice(b"   ");
                continue;
            };
            let light = if light { lit.as_bytes() } else { b"." };
            if pressed {
                out.extend_from_slice(on.as_bytes());
                out.extend_from_slice(light);
                out.extend_from_slice(close.as_bytes());
            } else {
                out.push(b' ');
                out.extend_from_slice(light);
                out.push(b' ');
            }
        }
        end_line(out);
    }
    sink.spill()
}

/// Ends a line of a drawing: its trailing spaces dropped.
fn end_line(out: &mut Vec<u8>) {
    while out.last() == Some(&b' ') {
        out.pop();
    }
    out.push(b'\n');
}

/// The buttons to press (1-based), for a game whose buttons are not on its lights.
fn draw_buttons(out: &mut String, presses: Option<&Board>) {
    if let Some(p) = presses {
        let on: Vec<String> = (0..p.cols())
            .filter(|&c| p.get(0, c))
            .map(|c| (c + 1).to_string())
            .collect();
        let listed = if on.is_empty() {
            "none".to_string()
        } else {
            on.join(" ")
        };
        let _ = writeln!(out, "press buttons: {listed}");
    }
}

/// The palette: dark, lit, each of them pressed, no light, and the lines between cells.
const PALETTE: [u8; 18] = [
    0x24, 0x24, 0x2c, // dark
    0xf2, 0xc1, 0x2e, // lit
    0x1f, 0x6f, 0xd6, // dark, press here
    0x7f, 0xd3, 0xff, // lit, press here
    0xff, 0xff, 0xff, // no light
    0x5a, 0x5a, 0x66, // grid line
];

/// The side of a cell in pixels: about 1024 pixels for the board's longer side (a 5x5
/// board's cells 204 pixels), 1 for boards of 1024 and more.
pub fn cell_pixels(rows: usize, cols: usize) -> usize {
    (1024 / rows.max(cols).max(1)).max(1)
}

/// The cells as an indexed PNG, written a pixel row at a time (memory: one row), the
/// rows numbered on the left and the columns above (in the room
/// [`picture_margins`](crate::picture_margins) gives). With a cell of 4 pixels or more,
/// a press is a blue square inside its cell (the light's colour around it); smaller
/// cells take the pressed colours whole. Cells of 8 pixels or more are outlined, so
/// lights can be counted; cells with no light are white.
pub fn write_png(mut sink: impl Write, cells: &Cells) -> io::Result<()> {
    let (rows, cols) = cells.placement.shape();
    let side = cell_pixels(rows, cols);
    let ruler = Ruler::new(rows, cols, side, 5, 4);
    let too_large = || io::Error::new(io::ErrorKind::InvalidInput, "the picture is too large");
    let width_px = ruler.left() + cols * side + ruler.right();
    let width = u32::try_from(width_px).map_err(|_| too_large())?;
    let height = u32::try_from(ruler.top() + rows * side).map_err(|_| too_large())?;
    {
        let mut encoder = png::Encoder::new(&mut sink, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(&PALETTE[..]);
        let mut writer = encoder.write_header().map_err(io::Error::other)?;
        let mut stream = writer.stream_writer().map_err(io::Error::other)?;
        let margin = if side >= 4 { side / 4 } else { 0 };
        let lined = side >= 8;
        ruler.write_top(width_px, |row| stream.write_all(row))?;
        let mut line = pixel_row(width_px, 4)?;
        for r in 0..rows {
            for y in 0..side {
                let inner_y = margin > 0 && (margin..side - margin).contains(&y);
                let (numbers, board) = line.split_at_mut(ruler.left());
                ruler.fill_left(r * side + y, numbers);
                for c in 0..cols {
                    let cell = &mut board[c * side..(c + 1) * side];
                    let Some((lit, pressed)) = cells.at(r, c) else {
                        cell.fill(4);
                        continue;
                    };
                    for (x, px) in cell.iter_mut().enumerate() {
                        let mark = pressed
                            && (margin == 0 || inner_y && (margin..side - margin).contains(&x));
                        let edge = lined && (x == 0 || y == 0 || x == side - 1 || y == side - 1);
                        *px = if edge {
                            5
                        } else {
                            u8::from(lit) + 2 * u8::from(mark)
                        };
                    }
                }
                stream.write_all(&line)?;
            }
        }
        stream.finish().map_err(io::Error::other)?;
    }
    sink.flush()
}

/// One row of a picture's pixels, `width` of them, each `fill`: refused (not an abort)
/// when memory cannot hold it.
pub(super) fn pixel_row(width: usize, fill: u8) -> io::Result<Vec<u8>> {
    let mut row = Vec::new();
    row.try_reserve_exact(width).map_err(|_| {
        io::Error::new(
            io::ErrorKind::OutOfMemory,
            format!("a picture {width} pixels wide: its row does not fit in memory"),
        )
    })?;
    row.resize(width, fill);
    Ok(row)
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
