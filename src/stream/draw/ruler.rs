//! Row and column numbers around a picture (`explain --format png`): 1-based, as the
//! text drawing numbers them, every few cells (1, 2, 5, 10, 20, 50, ...: as often as
//! they fit), in a small pixel font, so that a press on a large board can be found.

use std::io;

/// The digits 0 to 9, 3 x 5 pixels each, a row a byte (bit 2 the left pixel).
const DIGITS: [[u8; 5]; 10] = [
    [0b111, 0b101, 0b101, 0b101, 0b111],
    [0b010, 0b110, 0b010, 0b010, 0b111],
    [0b111, 0b001, 0b111, 0b100, 0b111],
    [0b111, 0b001, 0b011, 0b001, 0b111],
    [0b101, 0b101, 0b111, 0b001, 0b001],
    [0b111, 0b100, 0b111, 0b001, 0b111],
    [0b111, 0b100, 0b111, 0b101, 0b111],
    [0b111, 0b001, 0b010, 0b010, 0b010],
    [0b111, 0b101, 0b111, 0b101, 0b111],
    [0b111, 0b101, 0b111, 0b001, 0b111],
];
/// Pixels a font pixel.
const SCALE: usize = 2;
/// A digit's width and a number's height, in pixels.
const DIGIT: usize = 3 * SCALE;
const HEIGHT: usize = 5 * SCALE;
/// Pixels between two digits, and around the numbers.
const GAP: usize = SCALE;
const PAD: usize = 3;

/// The numbers of a picture's rows (left of it) and columns (above it).
pub struct Ruler {
    rows: usize,
    cols: usize,
    side: usize,
    /// Every `step`-th row and column is numbered.
    step: usize,
    left: usize,
    ink: u8,
    paper: u8,
}

impl Ruler {
    /// The ruler of `rows x cols` cells of `side` pixels, drawn in palette colour `ink`
    /// on `paper`.
    pub fn new(rows: usize, cols: usize, side: usize, ink: u8, paper: u8) -> Ruler {
        let widest = width(rows.max(cols));
        let step = [1usize, 2, 5]
            .iter()
            .flat_map(|&m| (0..8).map(move |e| m * 10usize.pow(e)))
            .filter(|&step| step * side.max(1) >= widest.max(HEIGHT) + 2 * PAD)
            .min()
            .unwrap_or(usize::MAX);
        Ruler {
            rows,
            cols,
            side,
            step,
            left: width(rows) + 2 * PAD,
            ink,
            paper,
        }
    }

    /// The pixels left of the board (the row numbers).
    pub fn left(&self) -> usize {
        self.left
    }

    /// The pixels right of the board (room for the last column's number).
    pub fn right(&self) -> usize {
        width(self.cols) / 2 + PAD
    }

    /// The pixel rows above the board (the column numbers).
    pub fn top(&self) -> usize {
        HEIGHT + 2 * PAD
    }

    /// Writes the pixel rows above the board, each `width` wide, through `write`.
    pub fn write_top(
        &self,
        width_px: usize,
        mut write: impl FnMut(&[u8]) -> io::Result<()>,
    ) -> io::Result<()> {
        let mut line = vec![self.paper; width_px];
        for y in 0..self.top() {
            line.fill(self.paper);
            if (PAD..PAD + HEIGHT).contains(&y) {
                for n in (self.step..=self.cols).step_by(self.step) {
                    let centre = self.left + (n - 1) * self.side + self.side / 2;
                    let w = width(n);
                    let x0 = centre.saturating_sub(w / 2).min(width_px.saturating_sub(w));
                    self.glyph_row(n, y - PAD, &mut line[x0..]);
                }
            }
            write(&line)?;
        }
        Ok(())
    }

    /// Fills `margin` (the [`Ruler::left`] pixels) of the board's pixel row `y`.
    pub fn fill_left(&self, y: usize, margin: &mut [u8]) {
        margin.fill(self.paper);
        let height = self.rows * self.side;
        // The numbered rows whose number may cover this pixel row.
        let first = y.saturating_sub(HEIGHT + self.side) / self.side.max(1);
        let last = (y + HEIGHT) / self.side.max(1) + 1;
        let from = first.div_ceil(self.step).max(1) * self.step;
        for n in (from..=last.min(self.rows)).step_by(self.step) {
            let centre = (n - 1) * self.side + self.side / 2;
            let y0 = centre
                .saturating_sub(HEIGHT / 2)
                .min(height.saturating_sub(HEIGHT));
            if (y0..y0 + HEIGHT).contains(&y) {
                let w = width(n);
                let x0 = self.left.saturating_sub(PAD + w);
                self.glyph_row(n, y - y0, &mut margin[x0..]);
            }
        }
    }

    /// Pixel row `y` (of [`HEIGHT`]) of the number `n`, from the start of `out`.
    fn glyph_row(&self, n: usize, y: usize, out: &mut [u8]) {
        for (i, digit) in n.to_string().bytes().enumerate() {
            let bits = DIGITS[usize::from(digit - b'0')][y / SCALE];
            for x in 0..DIGIT {
                if bits >> (2 - x / SCALE) & 1 == 1 {
                    if let Some(px) = out.get_mut(i * (DIGIT + GAP) + x) {
                        *px = self.ink;
                    }
                }
            }
        }
    }
}

/// The width of the number `n` in pixels.
fn width(n: usize) -> usize {
    let digits = n.max(1).to_string().len();
    digits * (DIGIT + GAP) - GAP
}

/// The pixels a picture of `rows x cols` cells of `side` pixels has left of, above and
/// right of its cells for the numbers: `(left, top, right)`.
pub fn picture_margins(rows: usize, cols: usize, side: usize) -> (usize, usize, usize) {
    let ruler = Ruler::new(rows, cols, side, 0, 0);
    (ruler.left(), ruler.top(), ruler.right())
}
