//! `--format json` (issue 52): JSON lines from the command line, with the HTTP API's
//! field names (one schema: `JsonAnswer`), each answer standing alone.

use crate::common::*;

fn lines(out: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn solve_writes_one_object_a_board_with_presses_fewest_and_proven() {
    let out = lightsout()
        .args(["solve", "--format", "json"])
        .write_stdin("2\n010\n111\n010\n\n100\n000\n000\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let answers = lines(&out.stdout);
    assert_eq!(answers.len(), 2);
    assert_eq!(
        answers[0]["presses"],
        serde_json::json!(["000", "010", "000"])
    );
    assert_eq!(answers[0]["fewest"], 1);
    assert_eq!(answers[0]["proven"], true);
    assert_eq!(answers[0]["lower_bound"], 1);
    assert_eq!(answers[1]["fewest"], 5);
    // The same presses as the text answer, for each board.
    let text = lightsout()
        .args(["solve"])
        .write_stdin("2\n010\n111\n010\n\n100\n000\n000\n")
        .output()
        .unwrap();
    let rows: Vec<String> = String::from_utf8_lossy(&text.stdout)
        .lines()
        .filter(|l| !l.starts_with("PUZZLE"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(answers[1]["presses"], serde_json::json!(rows[3..6]));
    // No solution: `solvable: false`, no presses; K states as counts.
    let out = lightsout()
        .args(["solve", "--format", "json"])
        .write_stdin("1000\n0000\n0000\n0000\n")
        .output()
        .unwrap();
    let none = &lines(&out.stdout)[0];
    assert_eq!(none["solvable"], false);
    assert!(none.get("presses").is_none(), "{none}");
    let out = lightsout()
        .args(["solve", "--states", "3", "--format", "json"])
        .write_stdin("012\n210\n000\n")
        .output()
        .unwrap();
    let three = &lines(&out.stdout)[0];
    assert_eq!(
        (three["states"].as_u64(), three["proven"].as_bool()),
        (Some(3), Some(true))
    );
}

#[test]
fn an_unproven_answer_says_so_with_its_lower_bound() {
    // The all-on 61 x 61 takes about 7 s to prove; with no search time it is not.
    let board = format!("{}\n", vec!["1".repeat(61); 61].join("\n"));
    let out = lightsout()
        .args(["solve", "--format", "json", "--search-time", "0"])
        .write_stdin(board)
        .output()
        .unwrap();
    assert!(out.status.success());
    let answer = &lines(&out.stdout)[0];
    assert_eq!(answer["proven"], false, "{answer}");
    let (fewest, bound) = (
        answer["fewest"].as_u64().unwrap(),
        answer["lower_bound"].as_u64().unwrap(),
    );
    assert!(bound < fewest && bound > 0, "{answer}");
}

#[test]
fn census_gives_gods_number_and_whether_it_is_proven() {
    let out = lightsout()
        .args(["census", "--rows", "4", "--cols", "4", "--format", "json"])
        .output()
        .unwrap();
    let census = &lines(&out.stdout)[0];
    assert_eq!(census["gods_number"], 7);
    assert_eq!(census["proven"], true);
    assert_eq!(census["histogram"].as_array().unwrap().len(), 8);
    let out = lightsout()
        .args(["census", "--rows", "9", "--cols", "9", "--format", "json"])
        .output()
        .unwrap();
    let god = &lines(&out.stdout)[0];
    assert_eq!(
        (god["gods_number"].as_u64(), god["proven"].as_bool()),
        (Some(37), Some(true))
    );
    // Its hardest board takes exactly that many presses.
    let hardest: Vec<String> = god["hardest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let out = lightsout()
        .args(["solve", "--format", "json"])
        .write_stdin(format!("{}\n", hardest.join("\n")))
        .output()
        .unwrap();
    assert_eq!(lines(&out.stdout)[0]["fewest"], 37);
    // And the text says "proven" on stdout, not only with --stats.
    let text = lightsout()
        .args(["census", "--rows", "4", "--cols", "4"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&text.stdout).contains("God's number: 7, proven"));
}

#[test]
fn nullity_each_names_each_graph_and_nullity_counts_as_one_object() {
    let graphs: String = read_data("graphs/connected-to-8.g6")
        .lines()
        .filter(|l| l.starts_with('D'))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        graphs.lines().count(),
        21,
        "the connected graphs of 5 vertices"
    );
    let json = lightsout()
        .args(["nullity", "--each", "--format", "json", "--game", "-"])
        .write_stdin(graphs.clone())
        .output()
        .unwrap();
    let text = lightsout()
        .args(["nullity", "--each", "--game", "-"])
        .write_stdin(graphs.clone())
        .output()
        .unwrap();
    let answers = lines(&json.stdout);
    for ((answer, graph), count) in answers
        .iter()
        .zip(graphs.lines())
        .zip(String::from_utf8_lossy(&text.stdout).lines())
    {
        assert_eq!(answer["graph"], graph);
        assert_eq!(answer["nullity"].to_string(), count);
    }
    let out = lightsout()
        .args(["nullity", "--rows", "5", "--cols", "5", "--format", "json"])
        .output()
        .unwrap();
    // Issue 64: the line says which input it answers, and counts are numbers (strings
    // only past 2^53, where JSON readers lose digits).
    assert_eq!(
        lines(&out.stdout)[0],
        serde_json::json!({
            "rows": 5, "cols": 5, "topology": "plane", "rule": "010/111/010", "lights": 25,
            "states": 2, "nullity": 2, "solutions": 4,
        })
    );
    let out = lightsout()
        .args([
            "nullity", "--rows", "200", "--cols", "200", "--wrap", "--format", "json",
        ])
        .output()
        .unwrap();
    let line = &lines(&out.stdout)[0];
    assert_eq!(
        (line["rows"].as_u64(), line["topology"].as_str()),
        (Some(200), Some("torus"))
    );
    assert_eq!(
        line["solutions"], "18446744073709551616",
        "2^64: past 2^53, a string"
    );
    let census = ["census", "--rows", "4", "--cols", "4", "--format", "json"];
    let puzzles = ["puzzles", "--count", "1", "--seed", "9", "--format", "json"];
    for args in [census.as_slice(), puzzles.as_slice()] {
        let out = lightsout().args(args).output().unwrap();
        let line = &lines(&out.stdout)[0];
        assert!(
            line["rows"].is_u64() && line["cols"].is_u64(),
            "{args:?}: {line}"
        );
        if args[0] == "census" {
            assert_eq!(line["boards"], 65536, "{line}");
        } else {
            assert_eq!(line["seed"], 9, "{line}");
        }
    }
    let out = lightsout()
        .args([
            "nullity",
            "--rows",
            "4",
            "--cols",
            "4",
            "--patterns",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let quiet = &lines(&out.stdout)[0];
    assert_eq!(quiet["quiet"].as_array().unwrap().len(), 4);
}

#[test]
fn query_writes_one_object_a_grid_null_past_max_steps() {
    let out = lightsout()
        .args(["query", "--format", "json", "--moves"])
        .write_stdin(read_data("classic.in"))
        .output()
        .unwrap();
    let answers = lines(&out.stdout);
    let fewest: Vec<_> = answers.iter().map(|a| a["fewest"].clone()).collect();
    assert_eq!(
        fewest,
        [
            serde_json::json!(3),
            serde_json::json!(2),
            serde_json::Value::Null
        ]
    );
    // The presses every door gives (the one tie rule), as rows.
    assert_eq!(
        answers[0]["presses"],
        serde_json::json!(["10000", "00000", "00100", "00000", "00001"])
    );
    assert!(answers[2]["presses"].is_null());
    assert_eq!(answers[0]["board"][0], "00111");
}

#[test]
fn check_writes_each_verdict_as_an_object_and_keeps_its_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    let answers = dir.path().join("answers.txt");
    std::fs::write(&boards, "2\n010\n111\n010\n\n100\n000\n000\n").unwrap();
    std::fs::write(
        &answers,
        "PUZZLE #1\n0 0 0\n0 1 0\n0 0 0\nPUZZLE #2\n0 0 0\n0 0 0\n0 0 1\n",
    )
    .unwrap();
    let out = lightsout()
        .args(["check", "--format", "json"])
        .arg(&boards)
        .arg(&answers)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "a wrong answer still exits 3");
    let verdicts = lines(&out.stdout);
    assert_eq!(
        verdicts[0],
        serde_json::json!({"board": 1, "right": true, "verdict": "reaches"})
    );
    assert_eq!(verdicts[1]["verdict"], "differs");
    assert_eq!(verdicts[1]["lights_differ"], 4);
    assert_eq!(verdicts[1]["first"], serde_json::json!([1, 1]));
}

#[test]
fn puzzles_are_objects_whose_fewest_solve_agrees_with() {
    for args in [
        vec![
            "puzzles", "--count", "3", "--steps", "9", "--seed", "3", "--format", "json",
        ],
        vec![
            "puzzles", "--count", "3", "--rows", "4", "--cols", "4", "--steps", "3", "--seed", "3",
            "--format", "json",
        ],
    ] {
        let out = lightsout().args(&args).output().unwrap();
        let puzzles = lines(&out.stdout);
        assert_eq!(puzzles.len(), 3, "{args:?}");
        for p in &puzzles {
            let board: Vec<&str> = p["board"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_str().unwrap())
                .collect();
            let target = p["target"].as_str().unwrap();
            let solved = lightsout()
                .args(["solve", "--format", "json", "--target", target])
                .write_stdin(format!("{}\n", board.join("\n")))
                .output()
                .unwrap();
            let answer = &lines(&solved.stdout)[0];
            assert_eq!(
                (&answer["fewest"], &answer["proven"]),
                (&p["fewest"], &p["proven"]),
                "{p}"
            );
        }
    }
}

#[test]
fn explain_as_json_is_solves_answer() {
    for flags in [
        vec![],
        vec!["--states", "3", "--target", "on"],
        vec!["--game", "merlin"],
    ] {
        let input = if flags.contains(&"--game") {
            "111111111\n"
        } else {
            "010\n111\n010\n"
        };
        let run = |command: &str| {
            let out = lightsout()
                .arg(command)
                .args(&flags)
                .args(["--format", "json"])
                .write_stdin(input)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{command} {flags:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            lines(&out.stdout)
        };
        assert_eq!(run("explain"), run("solve"), "{flags:?}");
    }
}
