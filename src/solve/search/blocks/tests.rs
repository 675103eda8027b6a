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
    let presses = |hat: i64| hat.unsigned_abs();
    best_of_blocks::<i16>(
        Width::of_processor(),
        weighted,
        split,
        None,
        i64::MIN,
        progress,
        &presses,
    )
}

#[test]
fn a_kept_search_resumes_to_the_answer_of_an_unbroken_one() {
    let (k1, k2) = (8, 12);
    let mut rng = crate::rng::SplitMix64(41);
    let mut weighted: Vec<(u64, u32, i32)> = (0..300)
        .map(|_| {
            let lo = rng.below(1 << k1) as u32;
            (rng.below(1 << k2), lo, rng.below(9) as i32 - 4)
        })
        .collect();
    weighted.sort_unstable_by_key(|&(high, lo, _)| (lo, high));
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
        best_of_blocks::<i16>(
            Width::of_processor(),
            &weighted,
            (k1, k2),
            only,
            i64::MIN,
            &progress,
            &presses,
        )
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
