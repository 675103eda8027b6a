//! The rules of the game, as data: which lights each button changes and by how much.
//! Every solver takes its game from here; nothing above this layer knows a
//! neighbourhood.
//!
//! A [`Game`] is a set of lights with `K` states and a set of buttons; pressing a
//! button adds a fixed amount to each light of its pattern, mod `K` (for `K = 2`: it
//! toggles them). Grid games come from a [`Topology`] and a [`Rule`]
//! ([`Game::grid`]); any other game is a button map ([`map`]), and some are built in
//! ([`builtin`]).
//!
//! Architecture Invariant: light and button `r * cols + c` of a grid game is the cell at
//! row `r`, column `c`, as in every board the streams read.

pub mod builtin;
pub mod graph;
pub mod layout;
pub mod map;
mod rule;
mod topology;

pub use rule::{Rule, RuleError, NAMED as NAMED_RULES};
pub use topology::Topology;

/// What the presses should leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Every light off.
    Off,
    /// Every light on.
    On,
}

/// The most states a light may have (K).
pub const MAX_STATES: u8 = 255;

/// Why a game cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// A game without a light or without a button: nothing to solve or play.
    #[error(
        "a game needs at least one light and one button; this one has {lights} lights and \
         {buttons} buttons"
    )]
    Empty {
        /// Lights of the game.
        lights: usize,
        /// Buttons of the game.
        buttons: usize,
    },
    /// A board without lights.
    #[error("a board needs at least one row and one column, not {rows} x {cols}")]
    EmptyShape {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// More lights than can be numbered.
    #[error("a {rows} x {cols} board has more lights than this program numbers")]
    TooLarge {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// States outside 2..=255.
    #[error("a light has 2 to 255 states (K), not {states}")]
    States {
        /// States asked for.
        states: u8,
    },
    /// A rule whose every amount is a multiple of K: no press changes anything.
    #[error(
        "the rule `{rule}` adds only multiples of {states} (K), so no press changes a \
         light; give a rule with an amount that is not"
    )]
    NothingChanges {
        /// The rule, as a pattern.
        rule: String,
        /// States of a light.
        states: u8,
    },
    /// A drawing that does not place each light in a cell of its own.
    #[error("a drawing of {lights} lights must place each in a cell of its own")]
    Layout {
        /// Lights of the game.
        lights: usize,
    },
    /// More press entries (each button's lights, added up) than any solver here takes.
    #[error(
        "this game's buttons change {entries} lights in all (each button's pattern, added \
         up); the most this program takes is {most}: give a smaller board or rule"
    )]
    TooManyEntries {
        /// The press entries the game has (at most; saturating).
        entries: u64,
        /// The most a game may have.
        most: u64,
    },
}

/// The most press entries a game may have (each button's pattern, added up): what a
/// solver reads at least once (a 2000 x 2000 board under a 7 x 7 rule has 196 million;
/// the classic game, whose engine reads none, is bounded by its lights alone).
pub const MAX_PRESS_ENTRIES: u64 = 1 << 28;

/// Where a grid game's buttons come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GridRules {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How its edges meet.
    pub topology: Topology,
    /// What a press adds around the pressed cell.
    pub rule: Rule,
}

/// A game: lights, their states, and the buttons.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    lights: usize,
    states: u8,
    /// For each button of a map game, the lights it changes (ascending, each once) and
    /// by how much (nonzero, below `states`); a grid game's are made from its rule when
    /// asked for (a 2000 x 2000 board would hold hundreds of megabytes of them).
    buttons: Vec<Vec<(u32, u8)>>,
    /// The grid this game lies on, if it is a grid game.
    grid: Option<GridRules>,
    /// Where its lights are drawn, when not as [`Game::layout`] would place them (the
    /// cube's net, Orbix unrolled; a graph's, made when asked for).
    drawing: Option<Drawing>,
}

/// A game's own drawing.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Drawing {
    /// Placed by its maker.
    Placed(Box<layout::Layout>),
    /// A graph's: its buttons' lights joined as edges, laid out when a drawing is asked
    /// for (a command that never draws the game never pays for the layout).
    Graph,
}

/// Merges repeated lights of a pattern (their amounts add, mod `states`) and drops
/// zero amounts; sorts by light.
fn merge(mut pattern: Vec<(u32, u8)>, states: u8) -> Vec<(u32, u8)> {
    merge_in_place(&mut pattern, states);
    pattern
}

/// [`merge`] in place.
fn merge_in_place(pattern: &mut Vec<(u32, u8)>, states: u8) {
    let k = u16::from(states);
    pattern.sort_unstable_by_key(|&(light, _)| light);
    let mut kept = 0;
    for i in 0..pattern.len() {
        let (light, amount) = pattern[i];
        if kept > 0 && pattern[kept - 1].0 == light {
            let a = &mut pattern[kept - 1].1;
            *a = ((u16::from(*a) + u16::from(amount)) % k) as u8;
        } else {
            pattern[kept] = (light, (u16::from(amount) % k) as u8);
            kept += 1;
        }
    }
    pattern.truncate(kept);
    pattern.retain(|&(_, a)| a != 0);
}

impl GridRules {
    /// The lights button `(r, c)` changes, as (row, column, amount), before repeated
    /// lights are merged.
    pub fn reach(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize, u8)> + '_ {
        self.rule.offsets().filter_map(move |(dr, dc, amount)| {
            let (lr, lc) =
                self.topology
                    .land(self.rows, self.cols, r as isize + dr, c as isize + dc)?;
            Some((lr, lc, amount))
        })
    }
}

impl Game {
    /// The classic game: `rows x cols` lights on a plane board, a press toggling its
    /// light and the four beside it.
    pub fn classic(rows: usize, cols: usize) -> Result<Game, GameError> {
        let plus = Rule::parse("plus").expect("plus is a named rule");
        Game::grid(rows, cols, Topology::Plane, plus, 2)
    }

    /// The `rows x cols` board on `topology` where pressing a cell adds `rule` around
    /// it, mod `states`; where a wrapped rule lands on one light twice, the amounts add.
    pub fn grid(
        rows: usize,
        cols: usize,
        topology: Topology,
        rule: Rule,
        states: u8,
    ) -> Result<Game, GameError> {
        if rows == 0 || cols == 0 {
            return Err(GameError::EmptyShape { rows, cols });
        }
        let lights = rows
            .checked_mul(cols)
            .filter(|&n| u32::try_from(n).is_ok() && isize::try_from(rows).is_ok())
            .ok_or(GameError::TooLarge { rows, cols })?;
        let grid = GridRules {
            rows,
            cols,
            topology,
            rule,
        };
        if states < 2 {
            return Err(GameError::States { states });
        }
        if grid.rule.offsets().all(|(_, _, a)| a % states == 0) {
            return Err(GameError::NothingChanges {
                rule: grid.rule.to_string(),
                states,
            });
        }
        debug_assert!(lights >= 1);
        let game = Game {
            lights,
            states,
            buttons: Vec::new(),
            grid: Some(grid),
            drawing: None,
        };
        match game.press_entries() {
            // The classic game's engine never lists its presses: its boards are bounded
            // by their lights alone.
            _ if game.is_classic() => Ok(game),
            entries if entries > MAX_PRESS_ENTRIES => Err(GameError::TooManyEntries {
                entries,
                most: MAX_PRESS_ENTRIES,
            }),
            _ => Ok(game),
        }
    }

    /// The press entries of the game: each button's pattern's lights, added up (for a
    /// grid game, at most: the rule's nonzero cells a button, before a wrapped rule's
    /// repeats merge). What building, solving or listing the game reads at least once.
    pub fn press_entries(&self) -> u64 {
        match &self.grid {
            Some(grid) => {
                let k = self.states;
                let cells = grid.rule.offsets().filter(|&(_, _, a)| a % k != 0).count();
                (self.lights as u64).saturating_mul(cells as u64)
            }
            None => self.buttons.iter().map(|p| p.len() as u64).sum(),
        }
    }

    /// A game from its buttons' patterns: `(light, amount)` pairs, lights below
    /// `lights`; repeated lights add, amounts are taken mod `states`.
    pub(crate) fn new(
        lights: usize,
        states: u8,
        buttons: Vec<Vec<(u32, u8)>>,
        grid: Option<GridRules>,
    ) -> Result<Game, GameError> {
        if states < 2 {
            return Err(GameError::States { states });
        }
        // Every game is made here or by `grid` (which refuses an empty shape): so no
        // reader, of maps or of graphs, makes a game with nothing to press.
        if lights == 0 || buttons.is_empty() {
            return Err(GameError::Empty {
                lights,
                buttons: buttons.len(),
            });
        }
        let entries = buttons.iter().map(|p| p.len() as u64).sum::<u64>();
        if entries > MAX_PRESS_ENTRIES {
            return Err(GameError::TooManyEntries {
                entries,
                most: MAX_PRESS_ENTRIES,
            });
        }
        let buttons = buttons.into_iter().map(|p| merge(p, states)).collect();
        Ok(Game {
            lights,
            states,
            buttons,
            grid,
            drawing: None,
        })
    }

    /// The same game drawn as `layout` places its lights (one cell each, every cell
    /// inside the drawing, no two lights in one cell).
    pub fn with_layout(self, layout: layout::Layout) -> Result<Game, GameError> {
        if !layout.fits(self.lights) {
            return Err(GameError::Layout {
                lights: self.lights,
            });
        }
        Ok(Game {
            drawing: Some(Drawing::Placed(Box::new(layout))),
            ..self
        })
    }

    /// The same game drawn as a graph: each button joined to the lights it changes
    /// (a map game of at most 64 lights, a button a light).
    pub(crate) fn drawn_as_graph(self) -> Game {
        Game {
            drawing: Some(Drawing::Graph),
            ..self
        }
    }

    /// The same buttons with lights of `states` states (amounts taken mod `states`).
    pub fn with_states(self, states: u8) -> Result<Game, GameError> {
        if states < 2 {
            return Err(GameError::States { states });
        }
        let buttons = self.buttons.into_iter().map(|p| merge(p, states)).collect();
        Ok(Game {
            states,
            buttons,
            ..self
        })
    }

    /// The number of lights.
    pub fn lights(&self) -> usize {
        self.lights
    }

    /// The number of buttons.
    pub fn buttons(&self) -> usize {
        match &self.grid {
            Some(_) => self.lights,
            None => self.buttons.len(),
        }
    }

    /// States a light has (`K`).
    pub fn states(&self) -> u8 {
        self.states
    }

    /// The lights button `b` changes, ascending, each once, with their amounts
    /// (nonzero; where a wrapped rule lands on a light twice, the amounts add).
    pub fn pattern(&self, b: usize) -> std::borrow::Cow<'_, [(u32, u8)]> {
        match &self.grid {
            Some(_) => {
                let mut pattern = Vec::new();
                self.pattern_into(b, &mut pattern);
                std::borrow::Cow::Owned(pattern)
            }
            None => std::borrow::Cow::Borrowed(&self.buttons[b]),
        }
    }

    /// [`pattern`](Self::pattern) into `out` (cleared first): no allocation a call once
    /// `out` has grown.
    pub fn pattern_into(&self, b: usize, out: &mut Vec<(u32, u8)>) {
        out.clear();
        match &self.grid {
            Some(grid) => {
                let cols = grid.cols;
                out.extend(
                    grid.reach(b / cols, b % cols)
                        .map(|(r, c, a)| ((r * cols + c) as u32, a)),
                );
                merge_in_place(out, self.states);
            }
            None => out.extend_from_slice(&self.buttons[b]),
        }
    }

    /// Where each light is drawn: its own drawing (the cube's net), a grid game's grid,
    /// else rows of its lights. The page, the terminal, `explain` and its pictures draw
    /// every game from this, and boards may be typed in it.
    pub fn layout(&self) -> layout::Layout {
        match (&self.drawing, &self.grid) {
            (Some(Drawing::Placed(drawing)), _) => (**drawing).clone(),
            (Some(Drawing::Graph), _) => {
                graph::drawing::drawing_of(
                    self.lights,
                    graph::drawing::edges_of(self.buttons.iter().enumerate().flat_map(
                        |(b, pattern)| pattern.iter().map(move |&(l, _)| (b, l as usize)),
                    )),
                )
            }
            (None, Some(g)) => layout::Layout::grid(g.rows, g.cols),
            (None, None) => layout::Layout::rows_of(self.lights),
        }
    }

    /// The grid of a grid game.
    pub fn grid_rules(&self) -> Option<&GridRules> {
        self.grid.as_ref()
    }

    /// Whether this is the classic game (`plus` on the plane, two states) of some shape.
    pub fn is_classic(&self) -> bool {
        self.grid.as_ref().is_some_and(|g| {
            g.topology == Topology::Plane && g.rule.name() == Some("plus") && self.states == 2
        })
    }

    /// The lights after pressing each button `presses[b]` times, from `lights` (one
    /// state `0..K` a light): the one definition of a press that every test checks
    /// answers with.
    ///
    /// # Panics
    ///
    /// If the lengths are not the game's.
    pub fn after_presses(&self, lights: &[u8], presses: &[u8]) -> Vec<u8> {
        assert_eq!(lights.len(), self.lights, "one state a light");
        assert_eq!(presses.len(), self.buttons(), "one count a button");
        let k = u32::from(self.states);
        let mut out: Vec<u32> = lights.iter().map(|&l| u32::from(l)).collect();
        for (b, &times) in presses.iter().enumerate() {
            if times == 0 {
                continue;
            }
            for &(light, amount) in self.pattern(b).iter() {
                let slot = &mut out[light as usize];
                *slot = (*slot + u32::from(amount) * u32::from(times)) % k;
            }
        }
        out.into_iter().map(|v| v as u8).collect()
    }
}
