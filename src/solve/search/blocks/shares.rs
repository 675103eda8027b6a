//! Which parts of a kept search run here: all of them (one file, resumed where it
//! stopped), one share of `N` (`--part I/N`: a file of its own, so parts run on many
//! machines at once never write over each other), or every share of the finest split
//! kept, each verified before it is merged and run here only when it is missing and
//! the caller may run blocks. The split depends only on the search's blocks and `N`
//! ([`Progress::share`]), and the best entry is the largest, ties to the smallest `f`,
//! so the merged answer is the one an unbroken search gives, whatever ran where.

use super::{Blocks, Lane};
use crate::solve::search::checkpoint::{self, Checkpoint, Progress};
use crate::solve::search::progress::{Keeper, Kept, Shares};
use std::time::Duration;

/// What a search covered: its best entry (the largest `W^(f)` at least the floor, ties
/// to the smallest `f`; `(i64::MIN, u64::MAX)` for none) and the shares of it not
/// searched (here or in a file believed), of `shares`.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::solve::search) struct Searched {
    pub best: (i64, u64),
    pub missing: Vec<u64>,
    pub shares: u64,
}

impl Searched {
    /// Whether every block was searched: the best entry is the search's.
    pub(in crate::solve::search) fn complete(&self) -> bool {
        self.missing.is_empty()
    }
}

/// What came of one kept range: its progress (done or not), and what to say of it.
struct Outcome {
    state: Progress,
    resumed: Option<(f64, f64)>,
    refused: Option<String>,
    error: Option<String>,
    /// Whether blocks ran here.
    ran: bool,
}

/// The search of `blocks` from `floor`, as the caller's keeper and share say.
pub(super) fn search<T: Lane>(blocks: &Blocks<'_, T>, floor: i64, may_run: bool) -> Searched {
    let all = 1u64 << blocks.split.1;
    let Some((keeper, every)) = blocks.progress.keeping() else {
        let mut state = Progress::start(all, false, floor);
        if !may_run {
            return Searched {
                best: state.best,
                missing: vec![0],
                shares: 1,
            };
        }
        blocks.run(&mut state, None);
        return Searched {
            best: state.best,
            // Empty unless the search was stopped.
            missing: if state.complete() {
                Vec::new()
            } else {
                vec![0]
            },
            shares: 1,
        };
    };
    let key = blocks.key();
    if let Some((index, shares)) = blocks.progress.share() {
        let floor = floor.max(kept_beside(blocks, keeper, &key, (index, shares), floor));
        let file = Checkpoint::share(keeper, key, (index, shares));
        let fresh = Progress::share(all, floor, (index, shares));
        let outcome = kept(blocks, &file, fresh, every, may_run);
        let done = outcome.state.complete();
        let mut report = Shares::new(shares);
        if done && outcome.ran {
            report.run.push(index);
        }
        report.merged = u64::from(done && !outcome.ran);
        let missing: Vec<u64> = (0..shares).filter(|&j| j != index || !done).collect();
        report.missing.clone_from(&missing);
        blocks
            .progress
            .set_kept(kept_note(&file, outcome.clone_note(), Some(report)));
        return Searched {
            best: outcome.state.best,
            missing,
            shares,
        };
    }
    let splits = Checkpoint::splits(keeper, &key);
    // Each split with a file for every share, the finest first: the first whose
    // shares are all believed is the proof (a stray part of another split hides
    // nothing). Else the finest split kept, its missing shares named (or run here).
    for &(shares, _) in splits.iter().rev().filter(|(n, files)| n == files) {
        let searched = merge(blocks, keeper, key.clone(), (floor, every), false, shares);
        if searched.complete() {
            return searched;
        }
    }
    match splits.last() {
        Some(&(shares, _)) => merge(blocks, keeper, key, (floor, every), may_run, shares),
        None => whole(
            blocks,
            &Checkpoint::new(keeper, key),
            (floor, every),
            may_run,
        ),
    }
}

/// The most files of other parts a part reads for their best.
const BESIDE: usize = 16;

/// The best entry of the other parts of the split already kept (at most [`BESIDE`] of
/// their files, each verified): a value some solution reaches, so this part need find
/// only entries of at least it (`i64::MIN` when none is kept).
fn kept_beside<T: Lane>(
    blocks: &Blocks<'_, T>,
    keeper: &dyn Keeper,
    key: &[u8],
    (index, shares): (u64, u64),
    floor: i64,
) -> i64 {
    let all = 1u64 << blocks.split.1;
    let only = blocks
        .only
        .map(|(keep, kept, _)| (keep as &dyn Fn(u64) -> bool, kept));
    let prefix = format!("{}.part-", checkpoint::stem(key));
    let mut best = i64::MIN;
    let others: Vec<u64> = keeper
        .names(&prefix)
        .iter()
        .filter_map(|name| checkpoint::share_of(key, name))
        .filter(|&(i, n)| n == shares && i != index)
        .map(|(i, _)| i)
        .take(BESIDE)
        .collect();
    for other in others {
        let file = Checkpoint::share(keeper, key.to_vec(), (other, shares));
        let fresh = Progress::share(all, floor, (other, shares));
        if let Ok(Some(saved)) = file.load() {
            if checkpoint::doubt(&saved, &fresh, blocks.given, blocks.split.0, only).is_none() {
                best = best.max(saved.best.0);
            }
        }
    }
    best
}

/// The search in one file, resumed where it stopped.
fn whole<T: Lane>(
    blocks: &Blocks<'_, T>,
    file: &Checkpoint<'_>,
    (floor, every): (i64, Duration),
    may_run: bool,
) -> Searched {
    let all = 1u64 << blocks.split.1;
    let fresh = Progress::start(all, true, floor);
    let outcome = kept(blocks, file, fresh, every, may_run);
    let state = outcome.state;
    if !state.complete() {
        if may_run {
            blocks
                .progress
                .set_kept(kept_note(file, outcome.clone_note(), None));
        }
        return Searched {
            best: state.best,
            missing: vec![0],
            shares: 1,
        };
    }
    if state.best.0 < state.floor && !may_run {
        // It says no entry reaches its floor: only a search run again could tell a
        // floor not this board's from one of a forged file, so it proves nothing here.
        return Searched {
            best: (i64::MIN, u64::MAX),
            missing: vec![0],
            shares: 1,
        };
    }
    if state.best.0 < state.floor {
        // Nothing reached the floor: it was not this board's (the caller searches
        // again without one), so the file is no one's to resume.
        file.remove();
        if state.floor > floor {
            // The floor was the file's, not the caller's: the file said a solution
            // reaches it and none does, so the parts it calls done were searched for
            // the wrong floor. Searched again, afresh.
            let again = whole(blocks, file, (floor, every), may_run);
            let refused = format!("its floor ({}) is reached by no solution", state.floor);
            let note = (None, None, Some(refused));
            blocks.progress.set_kept(kept_note(file, note, None));
            return again;
        }
    }
    let note = outcome.clone_note();
    if note != (None, None, None) {
        blocks.progress.set_kept(kept_note(file, note, None));
    }
    Searched {
        best: state.best,
        missing: Vec::new(),
        shares: 1,
    }
}

/// Every share of a split of `shares`: each file verified and merged, each missing
/// (or refused) share run here when the caller may run blocks.
fn merge<T: Lane>(
    blocks: &Blocks<'_, T>,
    keeper: &dyn Keeper,
    key: Vec<u8>,
    (floor, every): (i64, Duration),
    may_run: bool,
    shares: u64,
) -> Searched {
    let all = 1u64 << blocks.split.1;
    let mut report = Shares::new(shares);
    let mut done = Vec::new();
    for index in 0..shares {
        let file = Checkpoint::share(keeper, key.clone(), (index, shares));
        let fresh = Progress::share(all, floor, (index, shares));
        let mut outcome = kept(blocks, &file, fresh, every, may_run);
        if let Some(why) = outcome.refused.take() {
            report.refused.push((index, why));
        }
        if !outcome.state.complete() {
            report.missing.push(index);
        } else if outcome.ran {
            report.run.push(index);
        } else {
            report.merged += 1;
        }
        done.push((index, outcome.state, file));
    }
    let mut best = (i64::MIN, u64::MAX);
    for (_, state, _) in done.iter().filter(|(_, s, _)| s.complete()) {
        best = checkpoint::better(best, state.best);
    }
    // Each share holds no entry of at least its floor that its best leaves out: a
    // share whose floor no entry of the whole search reaches was searched for a
    // floor that was not this board's (a forged file), and is not believed.
    for (index, state, file) in &done {
        if state.complete() && state.floor > best.0.max(floor) {
            report.merged = report.merged.saturating_sub(1);
            report.refused.push((
                *index,
                format!("its floor ({}) is reached by no solution", state.floor),
            ));
            file.remove();
            let fresh = Progress::share(all, floor, (*index, shares));
            let outcome = kept(blocks, file, fresh, every, may_run);
            if outcome.state.complete() {
                best = checkpoint::better(best, outcome.state.best);
                report.run.push(*index);
            } else {
                report.missing.push(*index);
            }
        }
    }
    report.missing.sort_unstable();
    let missing = report.missing.clone();
    let place = keeper.place(&format!(
        "{}.part-*-of-{shares}.search",
        checkpoint::stem(&key)
    ));
    blocks.progress.set_kept(Kept {
        place,
        resumed: None,
        error: None,
        refused: None,
        shares: Some(report),
    });
    Searched {
        best,
        missing,
        shares,
    }
}

impl Outcome {
    /// What to say of it: resumed, save error, refused.
    fn clone_note(&self) -> (Option<(f64, f64)>, Option<String>, Option<String>) {
        (self.resumed, self.error.clone(), self.refused.clone())
    }
}

fn kept_note(
    file: &Checkpoint<'_>,
    (resumed, error, refused): (Option<(f64, f64)>, Option<String>, Option<String>),
    shares: Option<Shares>,
) -> Kept {
    Kept {
        place: file.place(),
        resumed,
        error,
        refused,
        shares,
    }
}

/// One range kept in `file`: what the file says, when it is believed, and the parts
/// not done run (when `may_run`), saved every `every` and at the end.
fn kept<T: Lane>(
    blocks: &Blocks<'_, T>,
    file: &Checkpoint<'_>,
    fresh: Progress,
    every: Duration,
    may_run: bool,
) -> Outcome {
    // One share of several (its own file, always saved for the merge to read).
    let share = file.is_share();
    let k1 = blocks.split.0;
    let mut outcome = Outcome {
        state: fresh,
        resumed: None,
        refused: None,
        error: None,
        ran: false,
    };
    match file.load() {
        Err(reason) => outcome.refused = Some(reason),
        Ok(None) => {}
        Ok(Some(saved)) => {
            let only = blocks
                .only
                .map(|(keep, kept, _)| (keep as &dyn Fn(u64) -> bool, kept));
            match checkpoint::doubt(&saved, &fresh, blocks.given, k1, only) {
                Some(reason) => outcome.refused = Some(reason),
                None => {
                    blocks.progress.advance(saved.kept);
                    if saved.best.0 > i64::MIN {
                        blocks.progress.found((blocks.presses_of)(saved.best.0));
                    }
                    // The fraction of the blocks kept (the first parts keep more).
                    let fraction = saved.kept as f64 / blocks.searched().max(1) as f64;
                    outcome.resumed = Some((fraction, saved.seconds));
                    // Its parts left are searched from the higher floor (the other
                    // parts' best, kept since: a value some solution reaches). The
                    // parts done hold nothing of at least it but their best, so the
                    // whole holds nothing past it that the best leaves out; a best
                    // under it is no entry of at least the floor, and is dropped
                    // (kept, it stood under the floor it was saved with, and the
                    // merge refused the part).
                    let floor = fresh.floor.max(saved.floor);
                    let best = match saved.best.0 >= floor {
                        true => saved.best,
                        false => (i64::MIN, u64::MAX),
                    };
                    outcome.state = Progress {
                        floor,
                        best,
                        ..saved
                    };
                }
            }
        }
    }
    if !may_run {
        if outcome.refused.is_some() {
            // Not believed, and not to be run here: it stays missing.
            outcome.state = fresh;
        }
        return outcome;
    }
    let believed = outcome.resumed.is_some();
    if !outcome.state.complete() {
        outcome.ran = true;
        outcome.error = blocks.run(&mut outcome.state, Some((file, every)));
    } else if believed {
        return outcome;
    }
    // At the end when it took that long, resumed, replaced a file refused, was
    // stopped (to resume there), or is one share of several (the merge reads it, even
    // an empty one), however short.
    let state = &outcome.state;
    let long = state.seconds >= every.as_secs_f64();
    let stopped = !state.complete();
    if share || long || believed || stopped || outcome.refused.is_some() {
        if let Err(e) = file.save(state) {
            outcome.error = Some(e.to_string());
        }
    }
    outcome
}
