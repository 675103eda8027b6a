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

    /// The fewest presses a puzzle asks for: `presses=N` or its other name `steps=N`
    /// (never both); `random`, or neither, is `None`.
    pub(super) fn presses_wanted(&self) -> Result<Option<u64>, ApiError> {
        let key = match (self.get("presses"), self.get("steps")) {
            (Some(_), Some(_)) => {
                return Err(ApiError::bad(
                    "steps: another name of presses; give one of them",
                ))
            }
            (_, Some(_)) => "steps",
            _ => "presses",
        };
        match self.get(key) {
            None | Some("random") => Ok(None),
            Some(_) => self.number(key, "from 0, or random"),
        }
    }

    /// The `seed` of a draw, or one from the clock.
    pub(super) fn seed(&self) -> Result<u64, ApiError> {
        Ok(match self.number::<u64>("seed", "from 0 to 2^64 - 1")? {
            Some(seed) => seed,
            None => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
        })
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

/// A board as a query string carries it (`board=`), for `game`: its rows separated by
/// `/`, each read as the text and JSON readers read a row (the game's width, `.`/`#`,
/// spaced cells), or every light in one run (one digit a light for K <= 10, numbers
/// separated by commas past it). One rule for every door ([`lightsout::board_from_rows`]).
pub(super) fn board_param(text: &str, game: &lightsout::rules::Game) -> Result<Vec<u8>, ApiError> {
    let k = game.states();
    let text = if k > 10 {
        text.replace(',', " ")
    } else {
        text.to_string()
    };
    let rows: Vec<&str> = if text.contains('/') {
        text.split('/').collect()
    } else if let Some(grid) = game.grid_rules().filter(|g| g.rows > 1) {
        // Every light in one run: split into the grid's rows when it holds just them.
        let cells: Vec<&str> = if k > 10 {
            text.split_whitespace().collect()
        } else {
            text.split("").filter(|c| !c.is_empty()).collect()
        };
        // A cell that is no state is named at its column (counted in characters) first.
        let state = |c: &str| match c {
            "." | "#" => k == 2,
            c => c.parse::<u8>().is_ok_and(|v| v < k),
        };
        if let Some(bad) = cells.iter().position(|c| !state(c)) {
            let column = if k > 10 {
                format!("number {}", bad + 1)
            } else {
                format!("column {}", bad + 1)
            };
            return Err(ApiError::bad(format!(
                "board: {column}: expected a state 0..{}, found `{}`",
                k - 1,
                cells[bad]
            )));
        }
        if cells.len() != grid.rows * grid.cols {
            return Err(ApiError::bad(format!(
                "board: expected {} lights ({} rows of {}, `/` between rows allowed), found {}",
                grid.rows * grid.cols,
                grid.rows,
                grid.cols,
                cells.len()
            )));
        }
        let sep = if k > 10 { " " } else { "" };
        let joined: Vec<String> = cells.chunks(grid.cols).map(|row| row.join(sep)).collect();
        return lightsout::board_from_rows(
            game,
            &joined.iter().map(String::as_str).collect::<Vec<_>>(),
        )
        .map_err(|e| ApiError::bad(format!("board: {e}")));
    } else {
        vec![text.as_str()]
    };
    lightsout::board_from_rows(game, &rows).map_err(|e| ApiError::bad(format!("board: {e}")))
}

/// A 5x5 grid from a query string's `board=`, read as every board is ([`board_param`]).
pub(super) fn parse_grid(text: &str) -> Result<Grid, ApiError> {
    let game = lightsout::rules::Game::classic(5, 5).map_err(|e| ApiError::bad(e.to_string()))?;
    Ok(grid_of(&board_param(text, &game)?))
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

/// The one way every JSON answer writes a board (or a press pattern): its rows as
/// strings, one digit a cell for K <= 10 (`"00211"`), numbers separated by spaces past
/// that (`"12 0 3"`); a map's lights are one row.
pub(super) fn board_rows(cells: &[u8], cols: usize, k: u8) -> Vec<String> {
    lightsout::count_rows(cells, cols, k)
}

/// A 5x5 grid's rows, as [`board_rows`] writes every board.
pub(super) fn grid_rows(grid: Grid) -> Vec<String> {
    let text = grid_text(grid);
    (0..5).map(|r| text[5 * r..5 * r + 5].to_string()).collect()
}

/// The goal as requests take it: `off`, `on` (every light K - 1), or the state.
pub(super) fn goal_word(goal: u8, k: u8) -> String {
    lightsout::goal_word(goal, k)
}

pub(super) fn target_word(target: Target) -> &'static str {
    match target {
        Target::On => "on",
        Target::Off => "off",
    }
}
