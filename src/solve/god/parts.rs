//! God's number's proof split in parts (`census --part I/N`) for a cluster's job
//! array: each part searches its share of the tree ([`branch::Part`]) for a board that
//! needs more presses than a given one (the witness, solved first: its fewest are the
//! lower bound), and keeps what it found with the caller's [`Keeper`] (the library
//! does no I/O of its own); a run without a part merges them. Every part that says
//! "none" is believed for that claim alone (it cannot be checked short of searching
//! again); a board a part found is solved again before it counts, and a file that is
//! not whole, or names another game, witness or split, counts as missing.

use super::branch::{self, Better, Part, SPLIT_DEPTH};
use super::{board_of, class_sizes, floor, quiet_of, symmetry, GodError, GodsNumber};
use crate::board::Board;
use crate::rules::Target;
use crate::solve::clock::{Deadline, Instant};
use crate::solve::search::progress::Keeper;
use crate::solve::GameSolver;
use std::time::Duration;

/// What one part found.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PartOutcome {
    /// No board in this part's share needs more presses than the witness.
    None,
    /// A board that needs more (solved again: `presses` at the fewest, proven).
    Found {
        /// The board.
        board: Board,
        /// Its fewest presses.
        presses: u64,
    },
    /// The time ran out first: the part is to be run again.
    Unknown,
}

/// One part's run.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct PartRun {
    /// The witness's fewest presses: the part searched for a board needing more.
    pub beyond: u64,
    /// What it found.
    pub outcome: PartOutcome,
    /// The search's nodes (0 when it was kept before).
    pub nodes: u64,
    /// Where it is kept ([`Keeper::place`]).
    pub place: String,
    /// Whether a finished run of this part was kept there already (its answer read
    /// again, nothing searched: a task requeued does not search twice).
    pub kept_before: bool,
    /// The search's time.
    pub took: Duration,
}

/// The parts merged.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Merged {
    /// The bounds: proven when every part of a split is kept and none found a board
    /// beyond the witness; a board a part found raises the lower bound.
    pub gods_number: GodsNumber,
    /// The parts of the split read (the finest with every part kept, else the one with
    /// the most kept); `None` when no part is kept.
    pub of: Option<u64>,
    /// The parts of it not kept (or not believed, or not finished).
    pub missing: Vec<u64>,
    /// The part whose board is the hardest, when a part found one.
    pub found_in: Option<u64>,
}

/// What the parts of one split share: the game's classes, the witness and its count,
/// and the bytes that name them.
struct Split {
    quiet: Vec<Board>,
    sizes: Vec<i64>,
    maps: Vec<Vec<u32>>,
    /// The witness, its answer and its fewest presses.
    witness: (Board, Board, u64),
    /// `buttons + m_0`: presses `(base - d) / 2`.
    base: i64,
    stem: String,
}

impl Split {
    fn new(solver: &GameSolver, witness: &Board) -> Result<Split, GodError> {
        let quiet = quiet_of(solver)?;
        if (witness.rows(), witness.cols()) != solver.board_shape() {
            let (rows, cols) = solver.board_shape();
            return Err(GodError::Beyond(format!(
                "it is {} x {}; this game's boards are {rows} x {cols}",
                witness.rows(),
                witness.cols()
            )));
        }
        let mut ws = solver.workspace();
        let solved = solver
            .solve_with(witness, Target::Off, &mut ws, true)
            .map_err(|e| GodError::Beyond(e.to_string()))?
            .ok_or_else(|| GodError::Beyond("it has no solution".into()))?;
        if !solved.proven_minimal {
            return Err(GodError::Beyond("its fewest presses are not proven".into()));
        }
        let count = solved.presses.count_ones();
        let presses = solved.presses.clone();
        let (rows, cols) = solver.presses_shape();
        let sizes = class_sizes(&quiet, rows, cols);
        let maps = symmetry::class_maps(&quiet, rows, cols);
        let base = (rows * cols) as i64 + sizes[0];
        let mut key = format!(
            "lightsout census part 1 {} depth {} {rows}x{cols} beyond {count}",
            env!("CARGO_PKG_VERSION"),
            SPLIT_DEPTH
        )
        .into_bytes();
        for &m in &sizes {
            key.extend_from_slice(&m.to_le_bytes());
        }
        for map in &maps {
            key.extend(map.iter().flat_map(|w| w.to_le_bytes()));
        }
        let mut salted = b"salt".to_vec();
        salted.extend_from_slice(&key);
        let stem = format!(
            "census-{:08x}{:08x}-{}",
            crc32fast::hash(&key),
            crc32fast::hash(&salted),
            key.len()
        );
        Ok(Split {
            quiet,
            sizes,
            maps,
            witness: (witness.clone(), presses, count),
            base,
            stem,
        })
    }

    fn name(&self, (index, of): (u64, u64)) -> String {
        format!("{}.part-{index}-of-{of}", self.stem)
    }

    /// A part's file: what it says, then its checksum.
    fn bytes(&self, (index, of): (u64, u64), outcome: &PartOutcome, nodes: u64) -> Vec<u8> {
        let (word, board) = match outcome {
            PartOutcome::None => ("none", String::new()),
            PartOutcome::Unknown => ("unknown", String::new()),
            PartOutcome::Found { board, .. } => ("found", format!("board {}\n", rows(board))),
        };
        let text = format!(
            "lightsout census part\nsplit {}\nbeyond {}\npart {index} of {of}\noutcome \
             {word}\nnodes {nodes}\n{board}",
            self.stem, self.witness.2
        );
        format!("{text}crc {:08x}\n", crc32fast::hash(text.as_bytes())).into_bytes()
    }

    /// What part `(index, of)`'s file says, when it is whole and this split's (a board
    /// found with its answer, solved again): `None` for no file, one not believed, or a
    /// part not finished.
    fn read(
        &self,
        solver: &GameSolver,
        keeper: &dyn Keeper,
        part: (u64, u64),
    ) -> Option<(PartOutcome, Option<Board>)> {
        let bytes = keeper.read(&self.name(part), 1 << 20).ok()??;
        let text = std::str::from_utf8(&bytes).ok()?;
        let (body, crc) = text.rsplit_once("crc ")?;
        if crc.trim_end() != format!("{:08x}", crc32fast::hash(body.as_bytes())) {
            return None;
        }
        let mut lines = body.lines();
        let expect = [
            "lightsout census part".to_string(),
            format!("split {}", self.stem),
            format!("beyond {}", self.witness.2),
            format!("part {} of {}", part.0, part.1),
        ];
        if !expect
            .iter()
            .all(|want| lines.next() == Some(want.as_str()))
        {
            return None;
        }
        let outcome = lines.next()?.strip_prefix("outcome ")?;
        lines.next()?.strip_prefix("nodes ")?;
        match outcome {
            "none" => Some((PartOutcome::None, None)),
            "found" => {
                // Believed once solved again: it must need more than the witness.
                let board = parse_rows(lines.next()?.strip_prefix("board ")?)?;
                let (presses, answer) = self.fewest(solver, &board)?;
                (presses > self.witness.2)
                    .then_some((PartOutcome::Found { board, presses }, Some(answer)))
            }
            _ => None,
        }
    }

    /// `board`'s proven fewest presses and the answer, when it is one of this game's.
    fn fewest(&self, solver: &GameSolver, board: &Board) -> Option<(u64, Board)> {
        if (board.rows(), board.cols()) != solver.board_shape() {
            return None;
        }
        let mut ws = solver.workspace();
        let solved = solver
            .solve_with(board, Target::Off, &mut ws, true)
            .ok()??;
        let answer = solved.presses;
        solved
            .proven_minimal
            .then(|| (answer.count_ones(), answer.clone()))
    }
}

/// A board's rows, `/` between them.
fn rows(board: &Board) -> String {
    (0..board.rows())
        .map(|r| {
            (0..board.cols())
                .map(|c| if board.get(r, c) { '1' } else { '0' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The board [`rows`] wrote.
fn parse_rows(text: &str) -> Option<Board> {
    let rows: Vec<&str> = text.split('/').collect();
    let cols = rows.first()?.len();
    let mut board = Board::new(rows.len(), cols);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return None;
        }
        for (c, cell) in row.bytes().enumerate() {
            match cell {
                b'0' => {}
                b'1' => board.set(r, c, true),
                _ => return None,
            }
        }
    }
    Some(board)
}

/// A split read: its parts, those missing, and the boards the others found (each its
/// part, the board, its fewest presses and their answer).
type Read = (u64, Vec<u64>, Vec<(u64, Board, u64, Board)>);

/// Part `index` of `of` of the proof that no board of `solver`'s game needs more
/// presses than `witness` (`index < of <= 1,024`), searched until `deadline` and kept
/// with `keeper`: every part of one split (the same game, witness, `of` and build)
/// together searches every board.
pub fn gods_number_part(
    solver: &GameSolver,
    witness: &Board,
    (index, of): (u64, u64),
    deadline: Deadline,
    keeper: &dyn Keeper,
) -> Result<PartRun, GodError> {
    let started = Instant::now();
    if !(index < of && of <= crate::solve::search::progress::PARTS) {
        return Err(GodError::Beyond(format!(
            "part {index} of {of}: parts are numbered from 0 to N - 1, N at most 1024"
        )));
    }
    let split = Split::new(solver, witness)?;
    let name = split.name((index, of));
    if let Some((outcome, _)) = split.read(solver, keeper, (index, of)) {
        return Ok(PartRun {
            beyond: split.witness.2,
            outcome,
            nodes: 0,
            place: keeper.place(&name),
            kept_before: true,
            took: started.elapsed(),
        });
    }
    let d = split.base - 2 * split.witness.2 as i64;
    let part = Part { index, of };
    let (better, nodes) = branch::better_in(&split.sizes, d, &split.maps, &deadline, Some(part));
    let outcome = match better {
        Better::None => PartOutcome::None,
        Better::Unknown => PartOutcome::Unknown,
        Better::Found(p) => {
            let (board, answer, proven) = board_of(solver, &split.quiet, &split.sizes, &p);
            let presses = answer.count_ones();
            if presses <= split.witness.2 || !proven {
                return Err(GodError::Witness {
                    claimed: split.witness.2 + 1,
                    solved: presses,
                });
            }
            PartOutcome::Found { board, presses }
        }
    };
    keeper
        .write(&name, &split.bytes((index, of), &outcome, nodes))
        .map_err(|e| GodError::Beyond(format!("cannot keep the part: {e}")))?;
    Ok(PartRun {
        beyond: split.witness.2,
        outcome,
        nodes,
        place: keeper.place(&name),
        kept_before: false,
        took: started.elapsed(),
    })
}

/// The parts of the proof beyond `witness` kept with `keeper`, merged: God's number
/// proven when every part of a split says no board needs more; else the bounds (a
/// board a part found, solved again, raising the lower one).
pub fn gods_number_merged(
    solver: &GameSolver,
    witness: &Board,
    keeper: &dyn Keeper,
) -> Result<Merged, GodError> {
    let started = Instant::now();
    let split = Split::new(solver, witness)?;
    let prefix = format!("{}.part-", split.stem);
    let mut splits: Vec<u64> = keeper
        .names(&prefix)
        .iter()
        .filter_map(|name| name.strip_prefix(&prefix)?.split_once("-of-"))
        .filter_map(|(_, of)| of.parse::<u64>().ok())
        .filter(|&of| (1..=crate::solve::search::progress::PARTS).contains(&of))
        .collect();
    splits.sort_unstable();
    splits.dedup();
    // Each split read whole: the finest with every part kept, else the one with the
    // fewest missing.
    let mut best: Option<Read> = None;
    for &of in splits.iter().rev() {
        let mut missing = Vec::new();
        let mut found = Vec::new();
        for index in 0..of {
            match split.read(solver, keeper, (index, of)) {
                Some((PartOutcome::Found { board, presses }, Some(answer))) => {
                    found.push((index, board, presses, answer))
                }
                Some(_) => {}
                None => missing.push(index),
            }
        }
        let better = best
            .as_ref()
            .is_none_or(|(_, m, _)| missing.len() < m.len());
        if better {
            best = Some((of, missing, found));
        }
        if best.as_ref().is_some_and(|(_, m, _)| m.is_empty()) {
            break;
        }
    }
    let (witness, presses, count) = split.witness.clone();
    let upper = ((split.base - floor(&split.sizes)) / 2) as u64;
    let mut gods = GodsNumber {
        lower: count,
        upper,
        hardest: witness,
        presses,
        classes: split.sizes.iter().skip(1).filter(|&&m| m > 0).count(),
        nullity: split.quiet.len(),
        took: Duration::ZERO,
    };
    let (of, missing, found) = best.unwrap_or((0, Vec::new(), Vec::new()));
    // The hardest board found, each solved once (when its file was read).
    let hardest = found
        .into_iter()
        .max_by_key(|&(index, _, presses, _)| (presses, !index));
    let found_in = hardest.map(|(index, board, presses, answer)| {
        (gods.lower, gods.hardest, gods.presses) = (presses, board, answer);
        index
    });
    if of > 0 && missing.is_empty() && found_in.is_none() {
        gods.upper = count;
    }
    gods.took = started.elapsed();
    Ok(Merged {
        gods_number: gods,
        of: (of > 0).then_some(of),
        missing,
        found_in,
    })
}
