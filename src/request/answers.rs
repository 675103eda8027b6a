//! The answers a player's page reads, as JSON: the built-in games and rules, a game's
//! buttons and drawing with a few facts, one board's fewest presses (a puzzle's, in
//! `puzzles.rs`). The server's routes and the static page write these, nothing else.

use super::Refusal;
use crate::stream::{count_rows as board_rows, grid_json};
use serde_json::{json, Value};

/// The built-in games, as `lightsout games` lists them, with their sizes and states;
/// the named press rules and the topologies a grid game takes (`GET /v1/games`).
pub fn catalogue() -> Value {
    let games: Vec<Value> = crate::rules::builtin::GAMES
        .iter()
        .map(|g| {
            let game = g.game();
            let grid = game.grid_rules().map(grid_json);
            json!({
                "name": g.name,
                "description": g.description,
                "lights": game.lights(),
                "buttons": game.buttons(),
                "states": game.states(),
                "grid": grid,
            })
        })
        .collect();
    let rules: Vec<Value> = crate::rules::NAMED_RULES
        .iter()
        .map(|(name, pattern, description)| {
            json!({ "name": name, "pattern": pattern, "description": description })
        })
        .collect();
    let topologies: Vec<&str> = crate::rules::Topology::ALL
        .iter()
        .map(|t| t.name())
        .collect();
    json!({ "games": games, "rules": rules, "topologies": topologies })
}

/// The 5x5 contest question's game: the classic plus press on a 5 x 5 plane (the
/// `/v1/query` routes', `query`'s, and the classic puzzle's).
pub fn contest_game() -> crate::rules::Game {
    crate::rules::Game::classic(5, 5).expect("a 5 x 5 plane is a game")
}

/// A classic 5 x 5 puzzle's presses, at most 15 (God's number of the 5 x 5), in the
/// words of every door (`--presses`, `presses=`).
pub fn classic_presses_of(presses: u64) -> Result<u8, Refusal> {
    u8::try_from(presses)
        .ok()
        .filter(|&n| n <= 15)
        .ok_or_else(|| {
            Refusal::of(
                super::Field::Presses,
                format!("{presses} is not in 0..=15; no 5x5 grid needs more than 15"),
            )
        })
}

/// `GET /v1/game`'s answer: the small fields by `serde_json`, the buttons' entries
/// written as text (a value a entry would take ten times the memory).
pub fn game_json(
    game: &crate::rules::Game,
    name: Option<&str>,
    layout: &crate::rules::layout::Layout,
    solver: Option<&crate::solve::GameSolver>,
) -> String {
    use std::fmt::Write;
    // Rows, columns and lights from 1, as everywhere else.
    let cells: Vec<Value> = layout
        .cells
        .iter()
        .map(|&(r, c)| json!([r + 1, c + 1]))
        .collect();
    let mut rest = json!({
        "game": name,
        "lights": game.lights(),
        "states": game.states(),
        "grid": game.grid_rules().map(grid_json),
        "layout": { "rows": layout.rows, "cols": layout.cols, "cells": cells },
    });
    if let Some(facts) = solver.map(two_state_facts) {
        rest["gods_number"] = json!(facts.gods_number);
        rest["most_presses"] = json!(facts.most_presses);
        rest["nullity"] = json!(facts.nullity);
        rest["quiet"] = json!(facts.quiet);
    } else {
        rest["gods_number"] = Value::Null;
    }
    let rest = rest.to_string();
    let entries = usize::try_from(game.press_entries()).unwrap_or(usize::MAX);
    let mut out = String::with_capacity(entries.saturating_mul(8).min(1 << 24) + rest.len());
    out.push_str("{\"buttons\":[");
    let mut pattern = Vec::new();
    for b in 0..game.buttons() {
        game.pattern_into(b, &mut pattern);
        out.push_str(if b == 0 { "[" } else { ",[" });
        for (i, &(light, amount)) in pattern.iter().enumerate() {
            let comma = if i == 0 { "" } else { "," };
            let _ = write!(out, "{comma}[{},{amount}]", light + 1);
        }
        out.push(']');
    }
    out.push_str("],");
    out.push_str(rest.strip_prefix('{').unwrap_or(&rest));
    out
}

/// The most buttons of a game whose facts `/v1/game` gives.
pub const FACTS_BUTTONS: usize = 1024;

/// The most quiet patterns whose God's number `/v1/game` looks for (its search's step
/// costs 4^k word operations: past 10, not within a request).
const FACTS_NULLITY: usize = 10;

/// What the page shows of a two-state game of at most [`FACTS_BUTTONS`] buttons (none
/// past that, so a request's cost stays the game's drawing).
struct Facts {
    /// God's number, when its search proves it within 50 ms (the page caps its puzzles'
    /// difficulty at it).
    gods_number: Option<u64>,
    /// The most presses any board needs as known at once, with no clock (God's number
    /// or the classes' upper bound): no puzzle asks for more, at either page alike.
    most_presses: Option<u64>,
    /// The quiet patterns' count: each solvable board has 2^nullity solutions.
    nullity: usize,
    /// One quiet pattern (presses that change nothing), as every board is written.
    quiet: Option<Vec<String>>,
}

fn two_state_facts(solver: &crate::solve::GameSolver) -> Facts {
    let god = (solver.nullity() <= FACTS_NULLITY)
        .then(|| crate::solve::gods_number(solver, std::time::Duration::from_millis(50)).ok())
        .flatten();
    let patterns = solver.quiet_patterns();
    let quiet = patterns.first().map(|q| {
        let cells: Vec<u8> = (0..q.rows())
            .flat_map(|r| (0..q.cols()).map(move |c| (r, c)))
            .map(|(r, c)| u8::from(q.get(r, c)))
            .collect();
        board_rows(&cells, q.cols(), 2)
    });
    Facts {
        gods_number: god.filter(|g| g.proven()).map(|g| g.lower),
        most_presses: crate::puzzles::most_needed(solver).map(|(most, _)| most),
        nullity: patterns.len(),
        quiet,
    }
}
