//! Helpers shared by the CLI tests.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::PathBuf;

/// The `lightsout` binary under test.
pub fn lightsout() -> Command {
    Command::cargo_bin("lightsout").expect("the binary is built")
}

/// The repository's top directory (this package is its tests/it).
pub fn root() -> PathBuf {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors().nth(2).expect("tests/it").to_path_buf()
}

/// A string field of the top Cargo.toml (`name = "value"`, its first): `version` is
/// the version of `lightsout` under test.
pub fn manifest_field(name: &str) -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    manifest
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name} = \"")))
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or_else(|| panic!("Cargo.toml has no {name}"))
        .to_string()
}

/// A file under tests/data.
pub fn data(name: &str) -> PathBuf {
    root().join("tests/data").join(name)
}

/// Reads a file under tests/data.
pub fn read_data(name: &str) -> String {
    std::fs::read_to_string(data(name)).expect("test data")
}

/// Deterministic pseudo-random numbers: the library's one seeded generator.
#[allow(unused_imports)] // not every test file draws random numbers
pub use lightsout::SplitMix64 as Rng;

/// 5x5 grids in the classic input format.
pub fn classic_input(grids: &[u32]) -> String {
    let mut text = Vec::new();
    lightsout::write_grids(&mut text, grids);
    String::from_utf8(text).expect("digits are ASCII")
}

/// Runs `lightsout generate` (with `extra` flags) into `dir/name` and returns the path.
pub fn generate_into(dir: &std::path::Path, name: &str, extra: &[&str]) -> PathBuf {
    let path = dir.join(name);
    lightsout()
        .arg("generate")
        .args(extra)
        .arg("--out")
        .arg(&path)
        .assert()
        .success();
    path
}

/// A valid one-grid input whose grid is all on (answer 0).
pub const ONE_ALL_ON: &str = "1\n11111\n11111\n11111\n11111\n11111\n";

/// A board of `rows x cols` random lights.
pub fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> lightsout::Board {
    let mut b = lightsout::Board::new(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            if rng.next_u64() & 1 == 1 {
                b.set(r, c, true);
            }
        }
    }
    b
}

/// The one JSON value `lightsout args` prints for `stdin`, its success required (its
/// stderr shown when it failed).
pub(crate) fn json_of(args: &[&str], stdin: String) -> serde_json::Value {
    let out = lightsout().args(args).write_stdin(stdin).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `lightsout args`, run with its data segment (heap and private maps) limited to `bytes`,
/// stdin closed; returns its status, stdout length and stderr.
pub fn run_with_data_limit(args: &[&str], bytes: u64) -> (Option<i32>, usize, String) {
    use std::os::unix::process::CommandExt;
    let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"));
    command
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; the closure allocates nothing.
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let counted = std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let out = child.wait_with_output().unwrap();
    let written = counted.join().unwrap().unwrap() as usize;
    (
        out.status.code(),
        written,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Starts `command` (a server) with stdout piped and returns it with its first line,
/// read before anything else: `lightsout serve` prints its address there.
pub fn spawn_first_line(command: &mut std::process::Command) -> (std::process::Child, String) {
    use std::io::{BufRead, BufReader};
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (child, line.trim_end().to_string())
}

/// `lightsout` with `args` running, its standard streams piped.
pub(crate) fn spawned<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Breadth-first search over every state of a tiny game from all off (pressing is
/// reversible: K - 1 more presses undo one): the fewest presses that make each state,
/// indexed by its lights read as a number base K (light 1 lowest); `u32::MAX` where
/// none do.
pub(crate) fn bfs_depths(game: &lightsout::rules::Game) -> Vec<u32> {
    let k = u64::from(game.states());
    let n = game.lights();
    let mut depth = vec![u32::MAX; k.pow(n as u32) as usize];
    let start = vec![0u8; n];
    depth[0] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(state) = queue.pop_front() {
        let d = depth[state_code(k, &state)];
        for b in 0..game.buttons() {
            let mut presses = vec![0u8; game.buttons()];
            presses[b] = 1;
            let next = game.after_presses(&state, &presses);
            let code = state_code(k, &next);
            if depth[code] == u32::MAX {
                depth[code] = d + 1;
                queue.push_back(next);
            }
        }
    }
    depth
}

/// A state's index in [`bfs_depths`]: its lights as a number base `k`, light 1 lowest.
pub(crate) fn state_code(k: u64, lights: &[u8]) -> usize {
    lights.iter().rev().fold(0u64, |a, &v| a * k + u64::from(v)) as usize
}
