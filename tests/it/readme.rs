//! README.md's and docs/guide.md's shell blocks, run (issue 23): every `console` block's `$ ` commands in a
//! fresh directory (holding only `tests/data`) with a fresh home directory, each command's
//! stdout and stderr held to the lines the README shows under it; and the `sh` blocks'
//! commands (but those that run `cargo`, which is how this test itself is built and run).
//!
//! Shown output matches line for line, where a line `...` stands for any lines and a
//! line ending in `...` for any line it begins. A command shown without output must
//! still succeed. `lightsout serve` runs in the background on a free port (the block's
//! `8080` becomes that port) until its block ends.
//!
//! The `verify` example is the test of `verify` into a pipe: its verdict, and no
//! progress bar (its stderr is matched line by line with its stdout).

use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A command and the lines shown under it.
struct Step {
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The steps of each block of `lang` in `text`.
fn blocks(text: &str, lang: &str) -> Vec<Vec<Step>> {
    let mut blocks = Vec::new();
    let mut current: Option<Vec<Step>> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(steps) = current.as_mut() {
            if line.starts_with("```") {
                blocks.push(current.take().unwrap());
            } else if lang == "sh" {
                if !line.trim().is_empty() {
                    steps.push(Step {
                        line: i + 1,
                        command: line.to_string(),
                        shown: Vec::new(),
                    });
                }
            } else if let Some(command) = line.strip_prefix("$ ") {
                steps.push(Step {
                    line: i + 1,
                    command: command.to_string(),
                    shown: Vec::new(),
                });
            } else if let Some(step) = steps.last_mut() {
                step.shown.push(line.to_string());
            }
        } else if line == format!("```{lang}") {
            current = Some(Vec::new());
        }
    }
    blocks
}

/// Whether `actual` is what `shown` shows.
fn matches(shown: &[String], actual: &[&str]) -> bool {
    match shown.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual.split_first().is_some_and(|(line, others)| {
            let fits = match first.strip_suffix("...") {
                Some(prefix) => line.starts_with(prefix),
                None => line.trim_end() == first.trim_end(),
            };
            fits && matches(rest, others)
        }),
    }
}

/// `sh -c script` in `dir` with `home` as HOME and the binary under test first on PATH.
fn sh(script: &str, dir: &Path, home: &Path) -> Command {
    let binary = assert_cmd::cargo::cargo_bin("lightsout");
    let bin = binary.parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shell = Command::new("sh");
    shell
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .env("HOME", home)
        .env("PATH", path)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null());
    shell
}

/// `command`, its stderr with its stdout.
fn shell(command: &str, dir: &Path, home: &Path) -> Command {
    sh(&format!("{{ {command}\n}} 2>&1"), dir, home)
}

/// Waits for a server's first line and returns the server.
fn start_server(mut command: Command) -> (Child, String) {
    crate::common::spawn_first_line(command.stderr(Stdio::null()))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[test]
fn every_shell_block_of_the_readme_does_what_it_shows() {
    // The front door and the guide it points to (issue 40: the reference moved there).
    let readme = std::fs::read_to_string(crate::common::root().join("README.md")).unwrap();
    let guide = std::fs::read_to_string(crate::common::root().join("docs/guide.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let data = crate::common::root().join("tests/data");
    std::fs::create_dir(dir.path().join("tests")).unwrap();
    std::os::unix::fs::symlink(&data, dir.path().join("tests/data")).unwrap();
    let mut ran = 0;
    for steps in blocks(&readme, "sh") {
        for step in steps.iter().filter(|s| !s.command.contains("cargo ")) {
            let out = shell(&step.command, dir.path(), home.path())
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "README.md line {}: `{}` failed: {}",
                step.line,
                step.command,
                String::from_utf8_lossy(&out.stdout)
            );
            ran += 1;
        }
    }
    // The install block's promises, on a fresh home: completions and man pages in place.
    assert!(home
        .path()
        .join(".local/share/bash-completion/completions/lightsout")
        .is_file());
    assert!(home
        .path()
        .join(".local/share/man/man1/lightsout-solve.1")
        .is_file());
    let documents = [
        ("README.md", readme.as_str()),
        ("docs/guide.md", guide.as_str()),
    ];
    let consoles = documents
        .iter()
        .flat_map(|&(name, text)| blocks(text, "console").into_iter().map(move |b| (name, b)));
    for (document, steps) in consoles {
        let port = free_port().to_string();
        let mut servers = Servers(Vec::new());
        for step in steps {
            let command = step.command.replace("8080", &port);
            let shown: Vec<String> = step
                .shown
                .iter()
                .map(|l| l.replace("8080", &port))
                .collect();
            let where_ = format!("{document} line {}: `{}`", step.line, step.command);
            if command.starts_with("lightsout serve") {
                // `exec`: the server is the child, so killing the child stops it.
                let server = sh(&format!("exec {command}"), dir.path(), home.path());
                let (child, first) = start_server(server);
                assert!(
                    matches(&shown, &[first.as_str()]),
                    "{where_}: printed {first}"
                );
                servers.0.push(child);
                wait_for(&port);
                continue;
            }
            if command.starts_with("curl ") && !on_path("curl") {
                eprintln!("{where_}: skipped, no curl on PATH (.ci/run installs it)");
                continue;
            }
            let out = shell(&command, dir.path(), home.path()).output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            let lines: Vec<&str> = text.lines().collect();
            if shown.is_empty() {
                assert!(out.status.success(), "{where_} failed:\n{text}");
            } else {
                assert!(
                    matches(&shown, &lines),
                    "{where_} printed:\n{text}\nnot:\n{}",
                    shown.join("\n")
                );
            }
            ran += 1;
        }
        drop(servers);
    }
    assert!(ran >= 25, "only {ran} README commands found");
}

/// Servers started by a block, stopped when it ends (or fails).
struct Servers(Vec<Child>);

impl Drop for Servers {
    fn drop(&mut self) {
        for server in &mut self.0 {
            let _ = server.kill();
            let _ = server.wait();
        }
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// Until the server on `port` answers.
fn wait_for(port: &str) {
    for _ in 0..200 {
        if std::net::TcpStream::connect(format!("127.0.0.1:{port}")).is_ok() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    panic!("the README's server did not start on port {port}");
}

#[test]
fn the_matcher_can_fail() {
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(
        &shown(&["cube  Lights Out Cube; ..."]),
        &["cube  Lights Out Cube; 54"]
    ));
    assert!(!matches(&shown(&["a", "b"]), &["a", "c"]));
    assert!(!matches(&shown(&["a"]), &["a", "b"]));
    assert!(!matches(&shown(&["a", "..."]), &["b"]));
}
