//! Grids drawn for a person: the lights, the buttons to press, and how many.

use crate::board::Grid;
use std::fmt::Write;

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

/// Draws grid `number`: `#` for a light on, `.` for off, `[ ]` around each button to
/// press; then the count, or why there is none.
pub fn draw(
    out: &mut String,
    number: u64,
    grid: Grid,
    answer: Option<Grid>,
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
