//! The game a player chooses, read once for every door: the command line's flags, a
//! request's parameters, the static page. Each error names the setting as the door
//! writes it (`--rule` on the command line, `rule` in a request).

use crate::rules::{builtin, graph, map, Game, GameError, Rule, Topology};

/// Where a game that is no grid comes from.
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// A built-in game, by its name.
    Builtin(&'static builtin::Builtin),
    /// A game the door has made already (Python's `Game`), as it is.
    Made(&'a Game),
    /// A graph (any format `graph::Format` tells apart) or a button map, as text, and
    /// the name it goes by in errors (a file's name; empty for a request's `graph=`).
    Text {
        /// Its name in errors.
        name: &'a str,
        /// The text.
        text: &'a str,
    },
}

/// A game's settings: a source, or a grid's topology and rule; the states.
#[derive(Clone, Copy)]
pub struct Choice<'a> {
    /// A built-in game or a text; `None` for a grid game.
    pub source: Option<Source<'a>>,
    /// The grid's topology.
    pub topology: Topology,
    /// The press rule: a name or a literal pattern (`ring` for a graph's σ game).
    pub rule: &'a str,
    /// The states of a light, when given.
    pub states: Option<u8>,
}

/// States as every door reads them: 2 to 255.
pub fn parse_states(text: &str) -> Result<u8, String> {
    match text.parse::<u64>() {
        Ok(k @ 2..=255) => Ok(k as u8),
        _ => Err(format!(
            "expected a number of states K from 2 to 255, found `{text}`"
        )),
    }
}

/// A topology by its name (`plane`, `cylinder`, `torus`, `projective`).
pub fn topology_named(text: &str) -> Option<Topology> {
    Topology::ALL.into_iter().find(|t| t.name() == text)
}

/// A topology by its name, as every door reads `topology`: refused in one sentence.
pub fn topology_of(text: &str) -> Result<Topology, super::Refusal> {
    topology_named(text).ok_or_else(|| {
        super::Refusal::of(
            super::Field::Topology,
            format!("expected plane, cylinder, torus or projective, found `{text}`"),
        )
    })
}

/// A graph's game, as every door reads `rule` for a graph: `plus` (σ+, the Lights Out
/// rule) or `ring` (σ).
pub fn neighbourhood_of(rule: &str) -> Result<graph::Neighbourhood, super::Refusal> {
    match rule {
        "plus" => Ok(graph::Neighbourhood::Closed),
        "ring" => Ok(graph::Neighbourhood::Open),
        other => Err(super::Refusal::of(
            super::Field::Rule,
            format!(
                "expected `plus` (a press changes its vertex and its neighbours, the Lights \
                 Out rule) or `ring` (the neighbours only) for a graph's game, found `{other}`"
            ),
        )),
    }
}

/// A built-in game by name, as every door reads `game` (the command line takes a file
/// too, where no built-in game has the name).
pub fn builtin_of(name: &str) -> Result<&'static builtin::Builtin, super::Refusal> {
    builtin::find(name).ok_or_else(|| {
        let known: Vec<&str> = builtin::GAMES.iter().map(|g| g.name).collect();
        super::Refusal::of(
            super::Field::Game,
            format!(
                "expected a built-in game ({}), found `{name}`",
                known.join(", ")
            ),
        )
    })
}

/// A grid game of `rows x cols`, as every door makes one from its settings (the
/// limits of the engines included), refused in the door's field words.
pub fn grid_game(
    (rows, cols): (usize, usize),
    topology: Topology,
    rule: &str,
    states: u8,
) -> Result<Game, super::Refusal> {
    let shape = (
        u32::try_from(rows).unwrap_or(u32::MAX),
        u32::try_from(cols).unwrap_or(u32::MAX),
    );
    let choice = Choice {
        source: None,
        topology,
        rule,
        states: Some(states),
    };
    choice
        .game(Some(shape), &|name| name.to_string())
        .map_err(super::Refusal::bad)
}

/// States as every door reads `states`, refused in one sentence.
pub fn states_of(text: &str) -> Result<u8, super::Refusal> {
    parse_states(text).map_err(|sentence| super::Refusal::of(super::Field::States, sentence))
}

impl Choice<'_> {
    /// Whether the choice is the classic game (plus on a plane board, two states),
    /// whose boards may be larger than other grid games' (its engine lists no presses).
    pub fn classic(&self) -> bool {
        self.source.is_none()
            && self.topology == Topology::Plane
            && self.rule == "plus"
            && self.states.unwrap_or(2) == 2
    }

    /// The game: the source's, else the grid game of `shape` (required then). `flag`
    /// writes a setting's name as the door does.
    pub fn game(
        &self,
        shape: Option<(u32, u32)>,
        flag: &dyn Fn(&str) -> String,
    ) -> Result<Game, String> {
        // A graph's game takes `ring` (σ: neighbours only) for its rule; every other
        // game brings its own buttons.
        let own_buttons = |what: &str| match self.rule {
            "plus" => Ok(()),
            rule => Err(format!(
                "{} {rule}: {what} brings its own buttons; {} is for grid games and \
                 graphs (`ring`: a press changes the neighbours only)",
                flag("rule"),
                flag("rule")
            )),
        };
        match self.source {
            Some(Source::Builtin(builtin)) => {
                own_buttons("a built-in game")?;
                let game = builtin.game();
                match self.states {
                    Some(k) => game.with_states(k).map_err(|e| e.to_string()),
                    None => Ok(game),
                }
            }
            Some(Source::Made(game)) => {
                own_buttons("a game made already")?;
                match self.states {
                    Some(k) if k != game.states() => {
                        game.clone().with_states(k).map_err(|e| e.to_string())
                    }
                    _ => Ok(game.clone()),
                }
            }
            Some(Source::Text { name, text }) => {
                if let Some(format) = graph::Format::of(text) {
                    let rule = neighbourhood_of(self.rule)
                        .map_err(|refused| format!("{}: {}", flag("rule"), refused.sentence))?;
                    // `graph FILE: ...` on the command line, `graph: ...` in a request.
                    let named = if name.is_empty() {
                        "graph".to_string()
                    } else {
                        format!("graph {name}")
                    };
                    let graph =
                        graph::parse(text, format).map_err(|err| format!("{named}: {err}"))?;
                    return graph
                        .game(rule, self.states.unwrap_or(2))
                        .map_err(|err| format!("{named}: {}", game_error(err)));
                }
                own_buttons("a button map")?;
                let game = map::parse(text).map_err(|err| format!("button map {name}: {err}"))?;
                match self.states {
                    Some(k) if k != game.states() => Err(format!(
                        "{} {k}: the button map {name} says its lights have {} states (its \
                         first line); leave {} out, or change the map",
                        flag("states"),
                        game.states(),
                        flag("states")
                    )),
                    _ => Ok(game),
                }
            }
            None => {
                let Some((rows, cols)) = shape else {
                    return Err(format!(
                        "a grid game needs {} R and {} C (or {} FILE|NAME for any other)",
                        flag("rows"),
                        flag("cols"),
                        flag("game")
                    ));
                };
                let rule = Rule::parse(self.rule).map_err(|e| format!("{}: {e}", flag("rule")))?;
                let lights = u64::from(rows) * u64::from(cols);
                let most = crate::solve::CHASE_LIGHTS as u64;
                if lights > most && !self.classic() {
                    return Err(format!(
                        "a {rows} x {cols} board has {} lights; grid games other than the \
                         classic plus rule on a plane board take up to {} lights",
                        crate::text::thousands(lights),
                        crate::text::thousands(most)
                    ));
                }
                Game::grid(
                    rows as usize,
                    cols as usize,
                    self.topology,
                    rule,
                    self.states.unwrap_or(2),
                )
                .map_err(game_error)
            }
        }
    }
}

/// A game that cannot be made, for people (its counts with separators).
fn game_error(e: GameError) -> String {
    use crate::text::thousands;
    match e {
        GameError::TooManyEntries { entries, most } => format!(
            "this game's buttons change {} lights in all (each button's pattern, added \
             up); the most this program takes is {}: give a smaller board or rule",
            thousands(entries),
            thousands(most)
        ),
        e => e.to_string(),
    }
}
