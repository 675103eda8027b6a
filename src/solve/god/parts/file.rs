//! A part's file: the split it belongs to (the game's classes and the witness, named
//! by a key of their bytes), what the part found or, unfinished, the subtrees it
//! finished, and a checksum; read back only when whole and this split's, a board it
//! names solved again, and otherwise the reason it is missing ([`MissingPart`]).

use super::PartOutcome;
use crate::board::Board;
use crate::rules::Target;
use crate::solve::god::branch::{Part, Subtree, SPLIT_DEPTH};
use crate::solve::god::{class_sizes, quiet_of, symmetry, GodError};
use crate::solve::search::progress::Keeper;
use crate::solve::GameSolver;

/// Why the merge counts a part missing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MissingPart {
    /// Nothing is kept under its name.
    NotKept,
    /// It ran and did not finish: its subtrees finished so far.
    Unfinished {
        /// How many.
        subtrees: u64,
        /// Under the plan kept now: its nodes of the plan finished and kept, and its
        /// share of them (a cheap node finished by the chain's search is not kept).
        plan: Option<(u64, u64)>,
    },
    /// What is kept is not believed: why.
    NotBelieved(String),
    /// It finished in another tree than the plan kept now: the plan it entered (`None`:
    /// none, it searched the levels above itself), and the plan kept (`None`: none).
    OtherPlan {
        /// The plan it entered, by its checksum.
        entered: Option<String>,
        /// The plan kept now, by its checksum.
        kept: Option<String>,
    },
}

impl std::fmt::Display for MissingPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MissingPart::NotKept => write!(f, "not kept"),
            MissingPart::Unfinished { subtrees, plan } => {
                write!(f, "not finished: {subtrees} of its subtrees done")?;
                match plan {
                    Some((done, share)) => {
                        write!(f, ", {done} of its {share} plan nodes kept as finished")
                    }
                    None => Ok(()),
                }
            }
            MissingPart::NotBelieved(why) => write!(f, "not believed: {why}"),
            MissingPart::OtherPlan { entered, kept } => {
                let entered = entered
                    .as_ref()
                    .map_or("it searched without a plan".into(), |d| {
                        format!("it entered plan {d}")
                    });
                let kept = kept
                    .as_ref()
                    .map_or("no plan".into(), |d| format!("plan {d}"));
                write!(
                    f,
                    "it finished in another tree ({entered}; kept now: {kept}): run it again"
                )
            }
        }
    }
}

/// What a part's file holds.
pub(super) enum Kept {
    /// The part finished: what it found (a board solved again, with its answer), and
    /// the plan it entered (its checksum; `None`: it searched without one).
    Done(PartOutcome, Option<Board>, Option<String>),
    /// It did not: the subtrees it finished, the nodes searched so far, and the plan
    /// it entered (a part's share, and so what its subtrees say, is its tree's).
    Unfinished(Vec<Subtree>, u64, Option<String>),
}

/// What the parts of one split share: the game's classes, the witness and its count,
/// and the bytes that name them.
pub(super) struct Split {
    pub quiet: Vec<Board>,
    pub sizes: Vec<i64>,
    pub maps: Vec<Vec<u32>>,
    /// The witness, its answer and its fewest presses.
    pub witness: (Board, Board, u64),
    /// `buttons + m_0`: presses `(base - d) / 2`.
    pub base: i64,
    pub stem: String,
}

impl Split {
    pub fn new(solver: &GameSolver, witness: &Board) -> Result<Split, GodError> {
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
            "lightsout census part 4 {} depth {} {rows}x{cols} beyond {count}",
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

    pub fn name(&self, (index, of): (u64, u64)) -> String {
        format!("{}.part-{index}-of-{of}", self.stem)
    }

    /// A part's file: what it says (a board found; the subtrees finished of a part not
    /// finished), the plan it entered (by its checksum), then its checksum.
    pub fn bytes(
        &self,
        (index, of): (u64, u64),
        (outcome, plan): (&PartOutcome, Option<&str>),
        nodes: u64,
        finished: &[Subtree],
    ) -> Vec<u8> {
        let (word, more) = match outcome {
            PartOutcome::None => ("none", String::new()),
            PartOutcome::Unknown => {
                let mut text = format!("finished {}\n", finished.len());
                for subtree in finished {
                    let pairs: Vec<String> =
                        subtree.iter().map(|(s, v)| format!("{s}={v}")).collect();
                    text.push_str(&pairs.join(" "));
                    text.push('\n');
                }
                ("unknown", text)
            }
            PartOutcome::Found { board, .. } => ("found", format!("board {}\n", rows(board))),
        };
        let text = format!(
            "lightsout census part\nsplit {}\nbeyond {}\npart {index} of {of}\noutcome \
             {word}\nnodes {nodes}\nplan {}\n{more}",
            self.stem,
            self.witness.2,
            plan.unwrap_or("none")
        );
        format!("{text}crc {:08x}\n", crc32fast::hash(text.as_bytes())).into_bytes()
    }

    /// What part `part`'s file says, when it is whole and this split's (a board found
    /// solved again, with its answer); else why it is missing.
    pub fn read(
        &self,
        solver: &GameSolver,
        keeper: &dyn Keeper,
        part: &Part,
    ) -> Result<Kept, MissingPart> {
        let bytes = keeper
            .read(&self.name((part.index, part.of)), PART_BYTES)
            .map_err(MissingPart::NotBelieved)?
            .ok_or(MissingPart::NotKept)?;
        self.decode(solver, &bytes, part)
    }

    /// [`Split::read`] of the bytes kept.
    pub fn decode(
        &self,
        solver: &GameSolver,
        bytes: &[u8],
        part: &Part,
    ) -> Result<Kept, MissingPart> {
        let not = |why: &str| MissingPart::NotBelieved(why.to_string());
        let text = std::str::from_utf8(bytes).map_err(|_| not("it is not text"))?;
        let (body, crc) = text
            .rsplit_once("crc ")
            .ok_or_else(|| not("it has no checksum: cut short"))?;
        if crc.trim_end() != format!("{:08x}", crc32fast::hash(body.as_bytes())) {
            return Err(not("its checksum does not match: torn or changed"));
        }
        let mut lines = body.lines();
        let expect = [
            "lightsout census part".to_string(),
            format!("split {}", self.stem),
            format!("beyond {}", self.witness.2),
            format!("part {} of {}", part.index, part.of),
        ];
        if !expect
            .iter()
            .all(|want| lines.next() == Some(want.as_str()))
        {
            return Err(not("it names another split, witness or part"));
        }
        let garbled = || not("a line of it is not what a part writes");
        let outcome = lines
            .next()
            .and_then(|l| l.strip_prefix("outcome "))
            .ok_or_else(garbled)?;
        let nodes = lines
            .next()
            .and_then(|l| l.strip_prefix("nodes ")?.parse::<u64>().ok())
            .ok_or_else(garbled)?;
        let plan = match lines.next().and_then(|l| l.strip_prefix("plan ")) {
            Some("none") => None,
            Some(d) if d.len() == 8 && d.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Some(d.to_string())
            }
            _ => return Err(garbled()),
        };
        match outcome {
            "none" => Ok(Kept::Done(PartOutcome::None, None, plan)),
            "found" => {
                // Believed once solved again: it must need more than the witness.
                let board = lines
                    .next()
                    .and_then(|l| parse_rows(l.strip_prefix("board ")?))
                    .ok_or_else(garbled)?;
                let (presses, answer) = self
                    .fewest(solver, &board)
                    .ok_or_else(|| not("its board is not this game's, or not proven"))?;
                if presses <= self.witness.2 {
                    return Err(MissingPart::NotBelieved(format!(
                        "its board needs {presses} presses, not more than {}",
                        self.witness.2
                    )));
                }
                Ok(Kept::Done(
                    PartOutcome::Found { board, presses },
                    Some(answer),
                    plan,
                ))
            }
            "unknown" => {
                let count = lines
                    .next()
                    .and_then(|l| l.strip_prefix("finished ")?.parse::<usize>().ok())
                    .ok_or_else(garbled)?;
                let subtrees: Vec<Subtree> = lines
                    .by_ref()
                    .take(count)
                    .map(|line| self.subtree(line, part))
                    .collect::<Option<_>>()
                    .ok_or_else(|| not("a subtree it names is not one of this part's"))?;
                if subtrees.len() != count {
                    return Err(garbled());
                }
                Ok(Kept::Unfinished(subtrees, nodes, plan))
            }
            _ => Err(garbled()),
        }
    }

    /// A finished node's line (`s=v` for each class fixed) when it may be `part`'s: a
    /// node of this game ([`Split::node`]), at or below the split's depth in its share.
    fn subtree(&self, line: &str, part: &Part) -> Option<Subtree> {
        let subtree = self.node(line)?;
        (subtree.len() < part.depth || part.owns(&subtree)).then_some(subtree)
    }

    /// A node's line: classes of this game, each once, in the order the search fixed
    /// them, each at a value it may take.
    pub(super) fn node(&self, line: &str) -> Option<Subtree> {
        let subtree: Subtree = line
            .split_whitespace()
            .map(|pair| {
                let (s, v) = pair.split_once('=')?;
                Some((s.parse().ok()?, v.parse().ok()?))
            })
            .collect::<Option<_>>()?;
        let classes = subtree.iter().all(|&(s, v): &(usize, i64)| {
            let m = self.sizes.get(s).copied().unwrap_or(0);
            s > 0 && m > 0 && v.abs() <= m && (v - m) % 2 == 0
        });
        let mut seen: Vec<usize> = subtree.iter().map(|&(s, _)| s).collect();
        seen.sort_unstable();
        seen.dedup();
        (classes && seen.len() == subtree.len()).then_some(subtree)
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

/// The most bytes a part's file may take: a part not finished names each subtree it
/// finished (a line of a few dozen bytes; a split in few parts has tens of thousands).
pub(super) const PART_BYTES: u64 = 64 << 20;
