//! One board's answer as JSON, as every door writes it: `solve --format json` a line a
//! board, the JSON bodies of `POST /v1/solve`, `GET /v1/solve`. One schema
//! (`SolveAnswer` in the OpenAPI document's components): the field names are the API's.

use crate::board::Board;
use crate::solve::{Solution, StateAnswer, Target};
use serde::Serialize;

/// A board's answer toward every light in one state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct JsonAnswer {
    /// States a light has.
    pub states: u8,
    /// The goal: `off` (every light 0), `on` (every light K - 1), or the state.
    pub target: String,
    /// Whether any presses reach the goal.
    pub solvable: bool,
    /// Each button's count, a string a row (digits side by side for K <= 10, else
    /// numbers separated by spaces); absent when unsolvable.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presses: Option<Vec<String>>,
    /// The presses' total.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fewest: Option<u64>,
    /// Whether no presses reach the goal with fewer: every solution was compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<bool>,
    /// A proven lower bound on the fewest (the count itself when proven).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u64>,
    /// When unsolvable: the nearest board that can be solved (the fewest lights
    /// changed, proven; past [`NEAREST_CLASSES`](crate::solve::NEAREST_CLASSES) for two
    /// states, a near one, proven when one light away); absent past
    /// [`NEAREST_LIGHTS`](crate::solve::NEAREST_LIGHTS), or past its classes for more
    /// states.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nearest: Option<NearestJson>,
}

/// The nearest solvable board, as a JSON answer gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct NearestJson {
    /// Its lights, a string a row, as boards are written.
    pub board: Vec<String>,
    /// The lights it changes.
    pub changed: u64,
    /// Whether no solvable board is nearer.
    pub proven: bool,
}

/// A count as JSON: a number when a JSON reader holds it exactly (at most 2^53), else
/// its digits (or `2^k`) as a string, as every JSON line writes counts.
pub fn count_json(text: &str) -> serde_json::Value {
    match text.parse::<u64>() {
        Ok(n) if n <= 1 << 53 => serde_json::Value::from(n),
        _ => serde_json::Value::from(text),
    }
}

/// A seed as JSON writes it: a number below 2^53 (every seed a draw picks itself), a
/// larger one given by hand as its decimal string, which JavaScript's `JSON.parse`
/// keeps exactly (a number it would round, and the seed sent back draw another).
pub fn seed_json(seed: u64) -> serde_json::Value {
    count_json(&seed.to_string())
}

/// A game's identity as a JSON line carries it: a grid game's rows, columns, topology
/// and rule; every game's lights and states.
pub fn game_json(game: &crate::rules::Game) -> serde_json::Map<String, serde_json::Value> {
    let mut fields = serde_json::Map::new();
    if let Some(rules) = game.grid_rules() {
        if let serde_json::Value::Object(grid) = grid_json(rules) {
            fields.extend(grid);
        }
    }
    fields.insert("lights".into(), game.lights().into());
    fields.insert("states".into(), game.states().into());
    fields
}

/// A grid game's rules as JSON: its rows, columns, topology and rule.
pub fn grid_json(rules: &crate::rules::GridRules) -> serde_json::Value {
    serde_json::json!({
        "rows": rules.rows,
        "cols": rules.cols,
        "topology": rules.topology.to_string(),
        "rule": rules.rule.to_string(),
    })
}

/// The goal as every door writes it: `off`, `on` (every light K - 1), or the state.
pub fn goal_word(goal: u8, states: u8) -> String {
    match goal {
        0 => "off".into(),
        g if g + 1 == states => "on".into(),
        g => g.to_string(),
    }
}

/// Counts `cols` a row, as every JSON answer writes presses and boards.
pub fn count_rows(counts: &[u8], cols: usize, states: u8) -> Vec<String> {
    counts
        .chunks(cols.max(1))
        .map(|row| {
            if states <= 10 {
                row.iter().map(|&v| char::from(b'0' + v)).collect()
            } else {
                row.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
            }
        })
        .collect()
}

impl JsonAnswer {
    /// The answer of a game of `states` states toward every light `goal`; `None`: no
    /// solution.
    pub fn of_states(states: u8, goal: u8, answer: Option<&StateAnswer>, cols: usize) -> Self {
        let mut json = JsonAnswer::unsolvable(states, goal_word(goal, states));
        if let Some(a) = answer {
            json.solvable = true;
            json.presses = Some(count_rows(&a.presses, cols, states));
            json.fewest = Some(a.total);
            json.proven = Some(a.proven_minimal);
            json.lower_bound = Some(a.lower_bound);
        }
        json
    }

    /// The answer of a two-state board toward `target`; `None`: no solution.
    pub fn of_solution(target: Target, solution: Option<&Solution<'_>>) -> Self {
        let word = match target {
            Target::Off => "off",
            Target::On => "on",
        };
        let mut json = JsonAnswer::unsolvable(2, word.into());
        if let Some(s) = solution {
            json.solvable = true;
            json.presses = Some(bit_rows(s.presses));
            json.fewest = Some(s.presses.count_ones());
            json.proven = Some(s.proven_minimal);
            json.lower_bound = Some(s.lower_bound);
        }
        json
    }

    /// The answer with, when unsolvable, the nearest board of `solver`'s game that can
    /// reach every light `goal` from `lights` (a state a light).
    pub fn with_nearest(
        mut self,
        solver: &crate::solve::GameSolver,
        lights: &[u8],
        goal: u8,
    ) -> Self {
        if !self.solvable {
            let (_, cols) = solver.board_shape();
            self.nearest = solver.nearest_solvable(lights, goal).map(|n| NearestJson {
                board: count_rows(&n.board, cols, self.states),
                changed: n.changed,
                proven: n.proven,
            });
        }
        self
    }

    fn unsolvable(states: u8, target: String) -> Self {
        JsonAnswer {
            states,
            target,
            solvable: false,
            presses: None,
            fewest: None,
            proven: None,
            lower_bound: None,
            nearest: None,
        }
    }

    /// The answer as one line of JSON, appended to `out`.
    pub fn push_line(&self, out: &mut Vec<u8>) {
        serde_json::to_writer(&mut *out, self).expect("an answer serialises");
        out.push(b'\n');
    }
}

/// A board's rows as strings of `0`/`1`.
fn bit_rows(presses: &Board) -> Vec<String> {
    (0..presses.rows())
        .map(|r| {
            (0..presses.cols())
                .map(|c| if presses.get(r, c) { '1' } else { '0' })
                .collect()
        })
        .collect()
}
