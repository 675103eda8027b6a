//! A request refused: the setting it names, in the library's own word ([`Field`]), and
//! the sentence that says what was expected and found. Each door writes the field its
//! own way (`--target` on the command line, `target` in a query string, a JSON key and
//! Python's keyword) and adds nothing to the sentence, so a person meets the same words
//! at every door.

/// A setting of a request, by the library's word for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Field {
    /// The board's rows.
    Rows,
    /// The board's columns.
    Cols,
    /// A grid's topology.
    Topology,
    /// The torus, for short.
    Wrap,
    /// The press rule.
    Rule,
    /// The states of a light (K).
    States,
    /// A built-in game (or, at the command line, a file).
    Game,
    /// A graph's text.
    Graph,
    /// The state every light should end in.
    Target,
    /// A board.
    Board,
    /// The word operations a search may spend.
    SearchBudget,
    /// The time a search may spend.
    SearchTime,
    /// A puzzle's fewest presses.
    Presses,
    /// A draw's seed.
    Seed,
    /// The depth past which the contest's answer is `-1`.
    MaxSteps,
    /// How the contest's question is answered.
    Method,
}

impl Field {
    /// The library's word: a query string's key, a JSON key, Python's keyword.
    pub fn word(self) -> &'static str {
        match self {
            Field::Rows => "rows",
            Field::Cols => "cols",
            Field::Topology => "topology",
            Field::Wrap => "wrap",
            Field::Rule => "rule",
            Field::States => "states",
            Field::Game => "game",
            Field::Graph => "graph",
            Field::Target => "target",
            Field::Board => "board",
            Field::SearchBudget => "search_budget",
            Field::SearchTime => "search_time",
            Field::Presses => "presses",
            Field::Seed => "seed",
            Field::MaxSteps => "max_steps",
            Field::Method => "method",
        }
    }

    /// The command line's flag for it (`--search-budget`; a graph is a `--game` file,
    /// a board the input's).
    pub fn flag(self) -> String {
        match self {
            Field::Graph => "--game".to_string(),
            Field::Board => "the board".to_string(),
            field => format!("--{}", field.word().replace('_', "-")),
        }
    }
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// A request refused: the HTTP status it is answered with (400, or 413 for a request
/// past a limit), the setting it names, and what to do, in a person's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// 400 or 413 (404 for a question the door does not answer).
    pub status: u16,
    /// The setting refused; `None` for the request as a whole.
    pub field: Option<Field>,
    /// What was expected, what was found, what to do (without the field's name).
    pub sentence: String,
}

impl Refusal {
    /// A bad request (400) of the request as a whole.
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 400,
            field: None,
            sentence: message.into(),
        }
    }

    /// A request past a limit (413).
    pub fn too_large(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 413,
            field: None,
            sentence: message.into(),
        }
    }

    /// A bad value of `field` (400).
    pub fn of(field: Field, sentence: impl Into<String>) -> Refusal {
        Refusal {
            status: 400,
            field: Some(field),
            sentence: sentence.into(),
        }
    }

    /// The refusal as a query string, a JSON body and Python write it: `field:
    /// sentence`.
    pub fn message(&self) -> String {
        self.to_string()
    }

    /// The refusal as the command line writes it: `--field: sentence`.
    pub fn flagged(&self) -> String {
        match self.field {
            Some(field) => format!("{}: {}", field.flag(), self.sentence),
            None => self.sentence.clone(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.field {
            Some(field) => write!(f, "{field}: {}", self.sentence),
            None => f.write_str(&self.sentence),
        }
    }
}

impl std::error::Error for Refusal {}
