//! Pictures of boards of K states: each state its colour (the page's), each button to
//! press marked with one pip a press (dice faces, to 9), cells with no light white,
//! and under the board a legend of the states' colours, state 0 first.

use super::picture::cell_pixels;
use super::picture::Placement;
use super::ruler::Ruler;
use std::io::{self, Write};

/// The page's colours: state 0 deep blue, then the Okabe-Ito colours; three states
/// are Lights Out 2000's off, red and green.
const PAGE: [[u8; 3]; 9] = [
    [0x1d, 0x2b, 0x53],
    [0xff, 0xc8, 0x3d],
    [0x56, 0xb4, 0xe9],
    [0x00, 0x9e, 0x73],
    [0xf0, 0xe4, 0x42],
    [0xd5, 0x5e, 0x00],
    [0xcc, 0x79, 0xa7],
    [0xe6, 0xe6, 0xe6],
    [0x8c, 0x6d, 0x31],
];
const THREE: [[u8; 3]; 3] = [[0x1d, 0x2b, 0x53], [0xe0, 0x52, 0x3f], [0x2f, 0xbf, 0x71]];

/// The most states a picture takes (each a palette entry, beside three of its own).
pub const MAX_PICTURE_STATES: u8 = 250;

/// The colour of state `s` of `k`: the page's for up to 9, else a wheel of hues.
fn colour(s: u8, k: u8) -> [u8; 3] {
    match k {
        3 => THREE[usize::from(s)],
        ..=9 => PAGE[usize::from(s)],
        _ if s == 0 => PAGE[0],
        _ => {
            let hue = f64::from(s - 1) / f64::from(k - 1) * 6.0;
            let x = (1.0 - (hue % 2.0 - 1.0).abs()) * 255.0;
            let (r, g, b) = match hue as u32 {
                0 => (255.0, x, 0.0),
                1 => (x, 255.0, 0.0),
                2 => (0.0, 255.0, x),
                3 => (0.0, x, 255.0),
                4 => (x, 0.0, 255.0),
                _ => (255.0, 0.0, x),
            };
            [r as u8, g as u8, b as u8]
        }
    }
}

/// Where a pip of a die showing `n` (1 to 9) sits on its 3 x 3 grid.
fn pips(n: u8) -> &'static [(usize, usize)] {
    const ALL: [&[(usize, usize)]; 9] = [
        &[(1, 1)],
        &[(0, 0), (2, 2)],
        &[(0, 0), (1, 1), (2, 2)],
        &[(0, 0), (0, 2), (2, 0), (2, 2)],
        &[(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)],
        &[(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)],
        &[(0, 0), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 2)],
        &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
        &[
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2),
        ],
    ];
    ALL[usize::from(n.clamp(1, 9)) - 1]
}

/// A board of `k` states (`lights`, one a light) with each button's `presses`, drawn as
/// `placement` puts its lights (a grid game's grid), as an indexed PNG a pixel row at a
/// time, its rows and columns numbered (in the room
/// [`picture_margins`](crate::picture_margins) gives). Counts past 9 show nine pips.
pub fn write_states_png(
    mut sink: impl Write,
    k: u8,
    lights: &[u8],
    presses: Option<&[u8]>,
    placement: &Placement,
) -> io::Result<()> {
    if k > MAX_PICTURE_STATES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("pictures take at most {MAX_PICTURE_STATES} states"),
        ));
    }
    let (rows, cols) = placement.shape();
    // The board, a blank row, and the legend's row (wider, if the states are more).
    let width_cells = cols.max(usize::from(k));
    let height_cells = rows + 2;
    let side = cell_pixels(height_cells, width_cells);
    let too_large = || io::Error::new(io::ErrorKind::InvalidInput, "the picture is too large");
    // White pips on state 0's deep blue, near-black ones on the lighter colours.
    let (light_pip, blank, line, dark_pip) = (k, k + 1, k + 2, k + 3);
    let ruler = Ruler::new(rows, cols, side, dark_pip, blank);
    let width_px = ruler.left() + width_cells * side + ruler.right();
    let width = u32::try_from(width_px).map_err(|_| too_large())?;
    let height = u32::try_from(ruler.top() + height_cells * side).map_err(|_| too_large())?;
    let mut palette: Vec<u8> = (0..k).flat_map(|s| colour(s, k)).collect();
    palette.extend([
        0xff, 0xff, 0xff, 0xf4, 0xf5, 0xf7, 0x5a, 0x5a, 0x66, 0x10, 0x14, 0x18,
    ]);
    {
        let mut encoder = png::Encoder::new(&mut sink, width, height);
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette);
        let mut writer = encoder.write_header().map_err(io::Error::other)?;
        let mut stream = writer.stream_writer().map_err(io::Error::other)?;
        let lined = side >= 8;
        let third = side / 3;
        let radius = (side / 10).max(1);
        ruler.write_top(width_px, |row| stream.write_all(row))?;
        let mut row = super::picture::pixel_row(width_px, blank)?;
        for r in 0..height_cells {
            for y in 0..side {
                row.fill(blank);
                let (numbers, board) = row.split_at_mut(ruler.left());
                if r < rows {
                    ruler.fill_left(r * side + y, numbers);
                }
                for c in 0..width_cells {
                    let cell = &mut board[c * side..(c + 1) * side];
                    let (fill, count) = if r < rows {
                        match (c < cols).then(|| placement.light(r, c)).flatten() {
                            Some(l) => (lights[l], presses.map_or(0, |p| p[l])),
                            None => continue,
                        }
                    } else if r == rows + 1 && c < usize::from(k) {
                        (c as u8, 0)
                    } else {
                        continue;
                    };
                    for (x, px) in cell.iter_mut().enumerate() {
                        let edge = lined && (x == 0 || y == 0 || x == side - 1 || y == side - 1);
                        let on_pip = count > 0
                            && pips(count).iter().any(|&(pr, pc)| {
                                let (cy, cx) = (pr * third + third / 2, pc * third + third / 2);
                                y.abs_diff(cy) <= radius && x.abs_diff(cx) <= radius
                            });
                        *px = if edge {
                            line
                        } else if on_pip {
                            if fill == 0 {
                                light_pip
                            } else {
                                dark_pip
                            }
                        } else {
                            fill
                        };
                    }
                }
                stream.write_all(&row)?;
            }
        }
        stream.finish().map_err(io::Error::other)?;
    }
    sink.flush()
}
