//! `lightsout explain`: grids drawn for a person, with the buttons to press and how many.

use crate::grid::{is_solvable, Grid, Presses};
use crate::rules::Target;
use crate::stream::query::toward_all_on;
use crate::stream::{BoardReader, Chunked, Method, StreamError};
use crate::text::plural;
use std::fmt::Write as _;
use std::io::{Read, Write};

/// ANSI styles, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Use colour escapes.
    pub colour: bool,
}

impl Style {
    pub(super) fn paint(&self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// What `explain` says of one grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// A fewest set of presses.
    Presses(Presses),
    /// No set of presses reaches the target.
    Unsolvable,
    /// It can be solved, but needs more presses than this.
    MoreThan(u32),
}

/// Reads the classic format from `input` and draws each grid to `output` with a fewest
/// press set (by `method`) that brings it to `target` marked, when it needs at most
/// `max_steps` presses. Drawings for the grids before a bad one are written before the
/// error is returned. Returns the number of grids drawn.
pub fn explain_stream<D: AsRef<[u8]>>(
    method: &Method<D>,
    max_steps: u32,
    target: Target,
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
        let toward_on = toward_all_on(grid, target);
        let verdict = if !is_solvable(toward_on) {
            Verdict::Unsolvable
        } else {
            let presses = match method.min_press_set(toward_on) {
                Ok(presses) => presses,
                Err(err) => {
                    out.finish()?;
                    return Err(err.into());
                }
            };
            presses
                .filter(|p| p.count_ones() <= max_steps)
                .map_or(Verdict::MoreThan(max_steps), Verdict::Presses)
        };
        text.clear();
        draw(&mut text, number, grid, verdict, target, style);
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
    verdict: Verdict,
    target: Target,
    style: Style,
) {
    let goal = match target {
        Target::On => "turn every light on",
        Target::Off => "turn every light off",
    };
    let to = match target {
        Target::On => "to all on",
        Target::Off => "to all off",
    };
    let summary = match verdict {
        Verdict::Presses(p) => {
            let presses = plural(p.count_ones(), "press", "presses");
            format!("{presses} {to}, marked [ ]")
        }
        Verdict::Unsolvable => format!("cannot be solved: no presses {goal}"),
        Verdict::MoreThan(max) => format!(
            "no way to {goal} in {} or fewer",
            plural(max, "press", "presses")
        ),
    };
    let presses = match verdict {
        Verdict::Presses(p) => p,
        _ => 0,
    };
    let _ = writeln!(out, "grid {number}: {}", style.paint("1", &summary));
    let _ = writeln!(out, "     1  2  3  4  5");
    for r in 0..5 {
        let row_start = out.len();
        let _ = write!(out, "{:>2}  ", r + 1);
        for c in 0..5 {
            let cell = 5 * r + c;
            let on = grid >> cell & 1 == 1;
            let light = if on {
                style.paint("33;1", "#")
            } else {
                ".".to_string()
            };
            if presses >> cell & 1 == 1 {
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
        let kept = out[row_start..].trim_end().len();
        out.truncate(row_start + kept);
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
        let verdict = Verdict::Presses(1);
        draw(
            &mut out,
            1,
            0x1FF_FFFE,
            verdict,
            Target::On,
            Style { colour: false },
        );
        assert!(out.starts_with("grid 1: 1 press to all on, marked [ ]\n"));
        assert!(out.contains(" 1  [.] #  #  #  #\n"), "{out}");
        assert!(!out.contains('\x1b'));
        assert!(out.lines().all(|line| !line.ends_with(' ')), "{out}");
    }

    #[test]
    fn colour_marks_lit_cells_and_presses() {
        let mut out = String::new();
        let verdict = Verdict::Presses(1);
        draw(
            &mut out,
            1,
            0x1FF_FFFE,
            verdict,
            Target::On,
            Style { colour: true },
        );
        assert!(
            out.contains("\x1b[36;1m[\x1b[0m.\x1b[36;1m]\x1b[0m"),
            "{out:?}"
        );
        assert!(out.contains("\x1b[33;1m#\x1b[0m"));
    }

    #[test]
    fn unsolvable_grids_say_so() {
        let mut out = String::new();
        let style = Style { colour: false };
        draw(
            &mut out,
            2,
            0x1FF_FFFE,
            Verdict::Unsolvable,
            Target::On,
            style,
        );
        assert!(out.starts_with("grid 2: cannot be solved: no presses turn every light on\n"));
    }
}
