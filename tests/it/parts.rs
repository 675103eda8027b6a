//! A proof split in parts (`solve --part I/N`) and merged: the unbroken search's answer,
//! proven, on every shape to 40 x 40 of nullity 1 to 24 (random solvable boards and the
//! symmetric all-on board), each part run by a solver of its own as on other machines,
//! the merge reading only what they kept; and the flags through the command line.

use crate::common::{lightsout, Rng};
use lightsout::rules::Game;
use lightsout::{Board, GameSolver, Keeper, Target, SEARCH_BUDGET};
use predicates::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Parts kept in memory, shared by every run of one test (the cluster's shared disk).
#[derive(Debug, Default)]
struct Shelf(Mutex<HashMap<String, Vec<u8>>>);

impl Keeper for Shelf {
    fn read(&self, name: &str, most: u64) -> Result<Option<Vec<u8>>, String> {
        let shelf = self.0.lock().unwrap();
        match shelf.get(name) {
            Some(bytes) if bytes.len() as u64 > most => Err("too long".to_string()),
            found => Ok(found.cloned()),
        }
    }
    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.0
            .lock()
            .unwrap()
            .insert(name.to_string(), bytes.to_vec());
        Ok(())
    }
    fn remove(&self, name: &str) {
        self.0.lock().unwrap().remove(name);
    }
    fn place(&self, name: &str) -> String {
        format!("shelf:{name}")
    }
    fn names(&self, prefix: &str) -> Vec<String> {
        let shelf = self.0.lock().unwrap();
        shelf
            .keys()
            .filter(|n| n.starts_with(prefix))
            .cloned()
            .collect()
    }
}

/// The presses `solver` gives `board` (to all off), and whether proven.
fn answer(solver: &GameSolver, board: &Board) -> (Board, bool) {
    let mut ws = solver.workspace();
    let solution = solver.solve_with(board, Target::Off, &mut ws, true);
    let solution = solution.expect("two states").expect("solvable");
    (solution.presses.clone(), solution.proven_minimal)
}

#[test]
fn every_split_merges_to_the_unbroken_answer_on_every_shape_to_40() {
    let mut rng = Rng(0x9a27);
    let (mut merged, mut shapes) = (0, 0);
    for rows in 1..=40 {
        for cols in rows..=40 {
            let k = lightsout::nullity(rows, cols);
            if !(1..=24).contains(&k) {
                continue;
            }
            shapes += 1;
            let game = Game::classic(rows, cols).unwrap();
            let mut pressed = Board::new(rows, cols);
            for r in 0..rows {
                for c in 0..cols {
                    pressed.set(r, c, rng.below(2) == 1);
                }
            }
            let mut on = Board::new(rows, cols);
            on.invert();
            for board in [Board::new(rows, cols).after_presses(&pressed), on] {
                let unbroken = GameSolver::new(game.clone(), SEARCH_BUDGET).unwrap();
                let (want, proven) = answer(&unbroken, &board);
                let shelf = Arc::new(Shelf::default());
                let parts = [2, 3, 5, 16][rng.below(4) as usize];
                let keeping = || {
                    let solver = GameSolver::new(game.clone(), SEARCH_BUDGET).unwrap();
                    let progress = solver.progress().expect("a two-state game");
                    progress.keep_with(shelf.clone(), Duration::from_secs(3600));
                    solver
                };
                for index in 0..parts {
                    let part = keeping();
                    part.progress().unwrap().run_share(index, parts).unwrap();
                    answer(&part, &board);
                }
                let merging = keeping();
                let (got, merged_proven) = answer(&merging, &board);
                let at = format!("{rows} x {cols}, nullity {k}, {parts} parts");
                assert_eq!(got, want, "{at}");
                assert_eq!(merged_proven, proven, "{at}");
                // A search by blocks was split (a walk has no parts): merged from
                // the files alone, nothing run again.
                if let Some(shares) = merging
                    .progress()
                    .unwrap()
                    .take_kept()
                    .and_then(|k| k.shares)
                {
                    assert_eq!((shares.of, shares.merged), (parts, parts), "{at}");
                    assert!(shares.run.is_empty() && shares.missing.is_empty(), "{at}");
                    merged += 1;
                }
            }
        }
    }
    assert!(shapes > 100, "{shapes} shapes");
    assert!(merged > 50, "{merged} searches split in parts and merged");
}

#[test]
fn parts_through_the_command_line_merge_to_the_unbroken_answer() {
    let board = crate::solve_cli::random_solvable(11, 47);
    let dir = tempfile::tempdir().unwrap();
    let flags = ["solve", "--rows", "47", "--cols", "47"];
    let unbroken = lightsout()
        .args(flags)
        .write_stdin(board.clone())
        .output()
        .unwrap();
    let checkpoint = dir.path().to_str().unwrap();
    for index in 0..3 {
        lightsout()
            .args(flags)
            .args([
                "--checkpoint",
                checkpoint,
                "--part",
                &format!("{index}/3"),
                "--stats",
            ])
            .write_stdin(board.clone())
            .assert()
            .success()
            .stderr(predicate::str::contains("parts of the search searched"));
    }
    // The merge searches nothing itself (--search-time 0), and proves the answer.
    lightsout()
        .args(flags)
        .args(["--checkpoint", checkpoint, "--search-time", "0", "--stats"])
        .write_stdin(board.clone())
        .assert()
        .success()
        .stdout(unbroken.stdout.clone())
        .stderr(
            predicate::str::contains("proven minimal")
                .and(predicate::str::contains("merged from 3 parts")),
        );
    // A part missing: named, with the flag that runs it; the answer not proven.
    let part = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".part-1-of-3.search"))
        .expect("part 1's file");
    std::fs::remove_file(part).unwrap();
    lightsout()
        .args(flags)
        .args(["--checkpoint", checkpoint, "--search-time", "0"])
        .write_stdin(board)
        .assert()
        .success()
        .stderr(
            predicate::str::contains("part 1 of 3 is missing")
                .and(predicate::str::contains("--part 1/3")),
        );
    // Parts are numbered from 0 to N - 1, and need somewhere to be kept.
    for (args, says) in [
        (
            vec!["--checkpoint", checkpoint, "--part", "3/3"],
            "expected I/N",
        ),
        (
            vec!["--checkpoint", checkpoint, "--part", "0/2000"],
            "expected I/N",
        ),
        (vec!["--part", "0/2"], "--checkpoint"),
    ] {
        lightsout()
            .args(flags)
            .args(&args)
            .write_stdin("0\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(says));
    }
}

#[test]
fn a_proof_of_hours_says_how_to_split_it_for_a_cluster() {
    // The all-on 126 x 126 (nullity 56, A075464's open a(126)): days here, so the
    // closing note gives its core-hours and the parts of about an hour that finish it.
    let n = 126;
    let board = format!("1\n{}", format!("{}\n", "1".repeat(n)).repeat(n));
    let out = lightsout()
        .args(["solve", "--rows", "126", "--cols", "126"])
        .write_stdin(board)
        .output()
        .unwrap();
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("core-hours in all, as "), "{said}");
    assert!(
        said.contains("--part I/") && said.contains("then the same command without --part"),
        "{said}"
    );
}

#[test]
fn the_committed_plan_of_a126_is_believed_and_names_what_is_left() {
    // proofs/a126 keeps part 0 of 1,024 of the all-on 126 x 126's proof: the merge
    // verifies it (no "not believed") and names the 1,023 parts left to run.
    let root = crate::common::root().join("proofs/a126");
    let board = std::fs::read_to_string(root.join("board.txt")).unwrap();
    let parts = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(root.join("parts")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, parts.path().join(path.file_name().unwrap())).unwrap();
    }
    lightsout()
        .args([
            "solve",
            "--rows",
            "126",
            "--cols",
            "126",
            "--search-time",
            "0",
        ])
        .arg("--checkpoint")
        .arg(parts.path())
        .write_stdin(board)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "and 1,011 more of 1,024 are missing or unfinished",
        ))
        .stderr(predicate::str::contains("(the first: `--part 1/1024`;"))
        // The line that runs them again on Slurm (hardening seven, item 11).
        .stderr(predicate::str::contains(
            "`PARTS=1024 sbatch --array=1-1023 contrib/slurm/fewest.sbatch`",
        ))
        .stderr(predicate::str::contains("not believed").not());
}

/// The parts of `board` (47 x 47) run for `split` into `dir` by the command line, each
/// with `extra` flags; their outputs.
fn run_parts(dir: &str, board: &str, split: u64, extra: &[&str]) -> Vec<std::process::Output> {
    (0..split)
        .map(|index| {
            lightsout()
                .args(["solve", "--rows", "47", "--cols", "47", "--checkpoint", dir])
                .args(["--part", &format!("{index}/{split}")])
                .args(extra)
                .write_stdin(board)
                .output()
                .unwrap()
        })
        .collect()
}

#[test]
fn a_part_that_is_not_kept_fails_after_its_answer() {
    // Hardening round five: a part whose file cannot be written said "kept" and exited
    // 0, so a scheduler's merge found it missing. A directory squatting on the part's
    // name makes the rename fail, as a full or read-only disk would (even for root).
    let board = crate::solve_cli::random_solvable(11, 47);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    run_parts(path, &board, 1, &[]); // learns the search's name
    let kept = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with(".part-0-of-1.search"))
        .expect("part 0's file");
    let squatted = kept.with_file_name(
        kept.file_name()
            .unwrap()
            .to_string_lossy()
            .replace("part-0-of-1", "part-1-of-2"),
    );
    std::fs::create_dir(&squatted).unwrap();
    let out = &run_parts(path, &board, 2, &[])[1];
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("part 1 of 2 could not be kept"), "{said}");
    assert!(!said.contains("is kept; with all"), "{said}");
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("PUZZLE #1\n"),
        "the answer is printed before the error"
    );
}

#[test]
fn a_part_past_its_search_time_is_not_run_and_fails() {
    // Hardening round five: `--part` ran its whole share whatever --search-time said.
    // The 47 x 47's proof is estimated at tens of milliseconds: past 1 ms.
    let board = crate::solve_cli::random_solvable(11, 47);
    let dir = tempfile::tempdir().unwrap();
    let out = &run_parts(
        dir.path().to_str().unwrap(),
        &board,
        1,
        &["--search-time", "1ms"],
    )[0];
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("part 0 of 1 was not searched"), "{said}");
    let files = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(files, 0, "a part not searched keeps no file");
}

#[test]
fn a_stray_split_hides_no_complete_proof_and_require_proven_tells_them_apart() {
    // Hardening round five: after a stray `--part 0/8` (or files named with a sign or
    // a leading zero) the merge looked at the split of 8 only and answered unproven.
    let board = crate::solve_cli::random_solvable(11, 47);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    let merge = || {
        lightsout()
            .args([
                "solve",
                "--rows",
                "47",
                "--cols",
                "47",
                "--checkpoint",
                path,
            ])
            .args(["--search-time", "0", "--stats", "--require-proven"])
            .write_stdin(board.clone())
            .output()
            .unwrap()
    };
    // Three parts of 4: unproven, exit 4 under --require-proven, the answer printed.
    for out in run_parts(path, &board, 4, &[]).iter().take(3) {
        assert!(out.status.success());
    }
    let kept: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let last = kept
        .iter()
        .find(|p| p.to_string_lossy().ends_with(".part-3-of-4.search"))
        .unwrap();
    let saved = std::fs::read(last).unwrap();
    std::fs::remove_file(last).unwrap();
    let out = merge();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(4), "{said}");
    assert!(
        said.contains("--require-proven: 1 of 1 board not proven"),
        "{said}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("PUZZLE #1\n"));
    std::fs::write(last, saved).unwrap();
    // A stray part of another split, and names --part never writes.
    run_parts(path, &board, 8, &[]).truncate(0);
    let stem = last
        .file_name()
        .unwrap()
        .to_string_lossy()
        .replace(".part-3-of-4.search", "");
    for (index, of) in [(1, 8), (2, 8)] {
        std::fs::remove_file(
            dir.path()
                .join(format!("{stem}.part-{index}-of-{of}.search")),
        )
        .unwrap();
    }
    for stray in ["part-+1-of-+8", "part-01-of-8", "part-2-of-08"] {
        std::fs::copy(
            dir.path().join(format!("{stem}.part-0-of-8.search")),
            dir.path().join(format!("{stem}.{stray}.search")),
        )
        .unwrap();
    }
    let out = merge();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(
        said.contains("proven minimal") && said.contains("merged from 4 parts"),
        "{said}"
    );
}
