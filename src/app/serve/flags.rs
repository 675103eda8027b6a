//! The game flags of a request, read as the command line's (`topology`, `rule`,
//! `states`, `game`, `search_budget`, and the shape), into the library's `Game`.

use super::error::ApiError;
use super::params::Params;
use axum::http::StatusCode;

/// The board's shape from `rows` and `cols` (1 x 1 when a built-in `game` brings its
/// own); a missing one is named with `example`, a request that has it.
pub(super) fn shape_of(params: &Params, example: &str) -> Result<(usize, usize), ApiError> {
    shape_given(params)?.ok_or_else(|| {
        ApiError::bad(format!(
            "rows: missing; give the board's shape, e.g. {example}"
        ))
    })
}

/// The board's shape as the request gives it: `rows` and `cols`, the `/` rows of a
/// `board`, 1 x 1 for a game that brings its own; `None` when nothing gives it (a body
/// of boards then gives it by its first board, as the command line's input does).
pub(super) fn shape_given(params: &Params) -> Result<Option<(usize, usize)>, ApiError> {
    // A board given with `/` between its rows brings its shape, as a board typed on the
    // command line does (its rows, the cells of its first row); a shape given is held
    // to it when the board is read.
    let given = params.get("rows").is_some() || params.get("cols").is_some();
    let named = params.get("game").is_some() || params.get("graph").is_some();
    if let (false, false, Some(board)) = (given, named, params.get("board")) {
        if let Some((first, _)) = board.split_once('/') {
            let cols = if first.contains([' ', ',']) {
                first.split([' ', ',']).filter(|c| !c.is_empty()).count()
            } else {
                first.chars().count()
            };
            return Ok(Some((board.split('/').count(), cols.max(1))));
        }
    }
    if !given && !named {
        return Ok(None);
    }
    let dimension = |key| -> Result<usize, ApiError> {
        match params.number::<usize>(key, "from 1")? {
            Some(n) if n >= 1 => Ok(n),
            Some(_) => Err(ApiError::bad(format!("{key}: must be at least 1"))),
            None if named => Ok(1),
            None => Err(ApiError::bad(format!(
                "{key}: missing; give both rows and cols (e.g. rows=5&cols=6), or neither \
                 (a body's first board then gives the shape)"
            ))),
        }
    };
    Ok(Some((dimension("rows")?, dimension("cols")?)))
}

/// The game flags `/v1/solve` takes besides the shape, as the command line's.
pub(super) const GAME_PARAMS: [&str; 7] = [
    "topology",
    "wrap",
    "rule",
    "states",
    "game",
    "graph",
    "search_budget",
];

/// The most word operations one board's search may take on the server (2^32: about a
/// tenth of a second of the transform, a few seconds of the walk).
const MAX_SEARCH_BUDGET: u64 = 1 << 32;

/// The most lights of a `/v1/solve` board of a game other than the classic one (its
/// solver is made for the request: about 40 bytes a light for K states).
const GAME_LIGHTS: usize = 1 << 20;

/// The most press entries (each button's pattern, added up) of a request's game: what
/// building and solving it reads (a 1024 x 1024 board under the 3 x 3 box has 9
/// million; 2^24 of them solve in about a second).
pub(super) const GAME_ENTRIES: u64 = 1 << 24;

/// The game a `/v1/solve` request names with the command line's flags, or `None` for
/// the classic game (which keeps its cached solvers). A `game` must be a built-in
/// one: the server reads no files.
pub(super) fn requested_game(
    params: &Params,
    shape: (usize, usize),
) -> Result<Option<(lightsout::rules::Game, u64)>, ApiError> {
    use clap::ValueEnum;
    if GAME_PARAMS.iter().all(|k| params.get(k).is_none()) {
        return Ok(None);
    }
    let topology = match params.get("topology") {
        None => crate::app::cli::TopologyArg::Plane,
        Some(t) => crate::app::cli::TopologyArg::from_str(t, false).map_err(|_| {
            ApiError::bad(format!(
                "topology: expected plane, cylinder, torus or projective, found `{t}`"
            ))
        })?,
    };
    let states = match params.get("states") {
        None => None,
        Some(k) => Some(
            crate::app::cli::parse_states(k).map_err(|e| ApiError::bad(format!("states: {e}")))?,
        ),
    };
    if let Some(name) = params.get("game") {
        let clash = crate::app::cli::GAME_CONFLICTS
            .iter()
            .find(|k| params.get(k).is_some());
        if let Some(clash) = clash {
            return Err(ApiError::bad(format!(
                "game: cannot be used with {clash} (a built-in game brings its own lights \
                 and buttons; as the command line's --game cannot be used with --{clash})"
            )));
        }
        if lightsout::rules::builtin::find(name).is_none() {
            let known: Vec<&str> = lightsout::rules::builtin::GAMES
                .iter()
                .map(|g| g.name)
                .collect();
            return Err(ApiError::bad(format!(
                "game: expected a built-in game ({}; see GET /v1/games), found `{name}`",
                known.join(", ")
            )));
        }
    }
    // `wrap`, as the command line's --wrap: the torus, and not with a topology.
    let wrap = params.flag("wrap")?;
    if wrap && params.get("topology").is_some() {
        return Err(ApiError::bad(
            "wrap: is short for topology=torus; give one of them (as the command line's \
             --wrap cannot be used with --topology)",
        ));
    }
    let args = crate::app::cli::GameArgs {
        topology,
        wrap,
        rule: params.get("rule").unwrap_or("plus").to_string(),
        game: params.get("game").map(str::to_string),
        states,
    };
    let budget = params
        .number::<u64>("search_budget", "from 0 to 2^32")?
        .unwrap_or(lightsout::SEARCH_BUDGET);
    // One board's search is not cut by the request's search time (that is checked
    // between boards), so its budget is what bounds a request's work.
    if budget > MAX_SEARCH_BUDGET {
        return Err(ApiError::bad(format!(
            "search_budget: {budget} is more than this server spends on one board \
             ({MAX_SEARCH_BUDGET} word operations); give at most that, or run \
             `lightsout solve --search-budget {budget}` yourself"
        )));
    }
    let (rows, cols) = (shape.0 as u32, shape.1 as u32);
    let game = match params.get("graph") {
        Some(text) => graph_game(params, text, states)?,
        None => {
            // The command line's reading of the flags, its errors in the parameters' names.
            let named = |name: &str| name.to_string();
            crate::app::config::game_of_flags_named(&args, Some((rows, cols)), &named)
                .map_err(|e| ApiError::bad(e.to_string()))?
        }
    };
    if game.press_entries() > GAME_ENTRIES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "this game's buttons change {} lights in all (each button's pattern, added \
                 up); this server takes games of at most {} (a smaller rule or board, or \
                 `lightsout solve` with these flags yourself)",
                lightsout::thousands(game.press_entries()),
                lightsout::thousands(GAME_ENTRIES)
            ),
        ));
    }
    if game.lights() > GAME_LIGHTS {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "this game has {} lights; this server solves games other than the classic \
                 one of at most {GAME_LIGHTS} lights",
                game.lights()
            ),
        ));
    }
    Ok(Some((game, budget)))
}

/// The game on the graph a request carries (`graph=`: one graph6, sparse6 or digraph6
/// line, an edge list or DIMACS, as `--graph` reads a file; the server reads no files):
/// σ+ by default, `rule=ring` σ.
fn graph_game(
    params: &Params,
    text: &str,
    states: Option<u8>,
) -> Result<lightsout::rules::Game, ApiError> {
    use lightsout::rules::graph::{parse, Format, Neighbourhood};
    let clash = ["rows", "cols", "topology", "game"]
        .into_iter()
        .find(|k| params.get(k).is_some());
    if let Some(clash) = clash {
        return Err(ApiError::bad(format!(
            "graph: cannot be used with {clash} (a graph brings its own lights and buttons)"
        )));
    }
    let rule = match params.get("rule").unwrap_or("plus") {
        "plus" => Neighbourhood::Closed,
        "ring" => Neighbourhood::Open,
        other => {
            return Err(ApiError::bad(format!(
                "rule: a graph's game is `plus` (a press changes its vertex and its \
                 neighbours) or `ring` (the neighbours only), not `{other}`"
            )))
        }
    };
    // Any format the command line reads, told apart as it tells them apart.
    let format = Format::of(text).ok_or_else(|| {
        ApiError::bad(
            "graph: expected graph6, sparse6, digraph6, an edge list or DIMACS, found no graph",
        )
    })?;
    let graph = parse(text, format).map_err(|e| ApiError::bad(format!("graph: {e}")))?;
    if graph.vertices > GRAPH_VERTICES {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "graph: {} vertices; this server plays graphs of at most {GRAPH_VERTICES}",
                graph.vertices
            ),
        ));
    }
    graph
        .game(rule, states.unwrap_or(2))
        .map_err(|e| ApiError::bad(e.to_string()))
}

/// The most vertices of a request's graph (its graph6 line is within the URL's limits
/// long before).
const GRAPH_VERTICES: usize = 4096;

/// The state every light should end in, from `target` (`off`, `on` = K - 1, or a
/// state `0..K`), for a game of `k` states.
pub(super) fn goal_of(params: &Params, k: u8) -> Result<u8, ApiError> {
    match params.get("target") {
        None | Some("off") => Ok(0),
        Some("on") => Ok(k - 1),
        Some(d) => match d.parse::<u8>() {
            Ok(d) if d < k => Ok(d),
            _ => Err(ApiError::bad(format!(
                "target: expected off, on or a state 0..{}, found `{d}`",
                k - 1
            ))),
        },
    }
}
