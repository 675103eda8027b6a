//! `lightsout solve` as a stream: [`solve_boards_stream`], the one path of every game
//! (bit-packed for two states, [`solve_stream_lazy`]; a state a light for more,
//! [`solve_states_stream`](super::solve_states_stream)): boards in, press patterns out;
//! a grid game's in the 5x6 contest format (`PUZZLE #m`, then the pattern, digits
//! separated by one space), any other game's one board a line (the lights' digits) and
//! one answer a line (each button's presses, separated by spaces).

use super::write::{push_number, write_pattern, write_pattern_row};
use super::{BoardReader, Chunked, ReadOrFinish, StreamError};
use crate::board::Board;
use crate::rules::Game;
use crate::rules::Target;
use crate::solve::{GameSolver, GameWorkspace, Solution};
use std::io::{Read, Write};
use std::ops::Deref;

/// Patterns of at most this many lights (twice as many bytes of text) are written in
/// one go; larger ones row by row.
const PATTERN_WHOLE: usize = 4096;

/// What a run of [`solve_stream`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SolveSummary {
    /// Boards answered.
    pub boards: u64,
    /// Boards solved whose presses are not proven to be the fewest (the search over
    /// their solutions did not fit the solver's search budget).
    pub unproven: u64,
    /// Boards with no solution (counted in `boards`).
    pub unsolvable: u64,
}

/// What a stream tells of a board it answered, as it goes (for a door's per-board
/// report: `--stats`, a kept search): the presses' total, whether proven, a lower
/// bound and how the fewest were searched; never the presses, which the stream writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answered {
    /// The presses' total.
    pub fewest: u64,
    /// Whether no presses reach the goal with fewer: every solution was compared.
    pub proven: bool,
    /// A proven lower bound on the fewest (the count itself when proven).
    pub lower_bound: u64,
    /// How the fewest were searched: a two-state board's search, or a K-state one's.
    pub how: Searched,
    /// The presses' rows and columns (a grid's; one row for any other game).
    pub shape: (usize, usize),
    /// Time spent choosing among the solutions (two states; zero for K).
    pub search_time: std::time::Duration,
}

/// How a board's fewest presses were searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Searched {
    /// A two-state board's search.
    Bits(crate::solve::Search),
    /// A K-state board's search.
    States(crate::solve::StateSearch),
}

impl Answered {
    /// What a stream tells of a two-state engine's solution.
    pub(crate) fn of_solution(solution: &Solution<'_>) -> Answered {
        Answered {
            fewest: solution.presses.count_ones(),
            proven: solution.proven_minimal,
            lower_bound: solution.lower_bound,
            how: Searched::Bits(solution.search),
            shape: (solution.presses.rows(), solution.presses.cols()),
            search_time: solution.search_time,
        }
    }

    /// What a stream tells of a K-state engine's answer, its presses `shape`d.
    pub(crate) fn of_states(answer: &crate::solve::StateAnswer, shape: (usize, usize)) -> Answered {
        Answered {
            fewest: answer.total,
            proven: answer.proven_minimal,
            lower_bound: answer.lower_bound,
            how: Searched::States(answer.search),
            shape,
            search_time: std::time::Duration::ZERO,
        }
    }
}

/// The `solve` stream of every game, toward `options.goal` (a state): boards of two
/// states read into bits and solved bit-packed, the solver made once a whole board is
/// read ([`solve_stream_lazy`]); boards of K states a state a light
/// ([`solve_states_stream`](super::solve_states_stream)). `report` is called with each
/// board's number and answer first; the answers before a bad board are written before
/// its error.
pub fn solve_boards_stream<S: Deref<Target = GameSolver>>(
    game: &Game,
    solver: impl FnOnce() -> S,
    options: super::StatesOptions,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, Answered),
) -> Result<SolveSummary, StreamError> {
    if game.states() > 2 {
        let solver = solver();
        return super::solve_states_stream(&solver, options, input, output, report);
    }
    let two = SolveOptions {
        target: match options.goal {
            0 => Target::Off,
            _ => Target::On,
        },
        line_buffered: options.line_buffered,
        search_time: options.search_time,
        format: options.format,
    };
    solve_stream_lazy(game, solver, two, input, output, report)
}

/// Reads a count line and boards of `solver`'s game from `input`; writes for each
/// board its presses toward `options.target` or `no solution` (a grid game's answer
/// after `PUZZLE #m`, any other game's one line of digits), calling `report` with each
/// board's number and solution first. Answers for the boards before a bad one are
/// written before the error is returned.
pub fn solve_stream(
    solver: &GameSolver,
    options: SolveOptions,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, Answered),
) -> Result<SolveSummary, StreamError> {
    solve_stream_lazy(solver.game(), || solver, options, input, output, report)
}

/// How [`solve_stream`] answers.
#[derive(Debug, Clone, Copy)]
pub struct SolveOptions {
    /// The state to reach.
    pub target: Target,
    /// Flush after every answer.
    pub line_buffered: bool,
    /// The time the stream's searches may take together (its reading never counted:
    /// [`SearchClock`](crate::solve::clock::SearchClock)); boards reached after it are
    /// answered without a search for the fewest presses (valid, not proven minimal).
    /// `None`: no bound.
    pub search_time: Option<std::time::Duration>,
    /// How each answer is written.
    pub format: AnswerFormat,
}

/// How a stream writes its answers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum AnswerFormat {
    /// The contest's text: `PUZZLE #m` for a grid game, then the pattern.
    #[default]
    Text,
    /// One JSON object a board, a line each ([`BoardAnswer::json`](crate::request::BoardAnswer::json)'s schema).
    JsonLines,
}

/// [`solve_stream`] for boards of `game`, calling `solver` for its solver only once a
/// whole board has been read: a stream that holds no board (an empty or bad input)
/// costs no solver, whose making is the game's work.
pub fn solve_stream_lazy<S: Deref<Target = GameSolver>>(
    game: &Game,
    solver: impl FnOnce() -> S,
    options: SolveOptions,
    input: impl Read,
    output: impl Write,
    report: &mut dyn FnMut(u64, Answered),
) -> Result<SolveSummary, StreamError> {
    let (rows, cols) = match game.grid_rules() {
        Some(grid) => (grid.rows, grid.cols),
        None => (1, game.lights()),
    };
    let grid = game.grid_rules().is_some() && options.format == AnswerFormat::Text;
    if game.states() > 2 {
        let states = game.states();
        return Err(crate::solve::NotTwoStates { states }.into());
    }
    let mut out = Chunked::new(output, options.line_buffered);
    let mut reader = BoardReader::for_game(input, game)?;
    let mut make = Some(solver);
    let mut made: Option<(S, GameWorkspace)> = None;
    let mut board = Board::new(rows, cols);
    // Set once a search was stopped (the solver's progress says so after a board).
    let stopped = std::cell::Cell::new(false);
    let clock = crate::solve::clock::SearchClock::new(options.search_time);
    each_board(
        &mut reader,
        &mut board,
        &mut out,
        (grid, &|| stopped.get()),
        |board, out, summary| {
            let (solver, ws) = match &mut made {
                Some((solver, ws)) => (&**solver, ws),
                None => {
                    let solver = (make.take().expect("made once"))();
                    let ws = solver.workspace();
                    let (solver, ws) = made.insert((solver, ws));
                    (&**solver, ws)
                }
            };
            let solved =
                clock.timed(|search| solver.solve_with(board, options.target, ws, search))?;
            stopped.set(solver.progress().is_some_and(|p| p.stopped()));
            if options.format == AnswerFormat::JsonLines {
                let mut json = super::JsonAnswer::of_solution(options.target, solved.as_ref());
                // A board is written out as states only where its nearest is found (not
                // for an 8000 x 8000 board, past the games that have one).
                if solved.is_none() && solver.finds_nearest() {
                    let goal = u8::from(options.target == Target::On);
                    json = json.with_nearest(solver, &board.cells(), goal);
                }
                json.push_line(&mut out.buf);
                return match solved {
                    Some(solution) => {
                        summary.unproven += u64::from(!solution.proven_minimal);
                        report(summary.boards, Answered::of_solution(&solution));
                        out.spill()
                    }
                    None => {
                        summary.unsolvable += 1;
                        Ok(())
                    }
                };
            }
            push_answer(out, solved, summary, report)
        },
    )
}

/// Boards one at a time, of two states (a [`Board`]) or of K (a state a light).
pub(super) trait Boards {
    /// Where a board is read into.
    type Board;
    /// The next board into `out`; `false` after the last.
    fn next_into(&mut self, out: &mut Self::Board) -> Result<bool, super::InputError>;
    /// Whether reading the next board may wait on the source.
    fn dry(&self) -> bool;
}

impl<R: Read> Boards for BoardReader<R> {
    type Board = Board;
    fn next_into(&mut self, out: &mut Board) -> Result<bool, super::InputError> {
        self.next_board(out)
    }
    fn dry(&self) -> bool {
        BoardReader::dry(self)
    }
}

/// The loop of every `solve` stream, whatever the game: each board read, numbered
/// (`PUZZLE #m` first for a grid game), answered by `answer`, and the answers written
/// as the output policy says; the answers before a bad board are written before its
/// error. Once `stopped` says so (the searches were stopped: Ctrl-C), the input ends
/// there, boards already read but not answered included.
pub(super) fn each_board<S: Boards, W: Write>(
    reader: &mut S,
    board: &mut S::Board,
    out: &mut Chunked<W>,
    (grid, stopped): (bool, &dyn Fn() -> bool),
    mut answer: impl FnMut(&S::Board, &mut Chunked<W>, &mut SolveSummary) -> Result<(), StreamError>,
) -> Result<SolveSummary, StreamError> {
    let mut summary = SolveSummary::default();
    loop {
        if stopped() || reader.next_into(board).finished(out)? {
            break;
        }
        summary.boards += 1;
        if grid {
            out.buf.extend_from_slice(b"PUZZLE #");
            push_number(&mut out.buf, summary.boards);
            out.buf.push(b'\n');
        }
        answer(board, out, &mut summary)?;
        out.answered_before(reader.dry())?;
    }
    out.finish()?;
    Ok(summary)
}

/// Writes one board's answer (its pattern, row by row once it is large, or `no
/// solution`), counting it unproven when it is, and reporting it first.
fn push_answer<W: Write>(
    out: &mut Chunked<W>,
    solved: Option<Solution>,
    summary: &mut SolveSummary,
    report: &mut dyn FnMut(u64, Answered),
) -> Result<(), StreamError> {
    let Some(solution) = solved else {
        summary.unsolvable += 1;
        out.buf.extend_from_slice(b"no solution\n");
        return Ok(());
    };
    summary.unproven += u64::from(!solution.proven_minimal);
    report(summary.boards, Answered::of_solution(&solution));
    let presses = solution.presses;
    if presses.rows() * presses.cols() <= PATTERN_WHOLE {
        write_pattern(&mut out.buf, presses);
    } else {
        // Row by row, written as the buffer fills: a huge board's answer is never held
        // whole as text.
        for r in 0..presses.rows() {
            write_pattern_row(&mut out.buf, presses, r);
            out.spill()?;
        }
    }
    Ok(())
}
