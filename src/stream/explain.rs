//! `lightsout explain`: grids drawn for a person, with the buttons to press and how many.

use super::{BoardReader, Chunked, StreamError};
use crate::grid::{Grid, Presses};
use crate::table::DepthTable;
use std::fmt::Write as _;
use std::io::{Read, Write};

/// ANSI styles, or none.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Use colour escapes.
    pub colour: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// Reads the classic format from `input` and draws each grid to `output` with a fewest
/// press set from `table` marked, when it needs at most `max_steps` presses. Drawings
/// for the grids before a bad one are written before the error is returned. Returns
/// the number of grids drawn.
pub fn explain_stream<D: AsRef<[u8]>>(
    table: &DepthTable<D>,
    max_steps: u32,
    style: Style,
    input: impl Read,
    output: impl Write,
) -> Result<u64, StreamError> {
    // Drawings are for a person: each one is written as soon as it is drawn.
    let mut out = Chunked::new(output, true);
    let mut reader = BoardReader::new(input, 5, 5)?;
    let mut number = 0;
    let mut text = String::new();
    loop {
        let grid = match reader.next_grid() {
            Ok(Some(grid)) => grid,
            Ok(None) => break,
            Err(err) => {
                out.finish()?;
                return Err(err.into());
            }
        };
        number += 1;
        let answer = table
            .min_press_set(grid)
            .filter(|p| p.count_ones() <= max_steps);
        text.clear();
        draw(&mut text, number, grid, answer, max_steps, style);
        out.buf.extend_from_slice(text.as_bytes());
        out.answered()?;
    }
    out.finish()?;
    Ok(number)
}

/// Draws grid `number`: `#` for a light on, `.` for off, `[ ]` around each button to
/// press; then the count, or why there is none.
pub fn draw(
    out: &mut String,
    number: u64,
    grid: Grid,
    answer: Option<Presses>,
    max_steps: u32,
    style: Style,
) {
    let summary = match answer {
        Some(p) if p.count_ones() == 1 => "1 press, marked [ ]".to_string(),
        Some(p) => format!("{} presses, marked [ ]", p.count_ones()),
        None => format!("no way to turn every light on in {max_steps} presses or fewer"),
    };
    let _ = writeln!(out, "grid {number}: {}", style.paint("1", &summary));
    let _ = writeln!(out, "     1  2  3  4  5");
    for r in 0..5 {
        let _ = write!(out, "{:>2}  ", r + 1);
        for c in 0..5 {
            let cell = 5 * r + c;
            let on = grid >> cell & 1 == 1;
            let light = if on {
                style.paint("33;1", "#")
            } else {
                ".".to_string()
            };
            if answer.is_some_and(|p| p >> cell & 1 == 1) {
                let _ = write!(
                    out,
                    "{}{light}{}",
                    style.paint("36;1", "["),
                    style.paint("36;1", "]")
                );
            } else {
                let _ = write!(out, " {light} ");
            }
        }
        out.push('\n');
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_lights_and_presses_without_colour() {
        let mut out = String::new();
        // Row 1 all on but the first light; press cell (1,1).
        draw(&mut out, 1, 0x1FF_FFFE, Some(1), 6, Style { colour: false });
        assert!(out.starts_with("grid 1: 1 press, marked [ ]\n"));
        assert!(out.contains(" 1  [.] #  #  #  # \n"), "{out}");
        assert!(!out.contains('\x1b'));
    }

    #[test]
    fn colour_marks_lit_cells_and_presses() {
        let mut out = String::new();
        draw(&mut out, 1, 0x1FF_FFFE, Some(1), 6, Style { colour: true });
        assert!(
            out.contains("\x1b[36;1m[\x1b[0m.\x1b[36;1m]\x1b[0m"),
            "{out:?}"
        );
        assert!(out.contains("\x1b[33;1m#\x1b[0m"));
    }
}
