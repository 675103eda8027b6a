//! Lights Out on graphs read as graph people write them (issue 43): nauty's formats, edge
//! lists and DIMACS, the σ+ and σ games, and `nullity --each` over `nauty-geng`'s
//! streams, held to full-matrix elimination, to brute force and to OEIS A334443.
//!
//! The streams are `tests/data/graphs/`: every graph of 1 to 7 vertices
//! (`for n in 1..7: nauty-geng -q n`) and every connected graph of 1 to 8
//! (`nauty-geng -qc n`), written by Debian's nauty 2.8.6, so the tests run without it;
//! where `nauty-geng` is installed (CI installs it), they are made again and compared.

use crate::common::*;
use lightsout::rules::graph::{nauty_line, parse, Format, Neighbourhood};
use lightsout::rules::Game;
use predicates::prelude::*;
use std::process::Command as Std;

/// `nauty-geng -q FLAGS n` for each `n` of `sizes`, one graph6 line a graph; `None`
/// where nauty is not installed.
fn geng(flags: &[&str], sizes: std::ops::RangeInclusive<u32>) -> Option<String> {
    let mut all = String::new();
    for n in sizes {
        let out = Std::new("nauty-geng")
            .arg("-q")
            .args(flags)
            .arg(n.to_string())
            .output()
            .ok()?;
        assert!(out.status.success());
        all += &String::from_utf8(out.stdout).unwrap();
    }
    Some(all)
}

#[test]
fn the_committed_graph_streams_are_what_geng_writes() {
    for (file, flags, sizes) in [
        ("all-to-7.g6", &[][..], 1..=7),
        ("connected-to-8.g6", &["-c"][..], 1..=8),
    ] {
        let committed = read_data(&format!("graphs/{file}"));
        match geng(flags, sizes) {
            Some(made) => assert_eq!(made, committed, "{file}"),
            None => eprintln!("nauty-geng is not installed: {file} not made again"),
        }
    }
}

fn each(graphs: &str, rule: &[&str]) -> Vec<usize> {
    let out = lightsout()
        .args(["nullity", "--each", "--game", "-"])
        .args(rule)
        .write_stdin(graphs)
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect()
}

/// The nullity by dense elimination of the whole press matrix.
fn dense(game: &Game) -> usize {
    lightsout::testing::Dense::new(game, 0, lightsout::SIGNATURE_CELLS).nullity()
}

/// The nullity by brute force: log2 of the press sets that change no light.
fn brute(game: &Game) -> usize {
    let n = game.buttons();
    let patterns: Vec<u64> = (0..n)
        .map(|b| game.pattern(b).iter().fold(0, |m, &(l, _)| m ^ 1 << l))
        .collect();
    let quiet = (0..1u64 << n)
        .filter(|set| {
            (0..n)
                .filter(|b| set >> b & 1 == 1)
                .fold(0, |m, b| m ^ patterns[b])
                == 0
        })
        .count();
    quiet.trailing_zeros() as usize
}

#[test]
fn every_graph_of_up_to_7_vertices_agrees_with_elimination_and_brute_force() {
    let graphs = read_data("graphs/all-to-7.g6");
    {
        for (rule, flag) in [
            (Neighbourhood::Closed, &[][..]),
            (Neighbourhood::Open, &["--rule", "ring"][..]),
        ] {
            let streamed = each(&graphs, flag);
            assert_eq!(streamed.len(), graphs.lines().count());
            for (line, &nullity) in graphs.lines().zip(&streamed) {
                let game = nauty_line(line.as_bytes(), 1)
                    .unwrap()
                    .game(rule, 2)
                    .unwrap();
                assert_eq!(nullity, dense(&game), "{line} {rule:?}");
                assert_eq!(nullity, brute(&game), "{line} {rule:?}");
            }
        }
    }
}

#[test]
fn connected_graphs_with_one_solution_are_oeis_a334443() {
    // OEIS A334443: unlabeled connected n-vertex graphs for which the lights out puzzle
    // has a unique solution (nullity 0 of A + I), n = 1..9.
    let published = [1, 0, 1, 2, 9, 33, 290, 3692];
    let graphs = read_data("graphs/connected-to-8.g6");
    let nullities = each(&graphs, &[]);
    let mut unique = [0; 8];
    for (line, &k) in graphs.lines().zip(&nullities) {
        let n = nauty_line(line.as_bytes(), 1).unwrap().vertices;
        unique[n - 1] += usize::from(k == 0);
    }
    assert_eq!(unique, published);
    // a(9) = 94,280 where nauty can make the 261,080 connected graphs of 9 vertices.
    if let Some(nine) = geng(&["-c"], 9..=9) {
        let unique = each(&nine, &[]).iter().filter(|&&k| k == 0).count();
        assert_eq!(unique, 94_280);
    }
}

/// The Petersen graph: an outer 5-cycle, an inner pentagram, five spokes (1-based).
fn petersen() -> String {
    let mut text = String::new();
    for i in 0..5 {
        text += &format!("{} {}\n", i + 1, (i + 1) % 5 + 1);
        text += &format!("{} {}\n", i + 6, (i + 2) % 5 + 6);
        text += &format!("{} {}\n", i + 1, i + 6);
    }
    text
}

/// The d-cube: vertices 0..2^d, an edge between numbers one bit apart.
fn cube(d: u32) -> String {
    let mut text = String::new();
    for u in 0..1u32 << d {
        for bit in 0..d {
            let v = u ^ 1 << bit;
            if u < v {
                text += &format!("{u} {v}\n");
            }
        }
    }
    text
}

#[test]
fn named_graphs_agree_with_elimination_in_every_format() {
    for (name, text) in [
        ("petersen", petersen()),
        ("3-cube", cube(3)),
        ("5-cube", cube(5)),
    ] {
        let graph = parse(&text, Format::EdgeList).unwrap();
        for rule in [Neighbourhood::Closed, Neighbourhood::Open] {
            let game = graph.game(rule, 2).unwrap();
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("graph.txt");
            std::fs::write(&file, &text).unwrap();
            let mut cmd = lightsout();
            cmd.args(["nullity", "--game"]).arg(&file);
            if rule == Neighbourhood::Open {
                cmd.args(["--rule", "ring"]);
            }
            cmd.assert()
                .success()
                .stdout(format!("nullity {}\n", dense(&game)));
            if game.lights() <= 16 {
                assert_eq!(dense(&game), brute(&game), "{name}");
            }
        }
    }
    // networkx's graph6 of the Petersen graph is `IheA@GUAo`: 3-regular, 15 edges, and
    // the same nullities as the edge list's (they are isomorphic).
    let g6 = nauty_line(b"IheA@GUAo", 1).unwrap();
    assert!(g6.reach.iter().all(|r| r.len() == 3));
    let listed = parse(&petersen(), Format::EdgeList).unwrap();
    for rule in [Neighbourhood::Closed, Neighbourhood::Open] {
        assert_eq!(
            dense(&g6.game(rule, 2).unwrap()),
            dense(&listed.game(rule, 2).unwrap())
        );
    }
    // DIMACS of the 3-cube.
    let dimacs: String = std::iter::once("c the 3-cube\np edge 8 12\n".to_string())
        .chain(cube(3).lines().map(|l| {
            let (u, v) = l.split_once(' ').unwrap();
            format!(
                "e {} {}\n",
                u.parse::<u32>().unwrap() + 1,
                v.parse::<u32>().unwrap() + 1
            )
        }))
        .collect();
    assert_eq!(
        parse(&dimacs, Format::Dimacs).unwrap(),
        parse(&cube(3), Format::EdgeList).unwrap()
    );
}

#[test]
fn orbix_as_the_icosahedron_graph_gives_the_same_answers() {
    let orbix = lightsout::rules::builtin::find("orbix").unwrap().game();
    let mut edges = String::new();
    for b in 0..12 {
        for &(l, _) in orbix.pattern(b).iter() {
            if b < l as usize {
                edges += &format!("{b} {l}\n");
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("icosahedron.txt");
    std::fs::write(&file, edges).unwrap();
    let mut rng = Rng(43);
    let boards: String = (0..40)
        .map(|_| {
            (0..12)
                .map(|_| if rng.next_u64() & 1 == 1 { '1' } else { '0' })
                .collect::<String>()
                + "\n"
        })
        .collect();
    let as_graph = lightsout()
        .args(["solve", "--rule", "ring", "--game"])
        .arg(&file)
        .write_stdin(format!("40\n{boards}"))
        .assert()
        .success();
    lightsout()
        .args(["solve", "--game", "orbix"])
        .write_stdin(format!("40\n{boards}"))
        .assert()
        .success()
        .stdout(String::from_utf8(as_graph.get_output().stdout.clone()).unwrap());
}

#[test]
fn a_graph_takes_plus_or_ring_and_other_games_take_no_rule() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c4.txt");
    std::fs::write(&file, "0 1\n1 2\n2 3\n3 0\n").unwrap();
    lightsout()
        .args(["nullity", "--rule", "cross", "--game"])
        .arg(&file)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("`plus`"));
    lightsout()
        .args(["solve", "--game", "merlin", "--rule", "ring"])
        .write_stdin("010111010\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("brings its own buttons"));
    // A bad line of a stream: the nullities before it are written.
    lightsout()
        .args(["nullity", "--each", "--game", "-"])
        .write_stdin("Bw\nC~\nC x\n")
        .assert()
        .code(1)
        .stdout("2\n3\n")
        .stderr(predicate::str::contains("line 3, column 2"));
}

#[test]
fn a_game_on_stdin_wants_its_boards_from_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, "1111\n").unwrap();
    // The game and the boards cannot both be stdin: a usage error, not "empty input".
    let file = boards.to_str().unwrap();
    for args in [
        &["solve"][..],
        &["explain"],
        &["solve", "-"],
        &["solve", "--format", "pbm"],
        &["check", file, "-"],
    ] {
        lightsout()
            .args(args)
            .args(["--game", "-"])
            .write_stdin("C~\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("give them as a FILE"));
    }
    // The boards from a file: C~ is K4, where one press (the first vertex's, at the
    // fewest) changes all four lights.
    lightsout()
        .args(["solve", "--game", "-"])
        .arg(&boards)
        .write_stdin("C~\n")
        .assert()
        .success()
        .stdout("1 0 0 0\n");
}

/// `K_n` as one graph6 line: `n` (n < 258,048) and every edge bit set.
fn complete_graph6(n: usize) -> String {
    let mut line = if n < 63 {
        String::from((63 + n as u8) as char)
    } else {
        let b = |shift: usize| (63 + (n >> shift & 63) as u8) as char;
        ['~', b(12), b(6), b(0)].iter().collect()
    };
    let bits = n * (n - 1) / 2;
    line.extend(std::iter::repeat_n('~', bits / 6));
    if !bits.is_multiple_of(6) {
        line.push((63 + (0x3fu8 << (6 - bits % 6) & 0x3f)) as char);
    }
    line.push('\n');
    line
}

#[test]
fn a_graph_of_no_vertex_is_refused_by_every_reader_and_command() {
    // Hardening round five: graph6 `?`, sparse6 `:?` and digraph6 `&?` were read (edge
    // lists and DIMACS refused them), and `puzzles`, `play` panicked on the game.
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [("g.g6", "?\n"), ("s.s6", ":?\n"), ("d.d6", "&?\n")] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        for args in [
            vec!["nullity", "--game", path],
            vec!["puzzles", "--game", path, "--count", "1"],
            vec!["puzzles", "--game", path, "--count", "1", "--steps", "1"],
            vec!["play", "--game", path],
            vec!["census", "--game", path],
        ] {
            lightsout()
                .args(&args)
                .assert()
                .code(2)
                .stderr(predicate::str::contains("a graph of 1 to"));
        }
        lightsout()
            .args(["nullity", "--each", "--game", "-"])
            .write_stdin(text)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("a graph of 1 to"));
    }
}

#[test]
fn a_dense_graph_is_counted_before_it_is_built() {
    // Hardening round five: K_28000 as graph6 (65 MB, under the file limit) took
    // 9.5 GB before it was refused. K_4200 (1.5 MB, 17.6 million press entries) is
    // refused from its header and bits under a data limit of 64 MiB; K_2000 (4 million
    // entries) is read and solved.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("k4200.g6");
    std::fs::write(&big, complete_graph6(4200)).unwrap();
    let args = ["nullity", "--game", big.to_str().unwrap()];
    let (status, _, said) = crate::common::run_with_data_limit(&args, 64 << 20);
    assert_eq!(status, Some(2), "{said}");
    assert!(said.contains("at most 16777216 press entries"), "{said}");
    assert!(said.contains("4200 vertices and 8817900 edges"), "{said}");
    let small = dir.path().join("k2000.g6");
    std::fs::write(&small, complete_graph6(2000)).unwrap();
    // K_n's σ+ game presses every light with every button: nullity n - 1.
    lightsout()
        .args(["nullity", "--game", small.to_str().unwrap()])
        .assert()
        .success()
        .stdout("nullity 1999\n");
}

#[test]
fn a_dimacs_file_may_start_with_a_bare_comment() {
    // Hardening round five: a first line `c` alone was read as graph6.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("path.dimacs");
    std::fs::write(&path, "c\nc a path of 3\np edge 3 2\ne 1 2\ne 2 3\n").unwrap();
    lightsout()
        .args(["nullity", "--game", path.to_str().unwrap()])
        .assert()
        .success()
        .stdout("nullity 0\n");
}

#[test]
fn a_stream_of_graphs_bounds_the_work_of_a_line() {
    // Hardening round five: six bytes of sparse6 (`:~C??`) are 16,384 vertices, 0.4 s
    // of elimination each: a stream's line is held to 2,048 vertices, with what to do.
    lightsout()
        .args(["nullity", "--each", "--game", "-"])
        .write_stdin("Bw\n:~C??\n")
        .assert()
        .code(1)
        .stdout("2\n")
        .stderr(
            predicate::str::contains("line 2: a graph of 16,384 vertices")
                .and(predicate::str::contains("nullity --game FILE")),
        );
}
