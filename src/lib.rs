//! Lights Out, answered instantly and correctly.
//!
//! A board is a grid of lights, on or off. Pressing a light flips it and its up to four
//! orthogonal neighbours. Order does not matter and pressing twice cancels, so a
//! solution is a set of presses.
//!
//! # Request, plan, answer
//!
//! Every door (the command line, the server, the static page, Python) asks the same way:
//! a request ([`request::Solve`]: the game's settings, the shape, the goal, the search)
//! is checked once within the door's row of the limits table ([`request::limits`]); the
//! checked request makes a [`request::Plan`] that owns the game's solver; the plan
//! answers a board with the one [`request::BoardAnswer`], or a stream of boards.
//!
//! ```
//! use lightsout::request::{limits::PYTHON, Boards, Choice, Goal, Lights, Solve};
//! use lightsout::rules::Topology;
//!
//! let asked = Solve {
//!     choice: Choice { source: None, topology: Topology::Torus, rule: "plus", states: Some(3) },
//!     rows: Some(3),
//!     cols: Some(3),
//!     goal: Goal::Off,
//!     search_budget: None,
//!     search_time: None,
//!     boards: Boards::Text,
//!     kept: None,
//! };
//! let plan = asked.check(&PYTHON)?.plan(&PYTHON)?;
//! let answer = plan.answer(&Lights::States(vec![1, 0, 0, 0, 2, 0, 0, 0, 0]), true)?;
//! assert_eq!(answer.proven, Some(true));
//! // The presses bring every light to 0: the game's own rules say so.
//! let presses = answer.presses.as_deref().expect("solvable");
//! let after = plan.game().after_presses(&[1, 0, 0, 0, 2, 0, 0, 0, 0], presses);
//! assert!(after.iter().all(|&light| light == 0));
//! // The JSON every door writes of it.
//! assert_eq!(answer.json()["fewest"], answer.fewest.unwrap());
//! # Ok::<(), lightsout::request::Refusal>(())
//! ```
//!
//! `ARCHITECTURE.md` at the top of the repository maps the modules and their layers.
//! Everything public is exported here, grouped by concept (the 5x5 grid and its tables;
//! boards, games and their solvers; the search; streams; small shared things); the
//! modules are private, except [`format`](mod@format), the documented byte layout of a
//! table file, [`rules`], the games as data, and [`testing`], the independent methods
//! only the tests use.
//!
//! # The 5x5 question
//!
//! [`DepthTable`] holds, for each of the 2^25 states, the fewest presses that turn
//! every light on (0..=6, or 7 for "farther or never") in 3 bits: 12 MiB. It works over
//! any bytes: the built-in table, generated in memory on first use ([`builtin_table`]),
//! a memory map of a file, or a `Vec<u8>`. [`first_row_min_presses`] answers the same
//! question with no table, by trying the 32 top-row press sets; the two are compared on
//! every state.
//! [`TableKind::Exact`] is the exact table (every solvable state, 0..=15, 4 MiB), and
//! [`Algebra`] answers exactly with no table at all.
//!
//! # Any board
//!
//! [`GameSolver`] solves R x C boards ([`Board`]) of the classic game over GF(2) by
//! light chasing with polynomial arithmetic.
//!
//! # Every game
//!
//! [`rules`] holds the games as data: grid games from a [`rules::Topology`] and a
//! [`rules::Rule`], any other as a button map, and the built-in ones. [`GameSolver`]
//! chooses the method for a game (the chase for every grid game, dense elimination for
//! a button map, arithmetic mod K for more states); [`testing`] reaches each engine.
//!
//! # Formats
//!
//! - Input: see [`BoardReader`]. A count line, then boards of rows of `0`/`1`.
//! - The table file: see [`format`](mod@format) for the byte layout.
//!
//! # Memory maps
//!
//! This crate never maps a file. The binary maps a table once, checks its header and
//! checksum through [`DepthTable::new`], and only then answers.
//!
//! # Three ways in
//!
//! A table lookup for the 5x5 question, the solver of any game, and the fewest-presses
//! search behind both (its answer says how it was found):
//!
//! ```
//! use lightsout::rules::{Game, Rule, Topology};
//! use lightsout::{builtin_table, first_row_min_presses, press_mask, ALL_ON};
//! use lightsout::{Board, GameSolver, Search, Target, SEARCH_BUDGET};
//!
//! // 1. The 5x5 question: one lookup in the depth table, checked by first-row enumeration.
//! let grid = ALL_ON ^ press_mask(12); // one press from all-on
//! assert_eq!(builtin_table().min_presses(grid), Some(1));
//! assert_eq!(first_row_min_presses(grid), Some(1));
//!
//! // 2. Any game: the solver chooses its engine (here the chase for any rule).
//! let game = Game::grid(5, 5, Topology::Torus, Rule::parse("plus").unwrap(), 2).unwrap();
//! let solver = GameSolver::new(game, SEARCH_BUDGET).unwrap();
//! assert_eq!(solver.nullity(), 8); // 2^8 solutions to every solvable board
//! let mut board = Board::new(5, 5);
//! for (r, c) in [(0, 0), (0, 1), (0, 4), (1, 0), (4, 0)] {
//!     board.set(r, c, true); // what a press of the corner does on a torus
//! }
//! let mut ws = solver.workspace();
//! let answer = solver.solve_with(&board, Target::Off, &mut ws, true);
//! let answer = answer.expect("a two-state game").expect("a solvable board");
//!
//! // 3. The search: every solution compared, the fewest presses proven.
//! assert_eq!(answer.presses.count_ones(), 1);
//! assert!(answer.proven_minimal);
//! assert!(matches!(answer.search, Search::GrayWalk | Search::Transform { .. }));
//! ```
#![deny(missing_docs)]

mod board;
mod grid;
mod method;
mod puzzles;
pub mod request;
mod rng;
pub mod rules;
mod solve;
mod stream;
mod table;
pub mod testing;
mod text;
mod verify;

// The 5x5 grid: its bits, its algebra, the depth tables and what checks them.
pub use grid::{
    apply_presses, cells_of, exact_index, exact_state, fewest_of_four, is_solvable, press_mask,
    solve_by_elimination, Grid, Particular, Presses, ALL_ON, CELLS, PRESS_MASKS, QUIET_COLUMNS,
    QUIET_ROWS, SIDE, SOLVABLE_STATES, STATES,
};
pub use solve::engines::five::algebra::Algebra;
pub use solve::engines::five::first_row::{
    min_press_set as first_row_min_press_set, min_presses as first_row_min_presses,
};
pub use table::format;
pub use table::{
    builtin_table, builtin_table_file, DepthTable, FormatError, Header, Inconsistent, TableFile,
    TableKind, TooDeep,
};
#[cfg(not(target_arch = "wasm32"))]
pub use table::{
    file_type_name, remove_partial_table, remove_stale_partials, write_table, StoreError,
    StoreOptions,
};
pub use verify::{
    compare as verify_table, compare_chunks as verify_table_chunks,
    compare_with_progress as verify_table_with_progress, Report as VerifyReport,
};

// Boards of any size and any game, and the one solver, `GameSolver`, that chooses an
// engine for any game (the engines themselves are reached through `testing` only).
pub use board::Board;
pub use solve::engines::dense::small_nullity;
pub use solve::{
    clock::{seed as clock_seed, Deadline, SearchClock, SEED_BOUND},
    gods_number, gods_number_merged, gods_number_part, gods_number_plan, gods_number_until,
    subcode_radius, GodError, GodsNumber, Merged, MissingPart, PartOutcome, PartRun, PlanRun,
    Subcode, GOD_NULLITY,
};
pub use solve::{
    nullity, two_state_solutions, EmptyShape, GameSolveError, GameSolver, GameWorkspace, Nearest,
    NotTwoStates, Target, CHASE_LIGHTS, CLASSIC_ENGINE, DENSE_LIGHTS, NEAREST_CLASSES,
    NEAREST_LIGHTS, SIGNATURE_CELLS,
};
pub use solve::{
    Census, CensusError, StateSearch, StatesError, TooManyStateUnknowns, CENSUS_LANES,
    CENSUS_STEPS, STATE_CHASE_LIGHTS, STATE_DENSE_LIGHTS,
};

// The fewest-presses search: how it was done, its budget, its progress and what keeps it
// between runs.
pub use solve::{
    Change, Keeper, Kept, Search, SearchLimits, SearchProgress, Shares, Skipped, SEARCH_BUDGET,
};

// Streams: text (and PBM) in, answers out, as the command line prints them.
pub use stream::{
    answer_stream, cell_pixels, check_states_stream, check_stream, draw, explain_game_stream,
    explain_states_stream, explain_stream, line_limit, nullity_json, nullity_stream,
    picture_margins, picture_note, push_counts, push_moves, solve_boards_stream, solve_pbm_stream,
    solve_states_stream, solve_stream, solve_stream_lazy, toward_all_on, write_boards, write_grids,
    write_pattern, write_pattern_to, write_pbm, write_png, Answered, BoardReader, Cells,
    CheckSummary, CheckVerdict, Clue, Drawing, Drawn, InputError, Method, ParseError,
    PatternFormat, PbmGame, PbmReader, PictureSink, Placement, QueryOptions, SolveOptions,
    SolveSummary, StatesOptions, StatesReader, StreamError, Style, Verdict, MIN_LINE_LIMIT,
};
pub use stream::{
    board_from_rows, count_json, count_rows, game_json, goal_word, json_boards,
    nullity_each_stream, row_cells, seed_json, sniff_json_shape, sniff_shape, write_states_png,
    Ambiguity, AnswerFormat, EachBoard, EachSummary, JsonSniffed, Searched, Sniffed,
    MAX_PICTURE_STATES, MAX_SHAPE_BYTES,
};

// Small things the binary shares: puzzles, a seeded generator, numbers for people.
pub use puzzles::{
    contest_draws, most_needed, past_most, pick as pick_puzzles, PuzzleError, PuzzleMaker,
    CONTEST_MOST,
};
pub use rng::SplitMix64;
pub use text::{plural, thousands};
