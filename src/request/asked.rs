//! `solve` asked, through any door: the request ([`Solve`]: the game's settings, the
//! board's shape, the goal, the search, how the boards come) and its one check within a
//! door's limits ([`Solve::check`]: every default, conflict, limit and sentence; the game
//! made once, the goal resolved against its states, the search bounded). The command
//! line fills a `Solve` from its flags; a query string (`GET /v1/solve`, a text or JSON
//! body's query, the static page) through [`SolveAsked`]. A door reads its fields and
//! calls these; it builds no game and resolves no goal itself.

use super::limits::Limits;
use super::{Choice, Goal, Params, Refusal};
use crate::rules::Game;
use crate::solve::SearchLimits;
use std::time::Duration;

/// How a `solve` request's boards come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boards {
    /// As text (or JSON): lights of any game's states, of one shape.
    Text,
    /// As PBM images: two-state boards of a grid game, each of its own shape.
    Images,
}

/// `solve` asked, through any door, before its first board is seen.
#[derive(Clone, Copy)]
pub struct Solve<'a> {
    /// The game's settings.
    pub choice: Choice<'a>,
    /// The board's rows, when given.
    pub rows: Option<u64>,
    /// The board's columns, when given.
    pub cols: Option<u64>,
    /// The state every light must reach.
    pub goal: Goal,
    /// The word operations a board's search may take, when given.
    pub search_budget: Option<u64>,
    /// The time a board's search may take, when given.
    pub search_time: Option<Duration>,
    /// How the boards come.
    pub boards: Boards,
    /// The search kept between runs (a checkpoint), in this many shares (a part of N:
    /// N, else 1); `None`: not kept.
    pub kept: Option<u64>,
}

/// A `solve` request checked: its game (made once; for images, the rule and topology
/// on one light), the state every light must reach, and each board's search.
#[derive(Debug)]
pub struct Checked {
    /// The game.
    pub game: Game,
    /// The goal, a state of the game's lights.
    pub goal: u8,
    /// What a board's search may take.
    pub search: SearchLimits,
}

impl Solve<'_> {
    /// The request checked within a door's limits: every refusal in the door's names
    /// for the settings, the same sentence whatever the door.
    pub fn check(&self, limits: &Limits) -> Result<Checked, Refusal> {
        let n = |word: &str| limits.names.of(word);
        if self.boards == Boards::Images && self.kept.is_some() {
            return Err(Refusal::bad(format!(
                "{} keeps the searches of text boards; give the boards as text ({} text) \
                 to keep them",
                n("checkpoint"),
                n("format")
            )));
        }
        let game = match self.boards {
            Boards::Text => self.game(limits)?,
            Boards::Images => self.pictured(limits)?,
        };
        let k = game.states();
        if k > 2 && self.kept.is_some() {
            return Err(Refusal::bad(format!(
                "{} keeps the searches of two-state games; a game of more states searches \
                 its own way ({} bounds it)",
                n("checkpoint"),
                n("search_budget")
            )));
        }
        if self.search_time.is_some() && self.search_budget.is_some() {
            return Err(Refusal::bad(format!(
                "{} and {} do not go together: give a time, or word operations (the same \
                 answers on any machine)",
                n("search_time"),
                n("search_budget")
            )));
        }
        let ops = super::budget_within(self.search_budget, limits)?;
        let by_ops = match self.boards {
            Boards::Images => Some(format!("{} pbm", n("format"))),
            Boards::Text if k > 2 => Some(format!("a game of {k} states")),
            Boards::Text => None,
        };
        let search = match (by_ops, self.search_budget) {
            (Some(what), _) if self.search_time.is_some() => {
                return Err(Refusal::bad(format!(
                    "{} bounds the search of two-state text boards; {what} searches by \
                     word operations: give {} OPS instead",
                    n("search_time"),
                    n("search_budget")
                )))
            }
            (Some(_), _) | (None, Some(_)) => SearchLimits::from(ops),
            (None, None) => SearchLimits {
                ops,
                time: self.search_time.or(limits.search_time),
                shares: self.kept.unwrap_or(1),
            },
        };
        let goal = self.goal.state(k)?;
        Ok(Checked { game, goal, search })
    }

    /// The game of text boards: of the shape given (or the first board's).
    pub fn game(&self, limits: &Limits) -> Result<Game, Refusal> {
        super::game_within(&self.choice, self.rows.zip(self.cols), limits)
    }

    /// The game of images, each of its own shape: a grid game's rule and topology, on
    /// one light, or the classic game of the shape given.
    fn pictured(&self, limits: &Limits) -> Result<Game, Refusal> {
        let n = |word: &str| limits.names.of(word);
        let shape = match (self.rows, self.cols) {
            (Some(rows), Some(cols)) => Some((rows, cols)),
            (None, None) => None,
            _ => {
                return Err(Refusal::bad(format!(
                    "{} and {} go together (or leave both out for PBM)",
                    n("rows"),
                    n("cols")
                )))
            }
        };
        if let Some((rows, cols)) = shape {
            limits.classic_board(rows, cols)?;
        }
        if self.choice.source.is_some() {
            return Err(Refusal::bad(format!(
                "{} pbm takes grid games ({}, {}); give a button map's boards as text",
                n("format"),
                n("topology"),
                n("rule")
            )));
        }
        // Images carry their own shapes: the rule and topology are checked once here.
        let probe = super::game_within(&self.choice, Some((1, 1)), limits)?;
        if probe.states() > 2 {
            return Err(Refusal::bad(format!(
                "{} pbm takes two-state boards (a pixel is on or off), and {} {} asks for \
                 more; give boards of more states as text",
                n("format"),
                n("states"),
                probe.states()
            )));
        }
        Ok(probe)
    }
}

/// A `solve` request read from its query string, before its board is seen.
pub struct SolveAsked<'p> {
    params: &'p Params,
    /// The board's shape when the request gives it (`rows` and `cols`, a board's `/`
    /// rows, a game that brings its own); `None`: the first board gives it.
    shape: Option<(usize, usize)>,
    goal: Goal,
}

impl<'p> SolveAsked<'p> {
    /// The request's fields read: its shape when given, its target (`off` when none).
    pub fn read(params: &'p Params) -> Result<SolveAsked<'p>, Refusal> {
        let goal = params.get("target").map_or(Ok(Goal::Off), Goal::parse)?;
        Ok(SolveAsked {
            params,
            shape: super::shape_given(params)?,
            goal,
        })
    }

    /// The shape the request gives, if it does.
    pub fn shape(&self) -> Option<(usize, usize)> {
        self.shape
    }

    /// The request with its shape read from its first board.
    pub fn with_shape(self, shape: (usize, usize)) -> SolveAsked<'p> {
        SolveAsked {
            shape: Some(shape),
            ..self
        }
    }

    /// The request's shape, required: one missing is named with `example`.
    pub fn shaped(self, example: &str) -> Result<SolveAsked<'p>, Refusal> {
        match self.shape {
            Some(_) => Ok(self),
            None => super::shape_of(self.params, example).map(|shape| self.with_shape(shape)),
        }
    }

    /// The states a light has, as far as the fields tell before the game is made
    /// (`states`, else 2): what a body's first board is read with.
    pub fn states(&self) -> Result<u8, Refusal> {
        self.params.get("states").map_or(Ok(2), super::states_of)
    }

    /// The request as every door asks it: its game's settings and budget read.
    pub fn solve(&self) -> Result<Solve<'p>, Refusal> {
        let asked = super::game_asked(self.params)?;
        let (rows, cols) = self.shape.unwrap_or((1, 1));
        Ok(Solve {
            choice: asked.choice,
            rows: Some(rows as u64),
            cols: Some(cols as u64),
            goal: self.goal,
            search_budget: asked.budget,
            search_time: None,
            boards: Boards::Text,
            kept: None,
        })
    }

    /// Checked for a body of boards: [`Solve::check`] within the door's limits.
    pub fn check(&self, limits: &Limits) -> Result<Checked, Refusal> {
        self.solve()?.check(limits)
    }

    /// `GET /v1/solve?[rows=R&cols=C&]board=B[&target=..][&game flags]` read and
    /// checked as both of its doors (the server and the static page) read it: the
    /// game within the door's limits of a body's boards, its search, and the board.
    pub fn one_board(raw: Option<String>, limits: &Limits) -> Result<(Checked, Vec<u8>), Refusal> {
        let params = super::play_params(raw, &["board", "target"])?;
        let checked = SolveAsked::read(&params)?
            .shaped("GET /v1/solve?rows=5&cols=5&board=...")?
            .check(limits)?;
        let board = super::board_of(&params, &checked.game)?;
        Ok((checked, board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::limits::{COMMAND_LINE, PYTHON, SERVER};
    use crate::rules::Topology;

    fn grid(states: Option<u8>) -> Solve<'static> {
        Solve {
            choice: Choice {
                source: None,
                topology: Topology::Plane,
                rule: "plus",
                states,
            },
            rows: Some(2),
            cols: Some(3),
            goal: Goal::On,
            search_budget: None,
            search_time: None,
            boards: Boards::Text,
            kept: None,
        }
    }

    #[test]
    fn one_check_holds_every_doors_defaults_and_conflicts_in_its_names() {
        // Each door's default search: the command line's 2 s, Python's the same, the
        // server's budget alone; a budget given is the budget alone; a part's share.
        let secs = |s| Some(Duration::from_secs(s));
        let two = grid(None).check(&COMMAND_LINE).unwrap();
        assert_eq!(
            (two.goal, two.search.time, two.search.shares),
            (1, secs(2), 1)
        );
        assert_eq!(grid(None).check(&PYTHON).unwrap().search.time, secs(2));
        let served = grid(None).check(&SERVER).unwrap().search;
        assert_eq!(
            (served.ops, served.time),
            (crate::solve::SEARCH_BUDGET, None)
        );
        let budget = Solve {
            search_budget: Some(77),
            ..grid(None)
        };
        let search = budget.check(&COMMAND_LINE).unwrap().search;
        assert_eq!((search.ops, search.time), (77, None));
        let part = Solve {
            kept: Some(4),
            ..grid(None)
        };
        assert_eq!(part.check(&COMMAND_LINE).unwrap().search.shares, 4);
        // A time for a game searched by word operations: one sentence, each door's names.
        let timed = Solve {
            search_time: secs(1),
            ..grid(Some(3))
        };
        assert_eq!(
            timed.check(&COMMAND_LINE).unwrap_err().sentence,
            "--search-time bounds the search of two-state text boards; a game of 3 states \
             searches by word operations: give --search-budget OPS instead"
        );
        assert_eq!(
            timed.check(&PYTHON).unwrap_err().sentence,
            "search_time bounds the search of two-state text boards; a game of 3 states \
             searches by word operations: give search_budget OPS instead"
        );
        assert_eq!(grid(Some(3)).check(&COMMAND_LINE).unwrap().goal, 2);
        // Images: kept, a game with its own buttons, half a shape, K > 2 refused.
        let images = Solve {
            boards: Boards::Images,
            rows: None,
            cols: None,
            ..grid(None)
        };
        assert!(images.check(&COMMAND_LINE).unwrap().game.is_classic());
        for (bad, says) in [
            (
                Solve {
                    kept: Some(1),
                    ..images
                },
                "--checkpoint keeps the searches of text",
            ),
            (
                Solve {
                    rows: Some(3),
                    ..images
                },
                "--rows and --cols go together",
            ),
            (
                Solve {
                    choice: grid(Some(3)).choice,
                    ..images
                },
                "--format pbm takes two-state",
            ),
            (
                Solve {
                    choice: Choice {
                        source: Some(crate::request::Source::Builtin(
                            crate::request::builtin_of("cube").unwrap(),
                        )),
                        ..images.choice
                    },
                    ..images
                },
                "--format pbm takes grid games",
            ),
        ] {
            let refused = bad.check(&COMMAND_LINE).unwrap_err();
            assert!(refused.sentence.starts_with(says), "{refused}");
        }
        // A time and a budget together: one sentence, each door's names (Python took
        // both, the command line refused them in clap's words).
        let both = Solve {
            search_time: Some(Duration::from_secs(1)),
            search_budget: Some(5),
            ..grid(None)
        };
        assert_eq!(
            both.check(&PYTHON).unwrap_err().sentence,
            "search_time and search_budget do not go together: give a time, or word \
             operations (the same answers on any machine)"
        );
        assert!(both
            .check(&COMMAND_LINE)
            .unwrap_err()
            .sentence
            .starts_with("--search-time and --search-budget do not go together"));
        // The server's budget limit, in its words.
        let greedy = Solve {
            search_budget: Some(SERVER.search_budget + 1),
            ..grid(None)
        };
        assert!(greedy
            .check(&SERVER)
            .unwrap_err()
            .sentence
            .starts_with("search_budget: 4294967297 is more than one board's search takes here"));
    }
}
