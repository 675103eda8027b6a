//! The game a request names with the command line's settings (`rows`, `cols`,
//! `topology`, `wrap`, `rule`, `states`, `game`, `graph`, `search_budget`), read through
//! the one [`Choice`](super::Choice) every door reads through, within the door's
//! [`Limits`].

use super::limits::Limits;
use super::{shape_of, Choice, Params, Refusal, Source};

/// The game flags `/v1/solve` takes besides the shape, as the command line's.
pub const GAME_PARAMS: [&str; 7] = [
    "topology",
    "wrap",
    "rule",
    "states",
    "game",
    "graph",
    "search_budget",
];

/// A game's settings as a request's parameters give them: the choice (the classic
/// plus press on a plane, two states, when none is given) and the search budget, read
/// and their conflicts refused, nothing made yet.
pub struct GameAsked<'p> {
    /// The game's settings.
    pub choice: Choice<'p>,
    /// `search_budget`, when given.
    pub budget: Option<u64>,
}

/// The game settings a request's parameters give, read once for every route that takes
/// them. A `game` must be a built-in one: the server reads no files.
pub fn game_asked(params: &Params) -> Result<GameAsked<'_>, Refusal> {
    let topology = match params.get("topology") {
        None => crate::rules::Topology::Plane,
        Some(t) => super::topology_of(t)?,
    };
    let states = params.get("states").map(super::states_of).transpose()?;
    let source = match (params.get("game"), params.get("graph")) {
        (Some(_), Some(_)) => {
            return Err(Refusal::bad(
                "graph: cannot be used with game (a graph brings its own lights and buttons)",
            ))
        }
        (Some(name), None) => {
            if let Some(clash) = GAME_CONFLICTS.iter().find(|k| params.get(k).is_some()) {
                return Err(Refusal::bad(format!(
                    "game: cannot be used with {clash} (a built-in game brings its own \
                     lights and buttons; as the command line's --game cannot be used with \
                     --{clash})"
                )));
            }
            Some(Source::Builtin(super::builtin_of(name)?))
        }
        (None, Some(text)) => {
            let clash = ["rows", "cols", "topology"]
                .into_iter()
                .find(|k| params.get(k).is_some());
            if let Some(clash) = clash {
                return Err(Refusal::bad(format!(
                    "graph: cannot be used with {clash} (a graph brings its own lights and \
                     buttons)"
                )));
            }
            // Any format the command line reads, as its text (the server reads no files).
            Some(Source::Text { name: "", text })
        }
        (None, None) => None,
    };
    // `wrap`, as the command line's --wrap: the torus, and not with a topology.
    let wrap = params.flag("wrap")?;
    if wrap && params.get("topology").is_some() {
        return Err(Refusal::bad(
            "wrap: is short for topology=torus; give one of them (as the command line's \
             --wrap cannot be used with --topology)",
        ));
    }
    let budget = params.number::<u64>("search_budget", "from 0 to 2^32")?;
    let choice = Choice {
        source,
        topology: if wrap {
            crate::rules::Topology::Torus
        } else {
            topology
        },
        rule: params.get("rule").unwrap_or("plus"),
        states,
    };
    Ok(GameAsked { choice, budget })
}

/// The game of `choice` within a door's limits: the one place a request's game is
/// made, whatever the door. A shape given is held to the classic game's limit before
/// anything is built; a game other than the classic one to the door's lights, entries
/// and graph vertices (the command line's are the engines' own).
pub fn game_within(
    choice: &Choice,
    shape: Option<(u64, u64)>,
    limits: &Limits,
) -> Result<crate::rules::Game, Refusal> {
    if let Some((rows, cols)) = shape {
        limits.classic_board(rows, cols)?;
    }
    // Within the classic limit, each side fits a u32.
    let shape = shape.map(|(rows, cols)| {
        (
            u32::try_from(rows).unwrap_or(u32::MAX),
            u32::try_from(cols).unwrap_or(u32::MAX),
        )
    });
    let game = choice
        .game(shape, &|name: &str| limits.names.of(name))
        .map_err(Refusal::bad)?;
    if choice.classic() {
        return Ok(game);
    }
    let graph = matches!(choice.source, Some(Source::Text { text, .. })
        if crate::rules::graph::Format::of(text).is_some());
    if graph && game.lights() as u64 > limits.graph_vertices {
        return Err(Refusal::too_large(format!(
            "{}: {} vertices; a graph here has at most {}",
            limits.names.of("graph"),
            crate::text::thousands(game.lights() as u64),
            crate::text::thousands(limits.graph_vertices)
        )));
    }
    // Where the library itself takes more: said, with the way there.
    let yourself = " (a smaller rule or board, or `lightsout solve` with these flags yourself)";
    if game.press_entries() > limits.entries {
        return Err(Refusal::too_large(format!(
            "this game's buttons change {} lights in all (each button's pattern, added \
             up); a game here changes at most {}{}",
            crate::text::thousands(game.press_entries()),
            crate::text::thousands(limits.entries),
            if limits.entries < crate::rules::MAX_PRESS_ENTRIES {
                yourself
            } else {
                ""
            }
        )));
    }
    if game.lights() as u64 > limits.game_lights {
        return Err(Refusal::too_large(format!(
            "this game has {} lights; a game other than the classic one has at most {} \
             lights here",
            crate::text::thousands(game.lights() as u64),
            crate::text::thousands(limits.game_lights)
        )));
    }
    Ok(game)
}

/// A search budget given, within the door's limit (one board's search is not cut by a
/// request's search time, which is checked between boards: its budget is what bounds
/// a request's work).
pub fn budget_within(budget: Option<u64>, limits: &Limits) -> Result<u64, Refusal> {
    match budget {
        Some(ops) if ops > limits.search_budget => Err(Refusal::bad(format!(
            "{}: {ops} is more than one board's search takes here ({} word operations); \
             give at most that, or run `lightsout solve --search-budget {ops}` yourself",
            limits.names.of("search_budget"),
            crate::text::thousands(limits.search_budget)
        ))),
        budget => Ok(budget.unwrap_or(limits.budget())),
    }
}

/// The settings a built-in game brings itself, as the command line's `--game` refuses
/// them.
pub const GAME_CONFLICTS: [&str; 4] = ["rows", "cols", "topology", "wrap"];

/// The game the flags name, or the classic plus press on a plane of that shape, within
/// the door's limits (the routes of one board ask for fewer lights first).
pub fn game_or_classic(
    params: &Params,
    (rows, cols): (usize, usize),
    limits: &Limits,
) -> Result<(crate::rules::Game, u64), Refusal> {
    let asked = game_asked(params)?;
    let budget = budget_within(asked.budget, limits)?;
    let game = game_within(&asked.choice, Some((rows as u64, cols as u64)), limits)?;
    Ok((game, budget))
}

/// The game a play request names: the shape and game flags (the classic plus press on
/// a plane, two states, when none is given), and its search budget.
pub fn played_game(
    params: &Params,
    example: &str,
    limits: &Limits,
) -> Result<(crate::rules::Game, u64), Refusal> {
    played_game_of(params, shape_of(params, example)?, limits)
}

/// [`played_game`] of a shape the request gives another way (a JSON body's first
/// board).
pub fn played_game_of(
    params: &Params,
    (rows, cols): (usize, usize),
    limits: &Limits,
) -> Result<(crate::rules::Game, u64), Refusal> {
    let most = limits.play_lights;
    if rows.checked_mul(cols).is_none_or(|n| n as u64 > most) {
        return Err(played_too_large(
            format!(
                "a {rows} x {cols} board has {} lights",
                crate::text::thousands(rows as u128 * cols as u128)
            ),
            limits,
        ));
    }
    let (game, budget) = game_or_classic(params, (rows, cols), limits)?;
    if game.press_entries() > limits.play_entries {
        return Err(Refusal::too_large(format!(
            "this game's buttons change {} lights in all (each button's pattern, added \
                 up); the page plays games of at most {} (a smaller rule or board)",
            crate::text::thousands(game.press_entries()),
            crate::text::thousands(limits.play_entries)
        )));
    }
    if game.lights() as u64 > most {
        return Err(played_too_large(
            format!(
                "this game has {} lights",
                crate::text::thousands(game.lights() as u64)
            ),
            limits,
        ));
    }
    Ok((game, budget))
}

/// The one refusal of a game played a board at a time past the door's play limit
/// (`what`: the board or game and its lights), in every door's words: where a body of
/// boards takes more (the server's), it says so.
pub(super) fn played_too_large(what: String, limits: &Limits) -> Refusal {
    let more = match limits.play_lights < limits.game_lights {
        true => " (a board's answer, GET /v1/solve or a body, takes more)",
        false => "",
    };
    Refusal::too_large(format!(
        "{what}; a game played (its buttons and drawing, its puzzles) has at most {} \
         lights{more}",
        crate::text::thousands(limits.play_lights)
    ))
}

/// The game flags and shape the play routes take.
pub fn play_params(raw: Option<String>, extra: &[&'static str]) -> Result<Params, Refusal> {
    let mut known = vec!["rows", "cols"];
    known.extend(GAME_PARAMS);
    known.extend(extra);
    Params::new(raw, &known)
}
