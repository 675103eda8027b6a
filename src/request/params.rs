//! A request's parameters: `k=v` pairs percent-decoded by serde_urlencoded (what axum's
//! `Query` uses), unknown keys refused with the known ones, and the values every door
//! takes from them (the shape, a board, the goal, a puzzle's presses, a seed).

use super::Refusal;
use crate::rules::Target;

/// `k=v&k=v`, percent-decoded (`application/x-www-form-urlencoded`, as serde_urlencoded
/// reads it for axum's `Query`); unknown keys are refused with the known ones.
pub struct Params(Vec<(String, String)>);

impl Params {
    /// The pairs of `raw`, every key one of `known`, none twice.
    pub fn new(raw: Option<String>, known: &[&str]) -> Result<Params, Refusal> {
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(raw.as_deref().unwrap_or_default()).map_err(|e| {
                Refusal::bad(format!("the query string is not URL-encoded pairs: {e}"))
            })?;
        if let Some((key, _)) = pairs.iter().find(|(k, _)| !known.contains(&k.as_str())) {
            return Err(Refusal::bad(format!(
                "unknown parameter `{key}`; this endpoint takes {}",
                known.join(", ")
            )));
        }
        for (i, (key, _)) in pairs.iter().enumerate() {
            if pairs[..i].iter().any(|(k, _)| k == key) {
                return Err(Refusal::bad(format!(
                    "{key}: given twice; give each parameter once (several grids or boards \
                     go in a POST body)"
                )));
            }
        }
        Ok(Params(pairs))
    }

    /// The value of `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// `key` as true or false (absent: false; `key=`: true).
    pub fn flag(&self, key: &str) -> Result<bool, Refusal> {
        match self.get(key) {
            None | Some("false") | Some("0") => Ok(false),
            Some("true") | Some("1") | Some("") => Ok(true),
            Some(other) => Err(Refusal::bad(format!(
                "{key}: expected true or false, found `{other}`"
            ))),
        }
    }

    /// `key` as a number, if given; `range` says which in an error.
    pub fn number<T: std::str::FromStr>(
        &self,
        key: &str,
        range: &str,
    ) -> Result<Option<T>, Refusal> {
        self.get(key)
            .map(|v| {
                v.parse().map_err(|_| {
                    Refusal::bad(format!(
                        "{key}: expected a whole number {range}, found `{v}`"
                    ))
                })
            })
            .transpose()
    }

    /// The fewest presses a puzzle asks for: `presses=N` or its other name `steps=N`
    /// (never both); `random`, or neither, is `None`.
    pub fn presses_wanted(&self) -> Result<Option<u64>, Refusal> {
        let key = match (self.get("presses"), self.get("steps")) {
            (Some(_), Some(_)) => {
                return Err(Refusal::bad(
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
    pub fn seed(&self) -> Result<u64, Refusal> {
        Ok(match self.number::<u64>("seed", "from 0 to 2^64 - 1")? {
            Some(seed) => seed,
            None => crate::solve::clock::seed(),
        })
    }

    /// `target` of a two-state game, else `default`.
    pub fn target(&self, default: Target) -> Result<Target, Refusal> {
        match self.get("target") {
            None => Ok(default),
            Some(text) => super::Goal::parse(text)?.target(),
        }
    }
}

/// A board's light refused where it is (`row`, `light` 1-based, of `cols`), in the
/// words of every reader of boards: for a door that holds its boards as numbers
/// (Python's arrays), where the text readers name the line and column too.
pub fn light_refused(
    states: u8,
    (row, light): (usize, usize),
    cols: usize,
    found: &str,
) -> Refusal {
    let expected = crate::stream::light_expected(states, (light, cols), row, 1);
    Refusal::of(
        super::Field::Board,
        format!("expected {expected}, found `{found}`"),
    )
}

/// The board a request carries (`board=`, required), for `game` ([`board_param`]).
pub fn board_of(params: &Params, game: &crate::rules::Game) -> Result<Vec<u8>, Refusal> {
    let text = params.get("board").ok_or_else(|| {
        Refusal::bad(format!(
            "board: missing; give the lights, e.g. board={} for a game of {} lights",
            "1".repeat(game.lights().min(25)),
            game.lights().min(25)
        ))
    })?;
    board_param(text, game)
}

/// A board as a query string carries it (`board=`), for `game`: its rows separated by
/// `/`, each read as the text and JSON readers read a row (the game's width, `.`/`#`,
/// spaced cells), or every light in one run (one digit a light for K <= 10, numbers
/// separated by commas past it). One rule for every door ([`crate::stream::board_from_rows`]).
pub fn board_param(text: &str, game: &crate::rules::Game) -> Result<Vec<u8>, Refusal> {
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
            return Err(Refusal::bad(format!(
                "board: {column}: expected a state 0..{}, found `{}`",
                k - 1,
                cells[bad]
            )));
        }
        if cells.len() != grid.rows * grid.cols {
            return Err(Refusal::bad(format!(
                "board: expected {} lights ({} rows of {}, `/` between rows allowed), found {}",
                grid.rows * grid.cols,
                grid.rows,
                grid.cols,
                cells.len()
            )));
        }
        let sep = if k > 10 { " " } else { "" };
        let joined: Vec<String> = cells.chunks(grid.cols).map(|row| row.join(sep)).collect();
        return crate::stream::board_from_rows(
            game,
            &joined.iter().map(String::as_str).collect::<Vec<_>>(),
        )
        .map_err(|e| Refusal::bad(format!("board: {e}")));
    } else {
        vec![text.as_str()]
    };
    crate::stream::board_from_rows(game, &rows).map_err(|e| Refusal::bad(format!("board: {e}")))
}

/// The board's shape from `rows` and `cols` (1 x 1 when a built-in `game` brings its
/// own); a missing one is named with `example`, a request that has it.
pub fn shape_of(params: &Params, example: &str) -> Result<(usize, usize), Refusal> {
    shape_given(params)?.ok_or_else(|| {
        Refusal::bad(format!(
            "rows: missing; give the board's shape, e.g. {example}"
        ))
    })
}

/// The board's shape as the request gives it: `rows` and `cols`, the `/` rows of a
/// `board`, 1 x 1 for a game that brings its own; `None` when nothing gives it (a body
/// of boards then gives it by its first board, as the command line's input does).
pub fn shape_given(params: &Params) -> Result<Option<(usize, usize)>, Refusal> {
    // A board given with `/` between its rows brings its shape, as a board typed on the
    // command line does (its rows, the cells of its first row); a shape given is held
    // to it when the board is read.
    let given = params.get("rows").is_some() || params.get("cols").is_some();
    let named = params.get("game").is_some() || params.get("graph").is_some();
    if let (false, false, Some(board)) = (given, named, params.get("board")) {
        if board.contains('/') {
            return Ok(Some(crate::stream::board_shape(board)));
        }
    }
    if !given && !named {
        return Ok(None);
    }
    let dimension = |key| -> Result<usize, Refusal> {
        match params.number::<usize>(key, "from 1")? {
            Some(n) if n >= 1 => Ok(n),
            Some(_) => Err(Refusal::bad(format!("{key}: must be at least 1"))),
            None if named => Ok(1),
            None => Err(Refusal::bad(format!(
                "{key}: missing; give both rows and cols (e.g. rows=5&cols=6), or neither \
                 (a body's first board then gives the shape)"
            ))),
        }
    };
    Ok(Some((dimension("rows")?, dimension("cols")?)))
}
