//! `puzzles` asked (a board of a chosen proven fewest presses, or any), through any
//! door: the request ([`Puzzles`]: the game's settings, the shape, the presses, the
//! goal, the budget) and its one check within a door's limits ([`Puzzles::check`]: the
//! 5 x 5 when no shape is given, the goal's default (on for the classic game, the
//! contest's question; off for any other), the presses the game allows, the door's
//! limits), then the puzzle made by the game's solver ([`made`]). The command line
//! fills a `Puzzles` from its flags; `GET /v1/puzzle` and the static page from a query
//! string ([`Puzzles::read`]). A door may make the contest's question from its exact
//! table instead ([`PuzzlesChecked::contest`]): the same question, the same answers.

use super::limits::Limits;
use super::{Choice, Field, Goal, Params, Refusal};
use crate::rules::Game;
use crate::stream::{count_rows, goal_word};
use serde_json::{json, Value};

/// Attempts at a board of exactly the asked fewest presses before giving up.
const PUZZLE_TRIES: u32 = 200;

/// The most time the draws of one puzzle take.
const PUZZLE_TIME: std::time::Duration = std::time::Duration::from_secs(2);

/// `puzzles` asked, through any door.
#[derive(Clone, Copy)]
pub struct Puzzles<'a> {
    /// The game's settings.
    pub choice: Choice<'a>,
    /// The board's rows, when given.
    pub rows: Option<u64>,
    /// The board's columns, when given.
    pub cols: Option<u64>,
    /// The proven fewest presses wanted; `None`: any (a board drawn).
    pub presses: Option<u64>,
    /// The goal, when given.
    pub goal: Option<Goal>,
    /// The word operations a board's search may take, when given.
    pub search_budget: Option<u64>,
    /// Whether the request named a depth table (the command line's `--table FILE`),
    /// which only the contest's question of exactly some presses is drawn from.
    pub table_named: bool,
}

/// A `puzzles` request checked.
#[derive(Debug)]
pub struct PuzzlesChecked {
    /// The game.
    pub game: Game,
    /// The goal, a state of the game's lights.
    pub goal: u8,
    /// The proven fewest presses wanted; `None`: any.
    pub presses: Option<u64>,
    /// The search budget of each board drawn.
    pub budget: u64,
    /// The contest's question (the classic game on 5 x 5), with the presses it takes
    /// when some are wanted (at most 15, its God's number).
    pub contest: Option<Option<u8>>,
}

impl<'p> Puzzles<'p> {
    /// A puzzle request's query string read (`rows`, `cols`, the game settings,
    /// `presses` or `steps`, `target`, `search_budget`).
    pub fn read(params: &'p Params) -> Result<Puzzles<'p>, Refusal> {
        let asked = super::game_asked(params)?;
        let side = |key: &str| -> Result<Option<u64>, Refusal> {
            match params.number::<u64>(key, "from 1")? {
                Some(0) => Err(Refusal::bad(format!("{key}: must be at least 1"))),
                side => Ok(side),
            }
        };
        Ok(Puzzles {
            choice: asked.choice,
            rows: side("rows")?,
            cols: side("cols")?,
            presses: params.presses_wanted()?,
            goal: params.get("target").map(Goal::parse).transpose()?,
            search_budget: asked.budget,
            table_named: false,
        })
    }

    /// The request checked within a door's limits, each refusal in its names.
    pub fn check(&self, limits: &Limits) -> Result<PuzzlesChecked, Refusal> {
        let n = |word: &str| limits.names.of(word);
        let grid = self.choice.source.is_none();
        let shape = match (self.rows, self.cols) {
            (Some(rows), Some(cols)) => Some((rows, cols)),
            (None, None) if grid => Some((5, 5)),
            (None, None) => None,
            _ => {
                return Err(Refusal::bad(format!(
                    "{} and {} go together (or leave both out for a 5 x 5 board)",
                    n("rows"),
                    n("cols")
                )))
            }
        };
        // Each draw solves a board: a puzzle is a game played.
        let most = limits.play_lights;
        if let Some((rows, cols)) = shape {
            if rows.checked_mul(cols).is_none_or(|lights| lights > most) {
                return Err(super::game::played_too_large(
                    format!(
                        "a {rows} x {cols} board has {} lights",
                        crate::text::thousands(u128::from(rows) * u128::from(cols))
                    ),
                    limits,
                ));
            }
        }
        let game = super::game_within(&self.choice, shape, limits)?;
        if game.lights() as u64 > most {
            return Err(super::game::played_too_large(
                format!(
                    "this game has {} lights",
                    crate::text::thousands(game.lights() as u64)
                ),
                limits,
            ));
        }
        let classic = self.choice.classic();
        let default = if classic { Goal::On } else { Goal::Off };
        let goal = self.goal.unwrap_or(default).state(game.states())?;
        let contest = (classic && shape == Some((5, 5)))
            .then(|| self.presses.map(super::classic_presses_of).transpose())
            .transpose()?;
        if self.table_named && !matches!(contest, Some(Some(_))) {
            return Err(Refusal::bad(format!(
                "{} draws 5x5 grids of exactly {} presses; other games' puzzles are drawn \
                 by their solver",
                n("table"),
                n("presses")
            )));
        }
        let buttons = game.buttons() as u64;
        let most = u64::from(game.states() - 1) * buttons;
        if let Some(wanted) = self.presses.filter(|&wanted| wanted > most) {
            return Err(Refusal::of(
                Field::Presses,
                format!(
                    "{wanted} is more than this game's {most} (each of its {buttons} buttons \
                     at most {} times)",
                    game.states() - 1
                ),
            ));
        }
        let budget = match self.search_budget {
            Some(_) => super::budget_within(self.search_budget, limits)?,
            None => limits.puzzle_budget,
        };
        Ok(PuzzlesChecked {
            game,
            goal,
            presses: self.presses,
            budget,
            contest,
        })
    }
}

/// A puzzle of the game a query string names (its shape and game settings, `presses`,
/// `target`, `seed`), as `GET /v1/puzzle` and the static page answer it.
pub fn puzzle(params: &Params, limits: &Limits) -> Result<Value, Refusal> {
    let checked = Puzzles::read(params)?.check(limits)?;
    made(checked, params.seed()?, limits)
}

/// A puzzle of a checked request: boards built, or drawn, until one has the wanted
/// proven fewest presses (any, for `None`), by the game's solver within the door's
/// limits.
pub fn made(checked: PuzzlesChecked, seed: u64, limits: &Limits) -> Result<Value, Refusal> {
    let PuzzlesChecked {
        game,
        goal,
        presses: wanted,
        budget,
        contest,
    } = checked;
    if let Some(steps) = contest {
        // The contest's question, drawn as every door draws it.
        let (cells, fewest) = crate::puzzles::contest_one(steps, seed, goal)
            .ok_or_else(|| Refusal::bad("presses: no 5x5 grid needs more than 15".to_string()))?;
        return Ok(puzzle_json(
            &game,
            &cells,
            goal,
            (u64::from(fewest), true),
            seed,
        ));
    }
    let solver = limits
        .solver(game, budget)
        .map_err(|e| Refusal::bad(e.to_string()))?;
    // No board needs more than God's number: a puzzle past it refused at once.
    if let Some(wanted) = wanted {
        if let Some(most) = crate::puzzles::most_needed(&solver).filter(|m| wanted > m.0) {
            return Err(Refusal::of(
                Field::Presses,
                crate::puzzles::past_most(wanted, most),
            ));
        }
    }
    let maker = crate::puzzles::PuzzleMaker::new(&solver);
    let mut rng = crate::rng::SplitMix64(seed);
    let until = crate::solve::clock::Instant::now() + PUZZLE_TIME;
    for _ in 0..PUZZLE_TRIES {
        if crate::solve::clock::Instant::now() > until {
            break;
        }
        let Some((board, found)) = maker.draw(wanted, goal, &mut rng) else {
            continue;
        };
        return Ok(puzzle_json(solver.game(), &board, goal, found, seed));
    }
    Err(Refusal::bad(format!(
        "presses: no board of exactly {} proven fewest presses came up in {PUZZLE_TRIES} \
         draws or {} s; ask for fewer presses (or presses=random)",
        wanted.unwrap_or(0),
        PUZZLE_TIME.as_secs()
    )))
}

/// A puzzle as every door writes it (`puzzles --format json`, `GET /v1/puzzle`, the
/// static page): its game (shape and rules, lights, states), the board (`lights`, a
/// state a light), the target, its fewest presses found and whether the search proved
/// them the fewest (never assumed), and the seed that makes it again.
pub fn puzzle_json(
    game: &Game,
    lights: &[u8],
    goal: u8,
    (fewest, proven): (u64, bool),
    seed: u64,
) -> Value {
    let k = game.states();
    let cols = game.grid_rules().map_or(game.lights(), |g| g.cols);
    let mut line = crate::stream::game_json(game);
    line.extend([
        ("board".to_string(), json!(count_rows(lights, cols, k))),
        ("target".to_string(), json!(goal_word(goal, k))),
        ("fewest".to_string(), json!(fewest)),
        ("proven".to_string(), json!(proven)),
        ("seed".to_string(), crate::stream::seed_json(seed)),
    ]);
    Value::Object(line)
}
