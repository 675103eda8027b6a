//! The query string of a request, read: `k=v` pairs percent-decoded by serde_urlencoded
//! (what axum's `Query` uses), unknown keys refused with the known ones, and the values
//! the handlers take (flags, numbers, the target, a 5x5 grid as 25 characters).

use super::error::ApiError;
use lightsout::{Grid, Target, CELLS};

/// `k=v&k=v`, percent-decoded (`application/x-www-form-urlencoded`, as serde_urlencoded
/// reads it for axum's `Query`); unknown keys are refused with the known ones.
pub(super) struct Params(Vec<(String, String)>);

impl Params {
    pub(super) fn new(raw: Option<String>, known: &[&str]) -> Result<Params, ApiError> {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw.as_deref().unwrap_or_default()).map_err(|e| {
                ApiError::bad(format!("the query string is not URL-encoded pairs: {e}"))
            })?;
        if let Some((key, _)) = pairs.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            return Err(ApiError::bad(format!(
                "unknown parameter `{key}`; this endpoint takes {}",
                known.join(", ")
            )));
        }
        for (i, (key, _)) in pairs.iter().enumerate() {
            if pairs[..i].iter().any(|(k, _)| k == key) {
                return Err(ApiError::bad(format!(
                    "{key}: given twice; give each parameter once (several grids or boards \
                     go in a POST body)"
                )));
            }
        }
        Ok(Params(pairs))
    }

    pub(super) fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub(super) fn flag(&self, key: &str) -> Result<bool, ApiError> {
        match self.get(key) {
            None | Some("false") | Some("0") => Ok(false),
            Some("true") | Some("1") | Some("") => Ok(true),
            Some(other) => Err(ApiError::bad(format!(
                "{key}: expected true or false, found `{other}`"
            ))),
        }
    }

    pub(super) fn number<T: std::str::FromStr>(
        &self,
        key: &str,
        range: &str,
    ) -> Result<Option<T>, ApiError> {
        self.get(key)
            .map(|v| {
                v.parse().map_err(|_| {
                    ApiError::bad(format!(
                        "{key}: expected a whole number {range}, found `{v}`"
                    ))
                })
            })
            .transpose()
    }

    pub(super) fn target(&self, default: Target) -> Result<Target, ApiError> {
        match self.get("target") {
            None => Ok(default),
            Some("on") => Ok(Target::On),
            Some("off") => Ok(Target::Off),
            Some(other) => Err(ApiError::bad(format!(
                "target: expected on or off, found `{other}`"
            ))),
        }
    }
}

/// A grid as 25 characters `0`/`1`, row 1 first.
pub(super) fn parse_grid(text: &str) -> Result<Grid, ApiError> {
    let expected = "25 characters `0`/`1`, row-major, row 1 first";
    // Columns count characters, not bytes.
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c != '0' && c != '1')
    {
        return Err(ApiError::bad(format!(
            "grid: expected {expected}, found `{c}` at column {}",
            i + 1
        )));
    }
    if text.len() != CELLS as usize {
        return Err(ApiError::bad(format!(
            "grid: expected {expected}, found {} characters",
            text.chars().count()
        )));
    }
    Ok(text
        .bytes()
        .enumerate()
        .fold(0, |grid, (i, b)| grid | Grid::from(b - b'0') << i))
}

pub(super) fn grid_text(grid: Grid) -> String {
    (0..CELLS)
        .map(|i| if grid >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// The one way every JSON answer writes a board (or a press pattern): its rows as
/// strings, one digit a cell for K <= 10 (`"00211"`), numbers separated by spaces past
/// that (`"12 0 3"`); a map's lights are one row.
pub(super) fn board_rows(cells: &[u8], cols: usize, k: u8) -> Vec<String> {
    cells
        .chunks(cols.max(1))
        .map(|row| {
            if k <= 10 {
                row.iter().map(|&v| char::from(b'0' + v)).collect()
            } else {
                row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            }
        })
        .collect()
}

/// A 5x5 grid's rows, as [`board_rows`] writes every board.
pub(super) fn grid_rows(grid: Grid) -> Vec<String> {
    let text = grid_text(grid);
    (0..5).map(|r| text[5 * r..5 * r + 5].to_string()).collect()
}

/// The goal as requests take it: `off`, `on` (every light K - 1), or the state.
pub(super) fn goal_word(goal: u8, k: u8) -> String {
    match goal {
        0 => "off".into(),
        g if g == k - 1 => "on".into(),
        g => g.to_string(),
    }
}

pub(super) fn target_word(target: Target) -> &'static str {
    match target {
        Target::On => "on",
        Target::Off => "off",
    }
}
