//! `lightsout play` in a real pseudo-terminal (expectrl): keys and mouse clicks in,
//! the screen read back with a terminal emulator (vt100) as a player sees it.

use crate::common::lightsout;
use expectrl::session::OsSession;
use expectrl::{Expect, Session};
use std::io::Write;
use std::process::Command;
use std::time::{Duration, Instant};

/// `lightsout play ARGS` on an 80 x 30 pseudo-terminal, and the screen it draws.
struct Play {
    session: OsSession,
    screen: vt100::Parser,
}

impl Play {
    fn start(args: &[&str]) -> Play {
        let mut command = Command::new(assert_cmd::cargo::cargo_bin("lightsout"));
        command.arg("play").args(args).env("TERM", "xterm-256color");
        let mut session = Session::spawn(command).expect("a pseudo-terminal");
        session
            .get_process_mut()
            .set_window_size(100, 30)
            .expect("a window size");
        session.set_expect_timeout(Some(Duration::from_secs(20)));
        Play {
            session,
            screen: vt100::Parser::new(
                std::num::NonZeroU16::new(30).unwrap(),
                std::num::NonZeroU16::new(100).unwrap(),
                0,
            ),
        }
    }

    /// Reads what the program draws until the screen contains `want`.
    fn wait_for(&mut self, want: &str) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        let mut buffer = [0u8; 8192];
        loop {
            let text = self.screen.screen().contents();
            if text.contains(want) {
                return text;
            }
            assert!(Instant::now() < until, "no `{want}` on the screen:\n{text}");
            match self.session.try_read(&mut buffer) {
                Ok(0) => panic!("play exited; the screen:\n{text}"),
                Ok(n) => self.screen.process(&buffer[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                Err(e) => panic!("{e}; the screen:\n{text}"),
            }
        }
    }

    /// Reads until the screen differs from `before`.
    fn wait_for_change(&mut self, before: &str) -> String {
        let until = Instant::now() + Duration::from_secs(20);
        let mut buffer = [0u8; 8192];
        loop {
            let text = self.screen.screen().contents();
            if text != before {
                return text;
            }
            assert!(Instant::now() < until, "the screen stayed:\n{text}");
            match self.session.try_read(&mut buffer) {
                Ok(n) if n > 0 => self.screen.process(&buffer[..n]),
                _ => std::thread::sleep(Duration::from_millis(10)),
            }
        }
    }

    fn keys(&mut self, keys: &str) {
        self.session.write_all(keys.as_bytes()).unwrap();
        self.session.flush().unwrap();
    }

    /// The line of the screen that starts with `prefix`.
    fn line(&self, prefix: &str) -> String {
        let text = self.screen.screen().contents();
        text.lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no line `{prefix}`:\n{text}"))
            .to_string()
    }

    /// The figure of "Fewest presses to go: N (...)".
    fn fewest(&self) -> u64 {
        let line = self.line("Fewest presses to go:");
        line["Fewest presses to go: ".len()..]
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap_or_else(|_| panic!("{line}"))
    }
}

#[test]
fn following_the_solution_marks_wins_in_the_fewest_moves() {
    let mut play = Play::start(&["--seed", "5"]);
    play.wait_for("(proven the fewest)");
    let fewest = play.fewest();
    assert!(fewest > 0);
    play.keys("s");
    let marked = play.wait_for("*");
    // The screen as a player sees it, kept as a test artifact (the README shows one).
    let artifacts = crate::common::root().join("target/play");
    std::fs::create_dir_all(&artifacts).unwrap();
    std::fs::write(artifacts.join("solution-marks.txt"), &marked).unwrap();
    // Press each marked light: walk the 5 x 5 board with the arrows, pressing the
    // cells drawn with a mark (`*`); the marks stay until pressed.
    let mut pressed = 0;
    for _ in 0..4 {
        for r in 0..5 {
            for c in 0..5 {
                let screen = play.wait_for("Moves:");
                let row: Vec<char> = screen.lines().nth(4 + r).unwrap_or("").chars().collect();
                if row.get(3 * c + 1) == Some(&'*') {
                    // Home, then down r and right c.
                    play.keys(&"\x1b[A".repeat(5));
                    play.keys(&"\x1b[D".repeat(5));
                    play.keys(&"\x1b[B".repeat(r));
                    play.keys(&"\x1b[C".repeat(c));
                    play.keys(" ");
                    pressed += 1;
                    play.wait_for(&format!("Moves: {pressed} "));
                }
            }
        }
        if play.screen.screen().contents().contains("Solved:") {
            break;
        }
    }
    let screen = play.wait_for("Solved:");
    assert!(
        screen.contains(&format!(
            "Solved: {fewest} moves; the fewest is {fewest}. Perfect!"
        )) || screen.contains(&format!(
            "Solved: {fewest} move; the fewest is {fewest}. Perfect!"
        )),
        "{screen}"
    );
    // Undo takes a press back (the counter with it); q quits and restores the terminal.
    play.keys("u");
    play.wait_for(&format!("Moves: {} ", fewest - 1));
    play.keys("q");
    play.session.expect(expectrl::Eof).unwrap();
}

#[test]
fn the_mouse_presses_a_light_and_hint_marks_one() {
    let mut play = Play::start(&["--game", "2000", "--seed", "9"]);
    play.wait_for("(proven the fewest)");
    // A left click on the third light of the second row (SGR mouse: 1-based x, y).
    let before = play.screen.screen().contents();
    play.keys("\x1b[<0;8;6M\x1b[<0;8;6m");
    let after = play.wait_for("Moves: 1 ");
    assert_ne!(
        before.lines().nth(5),
        after.lines().nth(5),
        "the pressed row changed"
    );
    // A hint marks one button: its cell shows `*` (one press) or the presses marked
    // in place of its state, and no other cell changes.
    play.keys("h");
    let hinted = play.wait_for_change(&after);
    let changed = after
        .lines()
        .zip(hinted.lines())
        .skip(4)
        .take(5)
        .map(|(a, b)| a.chars().zip(b.chars()).filter(|(x, y)| x != y).count())
        .sum::<usize>();
    assert_eq!(changed, 1, "one cell marked:\n{hinted}");
    let artifacts = crate::common::root().join("target/play");
    std::fs::create_dir_all(&artifacts).unwrap();
    std::fs::write(artifacts.join("2000-hint.txt"), &hinted).unwrap();
    play.keys("g");
    play.wait_for("goal: all on");
    play.keys("q");
    play.session.expect(expectrl::Eof).unwrap();
}

#[test]
fn every_built_in_game_starts_and_the_cube_is_drawn_as_its_net() {
    for game in ["cube", "merlin", "orbix", "xl25", "deluxe", "2000", "mini"] {
        let mut play = Play::start(&["--game", game, "--seed", "1"]);
        let screen = play.wait_for("Fewest presses to go:");
        assert!(screen.contains(&format!("{game}, ")), "{game}:\n{screen}");
        play.keys(" ");
        play.wait_for("Moves: 1 ");
        if game == "cube" {
            // The net's first rows have lights only in columns 4..6 (screen 9..18).
            let first: String = screen.lines().nth(4).unwrap().chars().take(9).collect();
            assert_eq!(first.trim(), "", "the up face is indented:\n{screen}");
        }
        play.keys("q");
        play.session.expect(expectrl::Eof).unwrap();
    }
}

#[test]
fn play_without_a_terminal_is_a_usage_error() {
    lightsout()
        .arg("play")
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("play needs a terminal"));
    // A map whose buttons are not one a light cannot be drawn: refused before anything.
    let dir = tempfile::tempdir().unwrap();
    let map = dir.path().join("two-buttons.txt");
    std::fs::write(&map, "lights 3\n1 2\n2 3\n").unwrap();
    lightsout()
        .args(["play", "--game"])
        .arg(&map)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "this game has 2 buttons for 3 lights",
        ));
}

#[test]
fn a_long_search_shows_its_progress_on_a_terminal_and_nothing_on_a_pipe() {
    // Issue 22: a random 59 x 67 board (k = 35, no symmetry) is proven in about 2 s
    // (estimated at about 3 s, so with a --search-time over that); on a terminal a bar
    // shows the fraction searched and the fewest so far.
    let (r, c) = (59, 67);
    let dir = tempfile::tempdir().unwrap();
    let board = dir.path().join("random.txt");
    let mut rng = crate::common::Rng(5967);
    let lit =
        lightsout::Board::new(r, c).after_presses(&crate::common::random_board(&mut rng, r, c));
    let rows: String = (0..r)
        .map(|i| {
            let row: String = (0..c)
                .map(|j| if lit.get(i, j) { '1' } else { '0' })
                .collect();
            row + "\n"
        })
        .collect();
    std::fs::write(&board, format!("1\n{rows}")).unwrap();
    let args = [
        "solve",
        "--rows",
        "59",
        "--cols",
        "67",
        "--search-time",
        "20s",
    ];
    let mut command = Command::new(assert_cmd::cargo::cargo_bin("lightsout"));
    command.args(args).arg(&board).env("TERM", "xterm-256color");
    let mut session = expectrl::Session::spawn(command).expect("a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(60)));
    session.expect("searching every solution").unwrap();
    // Seen: Ctrl-C ends the search there (its answer printed), rather than a wait for
    // the proof the piped run below makes anyway.
    std::io::Write::write_all(&mut session, b"\x03").unwrap();
    session.expect(expectrl::Eof).unwrap();
    let out = lightsout()
        .args(args)
        .arg("--stats")
        .arg(&board)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("searching"), "{stderr}");
    assert!(stderr.contains("presses, proven minimal"), "{stderr}");
    assert!(
        !stderr.contains("symmetries"),
        "a random board has none: {stderr}"
    );
}
