//! The 5x5 routes' values: a grid as 25 characters and as rows, the target's word. A
//! query string is read by the library's `request::Params`, as the static page reads it.

use super::error::ApiError;
use lightsout::request::board_param;
use lightsout::{Grid, Target, CELLS};

/// A 5x5 grid from a query string's `board=`, read as every board is ([`board_param`]).
pub(super) fn parse_grid(text: &str) -> Result<Grid, ApiError> {
    Ok(grid_of(&board_param(
        text,
        &lightsout::request::contest_game(),
    )?))
}

/// A 5x5 grid from its 25 cells (0/1), light `i` at bit `i`.
pub(super) fn grid_of(cells: &[u8]) -> Grid {
    cells
        .iter()
        .enumerate()
        .fold(0, |grid, (i, &v)| grid | Grid::from(v) << i)
}

pub(super) fn grid_text(grid: Grid) -> String {
    (0..CELLS)
        .map(|i| if grid >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// A 5x5 grid's rows, as every JSON answer writes a board.
pub(super) fn grid_rows(grid: Grid) -> Vec<String> {
    let text = grid_text(grid);
    (0..5).map(|r| text[5 * r..5 * r + 5].to_string()).collect()
}

pub(super) fn target_word(target: Target) -> &'static str {
    match target {
        Target::On => "on",
        Target::Off => "off",
    }
}
