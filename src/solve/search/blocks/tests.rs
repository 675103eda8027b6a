//! The blocks on all cores against one block at a time, and kept searches resumed.

use super::*;

fn loaded(file: &Checkpoint<'_>) -> Option<Progress> {
    file.load().ok().flatten()
}

/// Random signatures split at `k1`, in the order of their low parts, and the
/// search of them (entries of `i16`) with `progress`.
fn search(
    weighted: &[(u64, u32, i32)],
    split: (usize, usize),
    progress: &crate::solve::SearchProgress,
) -> (i64, u64) {
    searched(weighted, split, progress, true).best
}

/// The blocks of `weighted` searched (when `may_run`) with `progress`.
fn searched(
    weighted: &[(u64, u32, i32)],
    split: (usize, usize),
    progress: &crate::solve::SearchProgress,
    may_run: bool,
) -> Searched {
    let presses = |hat: i64| hat.unsigned_abs();
    let inputs = (
        Width::of_processor(),
        weighted,
        split,
        None,
        i64::MIN,
        progress,
    );
    best_of_blocks::<i16>(inputs, &presses, may_run)
}

/// `count` random signatures split at `(k1, k2)` with weights -4..=4, from `seed`, in
/// the order of their low parts.
fn signatures(seed: u64, count: usize, (k1, k2): (usize, usize)) -> Vec<(u64, u32, i32)> {
    let mut rng = crate::rng::SplitMix64(seed);
    let mut weighted: Vec<(u64, u32, i32)> = (0..count)
        .map(|_| {
            let lo = rng.below(1 << k1) as u32;
            (rng.below(1 << k2), lo, rng.below(9) as i32 - 4)
        })
        .collect();
    weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
    weighted
}

/// The search of `weighted` kept in `memory` (saved only at its end), run as share
/// `share` (`None`: the whole, or the merge of the shares kept), searching when
/// `may_run`; what it covered and what it notes.
fn run_kept(
    weighted: &[(u64, u32, i32)],
    split: (usize, usize),
    memory: &std::sync::Arc<checkpoint::Memory>,
    share: Option<(u64, u64)>,
    may_run: bool,
) -> (Searched, Option<crate::solve::Kept>) {
    let progress = crate::solve::SearchProgress::default();
    progress.keep_with(memory.clone(), std::time::Duration::from_secs(3600));
    if let Some((index, of)) = share {
        progress.run_share(index, of).unwrap();
    }
    let searched = searched(weighted, split, &progress, may_run);
    (searched, progress.take_kept())
}

#[test]
fn a_kept_search_resumes_to_the_answer_of_an_unbroken_one() {
    let (k1, k2) = (8, 12);
    let weighted = signatures(41, 300, (k1, k2));
    let plain = search(&weighted, (k1, k2), &Default::default());
    let memory = std::sync::Arc::new(checkpoint::Memory::default());
    let kept = || {
        let progress = crate::solve::SearchProgress::default();
        progress.keep_with(memory.clone(), std::time::Duration::ZERO);
        let best = search(&weighted, (k1, k2), &progress);
        (best, progress.take_kept())
    };
    // Kept, the search saves after every part (no interval) and ends with all
    // 64 parts done and its answer, the unbroken search's.
    let (best, news) = kept();
    assert_eq!(best, plain);
    let file = Checkpoint::new(
        memory.as_ref(),
        checkpoint::key(&weighted, (k1, k2), 2, None),
    );
    let done = loaded(&file).expect("saved");
    assert_eq!((done.parts, done.done, done.kept), (64, 64, 1 << k2));
    assert_eq!(done.best, plain);
    assert_eq!(
        news, None,
        "a fresh search that saved without error: nothing to note"
    );
    // The best of each half, by the blocks' own rule, without a file.
    let half = |first: bool| {
        let keep = move |b: u64| (b < 1 << (k2 - 1)) == first;
        let rule = [u64::from(first)];
        let only = Some((&keep as _, 1 << (k2 - 1), rule.as_slice()));
        let presses = |hat: i64| hat.unsigned_abs();
        let progress = crate::solve::SearchProgress::default();
        let inputs = (
            Width::of_processor(),
            &weighted[..],
            (k1, k2),
            only,
            i64::MIN,
            &progress,
        );
        best_of_blocks::<i16>(inputs, &presses, true).best
    };
    let (first, second) = (half(true), half(false));
    assert_eq!(checkpoint::better(first, second), plain);
    assert_ne!(
        first, second,
        "the halves' best differ (else the test tells nothing)"
    );
    // Stopped half way with the first half's best: resumed, the same answer.
    let stopped = Progress {
        done: 32,
        kept: 1 << (k2 - 1),
        best: first,
        seconds: 12.0,
        ..done
    };
    file.save(&stopped).unwrap();
    let (best, news) = kept();
    assert_eq!(best, plain);
    assert_eq!(news.expect("resumed").resumed, Some((0.5, 12.0)));
    assert_eq!(loaded(&file).map(|p| (p.done, p.best)), Some((64, plain)));
    // The first half is not searched again: a file that says it holds nothing
    // gives the second half's best; a finished file gives its answer at once.
    file.save(&Progress {
        best: (i64::MIN, u64::MAX),
        ..stopped
    })
    .unwrap();
    assert_eq!(kept().0, second);
    file.save(&Progress {
        best: first,
        ..done
    })
    .unwrap();
    assert_eq!(kept().0, first);
    // A file's floor that nothing reaches (not this board's): the parts it calls
    // done were searched for the wrong floor, so the search starts again, afresh,
    // and says why.
    file.save(&Progress {
        floor: plain.0 + 1,
        best: (i64::MIN, u64::MAX),
        ..stopped
    })
    .unwrap();
    let (best, news) = kept();
    assert_eq!(best, plain);
    let refused = news.and_then(|n| n.refused).unwrap_or_default();
    assert!(refused.contains("reached by no solution"), "{refused}");
    assert_eq!(loaded(&file).map(|p| (p.done, p.best)), Some((64, plain)));
    assert_eq!(kept().0, plain);
    // A torn file is searched afresh.
    memory.put(&memory.only().0, b"LOSEARCH");
    assert_eq!(kept().0, plain);
    assert_eq!(loaded(&file).map(|p| p.done), Some(64));
    // The entry a finished search found has the value its index gives.
    assert_eq!(checkpoint::entry(&weighted, k1, plain.1), plain.0);
    assert_eq!(checkpoint::entry(&weighted, k1, first.1), first.0);
    // Forged files (a valid CRC, a claim that does not hold) are not believed: the
    // search starts afresh, says why, and answers as an unbroken one.
    let other = (0..1u64 << (k1 + k2))
        .find(|&f| checkpoint::entry(&weighted, k1, f) < plain.0 && f >> k1 < 1 << (k2 - 1))
        .expect("an entry below the best in the first half");
    let (k, b) = (
        |best| Progress { best, ..done },
        |best| Progress { best, ..stopped },
    );
    let forgeries = [
        // The index changed, the value kept; a better value than any entry.
        (k((plain.0, other)), "is said to be"),
        (k((plain.0 + 2, plain.1)), "is said to be"),
        // Counts that do not fit the parts; a best outside the parts done.
        (
            Progress {
                kept: u64::MAX,
                ..stopped
            },
            "blocks searched",
        ),
        (Progress { kept: 3, ..stopped }, "blocks searched"),
        (Progress { done: 65, ..done }, "parts"),
        (b(second), "not in a block it searched"),
        // A best under its own floor.
        (
            Progress {
                floor: first.0 + 1,
                ..stopped
            },
            "under the floor",
        ),
    ];
    for (forged, why) in forgeries {
        file.save(&forged).unwrap();
        let (best, news) = kept();
        assert_eq!(best, plain, "{forged:?}");
        let refused = news.and_then(|n| n.refused).unwrap_or_default();
        assert!(refused.contains(why), "{forged:?}: {refused}");
        assert_eq!(loaded(&file).map(|p| (p.done, p.best)), Some((64, plain)));
    }
}

#[test]
fn a_search_split_in_parts_merges_to_the_answer_of_an_unbroken_one() {
    // Random signatures, 2^14 blocks (256 parts of 64 blocks),
    // split in 2, 3, 64 and 1,024 shares (some empty), each share run by a progress of
    // its own (as on other machines), then merged by a run that searches nothing.
    let (k1, k2) = (6, 14);
    let weighted = signatures(77, 400, (k1, k2));
    let plain = search(&weighted, (k1, k2), &Default::default());
    let run = |memory: &std::sync::Arc<checkpoint::Memory>, share: Option<(u64, u64)>, may_run| {
        run_kept(&weighted, (k1, k2), memory, share, may_run)
    };
    for of in [2u64, 3, 64, 1024] {
        let memory = std::sync::Arc::new(checkpoint::Memory::default());
        let mut best = (i64::MIN, u64::MAX);
        for index in 0..of {
            let (part, _) = run(&memory, Some((index, of)), true);
            assert_eq!(part.shares, of);
            assert_eq!(
                part.missing.len() as u64,
                of - 1,
                "the others are elsewhere"
            );
            best = checkpoint::better(best, part.best);
        }
        assert_eq!(best, plain, "the best of the parts, {of}");
        let (merged, kept) = run(&memory, None, false);
        assert!(merged.complete(), "{of} parts: {merged:?}");
        assert_eq!(merged.best, plain, "{of} parts merged");
        let shares = kept
            .and_then(|k| k.shares)
            .expect("the merge says what it did");
        assert_eq!((shares.of, shares.merged), (of, of));
    }
    // Four parts, one never run and one damaged: the merge that may not run blocks
    // names both missing (the damaged one refused, with why); the one that may runs
    // them, and answers as the unbroken search.
    let memory = std::sync::Arc::new(checkpoint::Memory::default());
    for index in [0, 1, 3] {
        run(&memory, Some((index, 4)), true);
    }
    let key = checkpoint::key(&weighted, (k1, k2), 2, None);
    // The last part ran after two others were kept: it pruned from their best.
    let last = loaded(&Checkpoint::share(memory.as_ref(), key.clone(), (3, 4))).unwrap();
    assert!(last.floor > i64::MIN, "part 3 read the parts beside it");
    let third = Checkpoint::share(memory.as_ref(), key.clone(), (3, 4));
    let mut forged = loaded(&third).unwrap();
    forged.best.0 += 1;
    third.save(&forged).unwrap();
    let (merged, kept) = run(&memory, None, false);
    assert_eq!(merged.missing, [2, 3]);
    let shares = kept.and_then(|k| k.shares).unwrap();
    assert_eq!(shares.refused.len(), 1);
    assert_eq!(shares.refused[0].0, 3);
    assert!(
        shares.refused[0].1.contains("is said to be"),
        "{:?}",
        shares.refused
    );
    let (merged, kept) = run(&memory, None, true);
    assert!(merged.complete());
    assert_eq!(merged.best, plain);
    let shares = kept.and_then(|k| k.shares).unwrap();
    assert_eq!((shares.merged, shares.run.as_slice()), (2, &[2, 3][..]));
    // A part's file is named for its part: share 1 of 4 never reads share 1 of 2's.
    assert_ne!(
        Checkpoint::share(memory.as_ref(), key.clone(), (1, 4)).place(),
        Checkpoint::share(memory.as_ref(), key, (1, 2)).place()
    );
}

#[test]
fn a_kept_search_whose_floor_nothing_reaches_proves_nothing_to_a_run_that_only_reads() {
    // A whole search kept, then forged: every part done, no entry at all, a floor above
    // the true best. A run that may not search (the merge after a local search) must
    // call it not searched, never complete: else its local answer would pass as proven.
    let (k1, k2) = (6, 10);
    let mut rng = crate::rng::SplitMix64(5);
    let mut weighted: Vec<(u64, u32, i32)> = (0..200)
        .map(|_| {
            (
                rng.below(1 << k2),
                rng.below(1 << k1) as u32,
                rng.below(9) as i32 - 4,
            )
        })
        .collect();
    weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
    let plain = search(&weighted, (k1, k2), &Default::default());
    let memory = std::sync::Arc::new(checkpoint::Memory::default());
    let progress = crate::solve::SearchProgress::default();
    progress.keep_with(memory.clone(), std::time::Duration::ZERO);
    assert_eq!(search(&weighted, (k1, k2), &progress), plain);
    let file = Checkpoint::new(
        memory.as_ref(),
        checkpoint::key(&weighted, (k1, k2), 2, None),
    );
    let done = loaded(&file).expect("saved");
    file.save(&Progress {
        floor: plain.0 + 10,
        best: (i64::MIN, u64::MAX),
        ..done
    })
    .unwrap();
    let presses = |hat: i64| hat.unsigned_abs();
    let inputs = (
        Width::of_processor(),
        &weighted[..],
        (k1, k2),
        None,
        i64::MIN,
        &progress,
    );
    let read = best_of_blocks::<i16>(inputs, &presses, false);
    assert!(!read.complete(), "{read:?}");
}

#[test]
fn a_part_resumed_after_a_better_part_was_kept_is_believed_by_the_merge() {
    // Hardening seven, item 11: a part stopped with its best B, resumed after another
    // part was kept with a better best: its floor was raised to the other's (a value
    // some solution reaches, so it need look for no less) while its best stayed B,
    // under it; the merge then refused the part ("its best entry is under the floor it
    // was searched at") and called it missing. At every moment a part can be stopped
    // (each number of its parts done that holds its best), the merge is believed.
    // Signatures whose lower share holds its best early (so it can be stopped at 50
    // moments after it): the first seed that does.
    let (k1, k2) = (6, 14);
    for seed in 0.. {
        let weighted = signatures(seed, 300, (k1, k2));
        if stopped_at_fifty_moments(&weighted, (k1, k2)) {
            return;
        }
        assert!(seed < 200, "no seed of 200 holds a share's best early");
    }
}

/// [`a_part_resumed_after_a_better_part_was_kept_is_believed_by_the_merge`] on
/// `weighted`: `false` when its lower share's best comes too late to stop it at 50
/// moments after it.
fn stopped_at_fifty_moments(weighted: &[(u64, u32, i32)], (k1, k2): (usize, usize)) -> bool {
    let plain = search(weighted, (k1, k2), &Default::default());
    let run = |memory: &std::sync::Arc<checkpoint::Memory>, share: Option<(u64, u64)>, may_run| {
        run_kept(weighted, (k1, k2), memory, share, may_run).0
    };
    let key = checkpoint::key(weighted, (k1, k2), 2, None);
    // Each share alone: the one whose best is lower is the one stopped.
    let alone: Vec<(i64, u64)> = (0..2)
        .map(|i| {
            run(
                &std::sync::Arc::new(checkpoint::Memory::default()),
                Some((i, 2)),
                true,
            )
            .best
        })
        .collect();
    if alone[0].0 == alone[1].0 {
        return false;
    }
    let (low, high) = if alone[0].0 < alone[1].0 {
        (0, 1)
    } else {
        (1, 0)
    };
    let memory = std::sync::Arc::new(checkpoint::Memory::default());
    run(&memory, Some((low, 2)), true);
    let stopped = Checkpoint::share(memory.as_ref(), key.clone(), (low, 2));
    let whole = loaded(&stopped).unwrap();
    // The covered part that holds its best: every stop from there on holds it.
    let part = (whole.best.1 >> k1) / whole.part;
    let holds = (part - whole.first) / whole.stride;
    if holds + 51 > whole.len() {
        return false;
    }
    for done in holds + 1..holds + 51 {
        let memory = std::sync::Arc::new(checkpoint::Memory::default());
        let stopped = Checkpoint::share(memory.as_ref(), key.clone(), (low, 2));
        stopped
            .save(&Progress {
                done,
                kept: done * whole.part,
                ..whole
            })
            .unwrap();
        // The better share kept, then the stopped one resumed beside it.
        assert_eq!(
            run(&memory, Some((high, 2)), true).best,
            alone[high as usize]
        );
        run(&memory, Some((low, 2)), true);
        let merged = run(&memory, None, false);
        assert!(merged.complete(), "stopped at {done} parts: {merged:?}");
        assert_eq!(merged.best, plain, "stopped at {done} parts");
    }
    true
}
