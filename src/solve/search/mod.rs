//! The fewest presses among a board's solutions, written once for every engine that
//! gives a particular solution and the quiet patterns: the plan and its cost in checked
//! arithmetic (`kernel`: a walk, the transform, or the local search, within the budget
//! and `--search-time`), the cells grouped by signature and all press counts from one transform
//! (`signatures`), the Walsh-Hadamard transform, its vector lanes and its rows
//! (`transform`), the blocks
//! scheduled on all cores (`blocks`), the local search and its bound (`local`), the
//! board's symmetries (`symmetry`), and a long search kept between runs (`checkpoint`,
//! `progress`).

pub(super) mod blocks;
pub(super) mod checkpoint;
pub(super) mod kernel;
pub(super) mod local;
pub(crate) mod progress;
pub(super) mod signatures;
pub(in crate::solve) mod symmetry;
pub(in crate::solve) mod transform;
