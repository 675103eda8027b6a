//! One table of requests through every door (issue 64): `tests/data/doors.json`, good
//! requests (K 2 to 6, every topology, five rules, every kind of target) with the one
//! answer each gets, and bad ones with the one sentence each is refused in. This test
//! makes the table from a seed, holds every answer to breadth-first search, holds the
//! command line to each sentence, and asks the same of GET, a text body and a JSON
//! body; Python (`python/tests`) and the static page (`tests/browser/static.test.mjs`)
//! read the same file and must answer alike. `LIGHTSOUT_WRITE_DOORS=1` writes the file
//! anew (after a change of the seed or of the cases); otherwise it must be what the
//! seed and the program make.

use crate::common::{self, data, lightsout, Rng};
use lightsout::rules::{Game, Rule};
use serde_json::{json, Value};
use std::process::{Command, Stdio};

const TOPOLOGIES: [&str; 4] = ["plane", "cylinder", "torus", "projective"];
const RULES: [&str; 5] = ["plus", "cross", "box", "ring", "010/111/010"];

/// The settings of a request, as its fields (the library's words) and the board's rows.
fn fields(case: &Value) -> Vec<(&'static str, String)> {
    ["rows", "cols", "topology", "rule", "states", "target"]
        .into_iter()
        .filter_map(|k| {
            let v = &case[k];
            let text = v
                .as_str()
                .map(str::to_string)
                .or(v.as_u64().map(|n| n.to_string()))?;
            Some((k, text))
        })
        .collect()
}

fn rows_of(case: &Value) -> Vec<String> {
    case["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

/// The fewest presses that bring `board` to every light at `goal`, by breadth-first
/// search over every state of `game` (`None`: none do): from all off, the presses'
/// sums; the board needs the sum that is `goal - board`.
fn bfs_fewest(game: &Game, board: &[u8], goal: u8) -> Option<u64> {
    let depth = common::bfs_depths(game);
    let k = game.states();
    let change: Vec<u8> = board.iter().map(|&v| (goal + k - v) % k).collect();
    let d = depth[common::state_code(u64::from(k), &change)];
    (d != u32::MAX).then_some(u64::from(d))
}

/// Sixty good requests from one seed: K 2 to 6, every topology, the rules, targets off,
/// on and a state, boards small enough for breadth-first search (K^lights <= 2^17); two
/// in three made solvable (the goal less random presses), the rest drawn at random.
fn good_cases() -> Vec<Value> {
    let mut rng = Rng(64);
    let mut cases = Vec::new();
    while cases.len() < 60 {
        let k = 2 + rng.below(5) as u8;
        let most = (17.0 / f64::from(k).log2()).floor() as u64;
        let rows = 1 + rng.below(4);
        let cols = 1 + rng.below((most / rows).clamp(1, 5));
        let topology = TOPOLOGIES[rng.below(4) as usize];
        let rule = RULES[rng.below(5) as usize];
        let target = match rng.below(3) {
            0 => "off".to_string(),
            1 => "on".to_string(),
            _ => rng.below(u64::from(k)).to_string(),
        };
        let mut lights: Vec<u8> = (0..rows * cols)
            .map(|_| rng.below(u64::from(k)) as u8)
            .collect();
        if cases.len() % 3 != 2 {
            let game = Game::grid(
                rows as usize,
                cols as usize,
                lightsout::request::topology_of(topology).unwrap(),
                Rule::parse(rule).unwrap(),
                k,
            )
            .unwrap();
            let goal = lightsout::request::Goal::parse(&target)
                .unwrap()
                .state(k)
                .unwrap();
            let pressed = game.after_presses(&vec![0; game.lights()], &lights);
            lights = pressed.iter().map(|&v| (goal + k - v) % k).collect();
        }
        let board: Vec<String> = lights
            .chunks(cols as usize)
            .map(|row| row.iter().map(|&v| char::from(b'0' + v)).collect())
            .collect();
        cases.push(json!({
            "rows": rows, "cols": cols, "topology": topology, "rule": rule,
            "states": k, "target": target, "board": board,
        }));
    }
    cases
}

/// The bad requests of the issue, each with the command line's sentence.
fn bad_cases() -> Vec<Value> {
    let case = |settings: Value, board: &[&str], sentence: &str| {
        let mut case = settings;
        case["board"] = json!(board);
        case["sentence"] = json!(sentence);
        case
    };
    vec![
        case(
            json!({"rows": 2, "cols": 2, "states": 3}),
            &["01", "15"],
            "expected light 2 of 2: a state 0..2 in row 2 of board 1, found `5`",
        ),
        case(
            json!({"rows": 1, "cols": 1, "states": "1"}),
            &["0"],
            "expected a number of states K from 2 to 255, found `1`",
        ),
        case(
            json!({"rows": 1, "cols": 1, "states": "256"}),
            &["0"],
            "expected a number of states K from 2 to 255, found `256`",
        ),
        case(
            json!({"rows": 2, "cols": 2, "rule": "abc"}),
            &["01", "10"],
            "rule `abc`, column 1: expected a digit or `/` (a rule is a name, plus, cross, \
             box, knight, ring, or rows of digits like 010/111/010), found `a`",
        ),
        case(
            json!({"rows": 2, "cols": 2, "topology": "sphere"}),
            &["01", "10"],
            "expected plane, cylinder, torus or projective, found `sphere`",
        ),
        case(
            json!({"rows": 2, "cols": 2, "target": "up"}),
            &["01", "10"],
            "expected `off`, `on` or a state (a number 0..K-1), found `up`",
        ),
        case(
            json!({"rows": 2, "cols": 2, "states": 3, "target": "3"}),
            &["01", "10"],
            "expected `off`, `on` or a state 0..2 (lights have 3 states), found `3`",
        ),
        // Hardening seven, item 10: the command line read `02` as a count of 2 boards
        // (a count with a leading zero) where the other doors refuse the light.
        case(
            json!({"rows": 2, "cols": 2}),
            &["02", "11"],
            "expected `0` or `1` for light 2 of 2 in row 1 of board 1, found `2`",
        ),
        case(
            json!({"rows": 2, "cols": 2}),
            &["01", "1"],
            "expected `0` or `1` for light 2 of 2 in row 2 of board 1, found the end of the \
             line after 1 light",
        ),
    ]
}

/// The command line's flags of a request.
fn flags(case: &Value) -> Vec<String> {
    let mut args = vec!["solve".to_string()];
    for (k, v) in fields(case) {
        args.push(format!("--{k}"));
        args.push(v);
    }
    args
}

/// A request's query string (its fields, and `board` when `board` is true).
fn query(case: &Value, board: bool) -> String {
    let mut pairs: Vec<(String, String)> = fields(case)
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    if board {
        pairs.push(("board".into(), rows_of(case).join("/")));
    }
    serde_urlencoded::to_string(pairs).unwrap()
}

/// The command line's JSON answer of a request, or its stderr when refused.
fn cli(case: &Value) -> Result<Value, String> {
    let mut args = flags(case);
    args.extend(["--format".into(), "json".into()]);
    let out = lightsout()
        .args(&args)
        .write_stdin(rows_of(case).join("\n") + "\n")
        .output()
        .unwrap();
    match out.status.success() {
        true => Ok(serde_json::from_slice(&out.stdout).unwrap()),
        false => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
    }
}

/// The table the seed and the program make: each good request with its answer (the
/// command line's, held to breadth-first search and to the board), each bad one with
/// its sentence (held to the command line's words).
fn table() -> Value {
    let mut good = Vec::new();
    for case in good_cases() {
        let k = case["states"].as_u64().unwrap() as u8;
        let (rows, cols) = (
            case["rows"].as_u64().unwrap(),
            case["cols"].as_u64().unwrap(),
        );
        let topology = lightsout::request::topology_of(case["topology"].as_str().unwrap()).unwrap();
        let rule = Rule::parse(case["rule"].as_str().unwrap()).unwrap();
        let game = Game::grid(rows as usize, cols as usize, topology, rule, k).unwrap();
        let board: Vec<u8> = rows_of(&case).concat().bytes().map(|b| b - b'0').collect();
        let goal = lightsout::request::Goal::parse(case["target"].as_str().unwrap())
            .unwrap()
            .state(k)
            .unwrap();
        let answer = cli(&case).unwrap_or_else(|e| panic!("{case}: {e}"));
        let fewest = bfs_fewest(&game, &board, goal);
        assert_eq!(answer["fewest"].as_u64(), fewest, "{case}: {answer}");
        if let Some(rows) = answer["presses"].as_array() {
            let presses: Vec<u8> = rows
                .iter()
                .flat_map(|r| r.as_str().unwrap().bytes().map(|b| b - b'0'))
                .collect::<Vec<_>>();
            let after = game.after_presses(&board, &presses);
            assert!(after.iter().all(|&v| v == goal), "{case}: {answer}");
            assert_eq!(answer["proven"], true, "{case}: {answer}");
        }
        // An unsolvable board's nearest solvable one (issue 65): solvable, and as far as
        // it says (that no board is nearer: tests/it/nearest.rs, every board of small games).
        if let Some(near) = answer.get("nearest") {
            let nearest: Vec<u8> = near["board"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|r| r.as_str().unwrap().bytes().map(|b| b - b'0'))
                .collect();
            assert!(
                bfs_fewest(&game, &nearest, goal).is_some(),
                "{case}: {answer}"
            );
            let changed = nearest.iter().zip(&board).filter(|(a, b)| a != b).count();
            assert_eq!(
                near["changed"].as_u64(),
                Some(changed as u64),
                "{case}: {answer}"
            );
        }
        let mut case = case;
        case["answer"] = answer;
        good.push(case);
    }
    for case in bad_cases() {
        let said = cli(&case).expect_err("refused");
        let sentence = case["sentence"].as_str().unwrap();
        assert!(said.contains(&format!(": {sentence}")), "{case}: {said}");
    }
    json!({
        "urls": urls(),
        "about": "One table of requests for every door: the command line, GET, a text body and \
                  a JSON body (tests/it/doors.rs, which makes it from a seed and holds each \
                  answer to breadth-first search), Python (python/tests) and the static page \
                  (tests/browser/static.test.mjs). Fields are the library's words; `answer` \
                  is the JSON answer every door gives, `sentence` the words every door \
                  refuses in. LIGHTSOUT_WRITE_DOORS=1 cargo test --release --test it doors \
                  writes it anew.",
        "good": good,
        "bad": bad_cases(),
    })
}

/// URLs the server and the static page must answer alike (hardening seven, item 5: a
/// 130 x 130 board was refused by one and answered by the other, the refusals of a
/// 2048 x 2048 one were worded apart, and a puzzle's `seed` gave each its own board),
/// each with the server's status and body; a puzzle's with the command line's
/// `puzzles` flags, whose first board must be the same.
fn urls() -> Vec<Value> {
    let mut rng = Rng(5);
    let run: String = (0..130 * 130)
        .map(|_| char::from(b'0' + rng.below(2) as u8))
        .collect();
    let asked: Vec<(String, &[&str])> = vec![
        (
            "/v1/puzzle?presses=10&seed=3".into(),
            &["--presses", "10", "--seed", "3"],
        ),
        ("/v1/puzzle?seed=3".into(), &["--seed", "3"]),
        (
            "/v1/puzzle?presses=2&seed=5&target=off".into(),
            &["--presses", "2", "--seed", "5", "--target", "off"],
        ),
        (
            "/v1/puzzle?presses=15&seed=7".into(),
            &["--presses", "15", "--seed", "7"],
        ),
        (
            "/v1/puzzle?rows=4&cols=4&presses=5&seed=11".into(),
            &[
                "--rows",
                "4",
                "--cols",
                "4",
                "--presses",
                "5",
                "--seed",
                "11",
            ],
        ),
        (
            "/v1/puzzle?rows=3&cols=4&states=3&seed=11".into(),
            &[
                "--rows", "3", "--cols", "4", "--states", "3", "--seed", "11",
            ],
        ),
        (format!("/v1/solve?rows=130&cols=130&board={run}"), &[]),
        (
            "/v1/solve?rows=1000&cols=1000&rule=11111/11111/11111/11111/11111&board=0".into(),
            &[],
        ),
        ("/v1/puzzle?rows=200&cols=200".into(), &[]),
        // Past God's number (item 8): refused at once, in one sentence.
        (
            "/v1/puzzle?rows=2&cols=3&states=6&rule=box&presses=16".into(),
            &[],
        ),
        (
            "/v1/puzzle?rows=6&cols=6&topology=torus&presses=20".into(),
            &[],
        ),
    ];
    let server = Server::start();
    asked
        .into_iter()
        .map(|(url, flags)| {
            let (status, body) = ask("GET", &format!("{}{url}", server.1), "", "");
            let body: Value = serde_json::from_str(&body).unwrap();
            if !flags.is_empty() {
                let out = lightsout()
                    .arg("puzzles")
                    .args(flags)
                    .args(["--format", "json"])
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{flags:?}");
                // One shape of a puzzle at every door (issue 72): the same object.
                let line: Value = serde_json::from_slice(&out.stdout).unwrap();
                assert_eq!(line, body, "{url}: puzzles {flags:?}");
            }
            json!({ "url": url, "status": status, "body": body })
        })
        .collect()
}

#[test]
fn the_table_of_requests_is_what_the_seed_and_the_program_make() {
    let made = table();
    let path = data("doors.json");
    let text = serde_json::to_string_pretty(&made).unwrap() + "\n";
    if std::env::var_os("LIGHTSOUT_WRITE_DOORS").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let kept = std::fs::read_to_string(&path).expect("tests/data/doors.json");
    assert!(
        kept == text,
        "tests/data/doors.json is not what the seed makes: write it anew"
    );
}

/// A server on a free port, killed when dropped.
struct Server(std::process::Child, String);

impl Server {
    /// `lightsout serve` on a free port of 127.0.0.1.
    fn start() -> Server {
        let (child, line) = common::spawn_first_line(
            Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
                .args(["serve", "--addr", "127.0.0.1:0"])
                .stderr(Stdio::inherit()),
        );
        let at = line.find("http://").expect("the address line");
        Server(
            child,
            line[at..].split_whitespace().next().unwrap().to_string(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn ask(method: &str, url: &str, kind: &str, body: &str) -> (u16, String) {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = match method {
        "GET" => agent.get(url).call().unwrap(),
        _ => agent.post(url).content_type(kind).send(body).unwrap(),
    };
    let text = response.body_mut().read_to_string().unwrap();
    (response.status().as_u16(), text)
}

#[test]
fn every_request_gets_one_answer_or_one_sentence_at_the_command_line_get_and_both_bodies() {
    let table: Value = serde_json::from_str(&common::read_data("doors.json")).unwrap();
    let server = Server::start();
    let url = |path: &str| format!("{}{path}", server.1);
    for case in table["good"].as_array().unwrap() {
        let want = &case["answer"];
        assert_eq!(cli(case).as_ref(), Ok(want), "{case}: the command line");
        let (status, got) = ask(
            "GET",
            &url(&format!("/v1/solve?{}", query(case, true))),
            "",
            "",
        );
        assert_eq!(status, 200, "{case}: GET {got}");
        assert_eq!(
            &serde_json::from_str::<Value>(&got).unwrap(),
            want,
            "{case}: GET"
        );
        let body = json!({ "boards": [case["board"]] }).to_string();
        let path = url(&format!("/v1/solve?{}", query(case, false)));
        let (status, got) = ask("POST", &path, "application/json", &body);
        assert_eq!(status, 200, "{case}: JSON {got}");
        let got: Value = serde_json::from_str(&got).unwrap();
        assert_eq!(&got["answers"][0], want, "{case}: a JSON body");
        // A board as one string in a JSON body, as a query string carries it.
        let body = json!({ "boards": [rows_of(case).join("/")] }).to_string();
        let (status, got) = ask("POST", &path, "application/json", &body);
        assert_eq!(status, 200, "{case}: JSON {got}");
        let got: Value = serde_json::from_str(&got).unwrap();
        assert_eq!(
            &got["answers"][0], want,
            "{case}: a JSON body's board as one string"
        );
        let text = rows_of(case).join("\n") + "\n";
        let (status, got) = ask("POST", &path, "text/plain", &text);
        assert_eq!(status, 200, "{case}: text {got}");
        let printed: Vec<String> = got.lines().skip(1).map(|l| l.replace(' ', "")).collect();
        match want["presses"].as_array() {
            Some(rows) => {
                let rows: Vec<&str> = rows.iter().map(|r| r.as_str().unwrap()).collect();
                assert_eq!(printed, rows, "{case}: a text body");
            }
            None => assert_eq!(printed, ["nosolution"], "{case}: a text body"),
        }
    }
    for case in table["bad"].as_array().unwrap() {
        let sentence = case["sentence"].as_str().unwrap();
        let said = cli(case).expect_err("refused");
        assert!(said.contains(&format!(": {sentence}")), "{case}: {said}");
        let (status, got) = ask(
            "GET",
            &url(&format!("/v1/solve?{}", query(case, true))),
            "",
            "",
        );
        assert!(
            status == 400 && got.contains(&format!(": {sentence}")),
            "{case}: GET {got}"
        );
        let path = url(&format!("/v1/solve?{}", query(case, false)));
        let body = json!({ "boards": [case["board"]] }).to_string();
        let (status, got) = ask("POST", &path, "application/json", &body);
        assert!(
            status == 400 && got.contains(&format!(": {sentence}")),
            "{case}: JSON {got}"
        );
        let text = rows_of(case).join("\n") + "\n";
        let (status, got) = ask("POST", &path, "text/plain", &text);
        assert!(
            status == 400 && got.contains(&format!(": {sentence}")),
            "{case}: text {got}"
        );
    }
}

#[test]
fn every_doors_limits_are_one_table_printed_by_help_and_the_openapi_document() {
    // Issue 64: five light limits in four places before; now one table
    // (`lightsout::request::limits`), which `serve --help` and the OpenAPI document
    // print, and which the doors are held to.
    use lightsout::request::limits::{doors_json, doors_text, COMMAND_LINE, SERVER};
    let help = lightsout().args(["serve", "--help"]).output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains(doors_text().trim_end()), "{help}");
    let guide = std::fs::read_to_string(data("../../docs/guide.md")).unwrap();
    assert!(
        guide.contains(doors_text().trim_end()),
        "the guide's table of limits"
    );
    let server = Server::start();
    let (status, document) = ask("GET", &format!("{}/v1/openapi.json", server.1), "", "");
    assert_eq!(status, 200);
    let document: Value = serde_json::from_str(&document).unwrap();
    assert_eq!(document["x-limits"], doors_json());
    let play = lightsout::thousands(SERVER.play_lights);
    assert!(document
        .to_string()
        .contains(&format!("at most {play} lights")));
    // Every route's refusals are described: `{"error": ...}` for every 4xx.
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let error = &operation["responses"]["4XX"]["$ref"];
            assert_eq!(error, "#/components/responses/Error", "{method} {path}");
        }
    }
    // Held to them: one light past the server's play limit is a 413 that names it, one
    // past the command line's classic board a usage error that names its own.
    let side = (SERVER.play_lights as f64).sqrt() as u64;
    let url = format!("{}/v1/game?rows={}&cols={side}", server.1, side + 1);
    let (status, body) = ask("GET", &url, "", "");
    assert!(
        status == 413 && body.contains(&format!("at most {play} lights")),
        "{body}"
    );
    let rows = (COMMAND_LINE.classic_lights >> 10) + 1;
    let out = lightsout()
        .args(["solve", "--rows", &rows.to_string(), "--cols", "1024"])
        .write_stdin("0\n")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    let most = lightsout::thousands(COMMAND_LINE.classic_lights);
    assert!(
        said.contains(&format!("the most this solver takes is {most}")),
        "{said}"
    );
}

#[test]
fn a_json_body_takes_the_25_character_run_that_get_takes() {
    // Issue 64: `POST /v1/query` with `{"boards": ["0110010010100101001000110"]}` was
    // refused ("an array of its rows") where GET takes the run.
    let server = Server::start();
    let run = "0110010010100101001000110";
    let (status, got) = ask("GET", &format!("{}/v1/query?grid={run}", server.1), "", "");
    assert_eq!(status, 200, "{got}");
    let want: Value = serde_json::from_str(&got).unwrap();
    let rows: Vec<String> = (0..5).map(|r| run[5 * r..5 * r + 5].to_string()).collect();
    for board in [json!(run), json!(rows.join("/")), json!(rows)] {
        let body = json!({ "boards": [board] }).to_string();
        let url = format!("{}/v1/query", server.1);
        let (status, got) = ask("POST", &url, "application/json", &body);
        assert_eq!(status, 200, "{board}: {got}");
        let got: Value = serde_json::from_str(&got).unwrap();
        assert_eq!(got["answers"][0], want, "{board}");
    }
}

#[test]
fn a_json_body_takes_the_boards_a_text_body_takes_and_refuses_in_its_words() {
    // Hardening seven, item 4: one 130 x 130 board as JSON to `POST /v1/solve` got 413
    // (the page's one-board limit, "POST /v1/solve takes larger ones", the route in
    // use) where a text body was answered. Both bodies now take the stream's limit
    // and answer as `solve --format json` does; past it, both refuse in one sentence.
    let server = Server::start();
    let mut rng = Rng(75);
    let rows: Vec<String> = (0..130)
        .map(|_| {
            (0..130)
                .map(|_| char::from(b'0' + rng.below(2) as u8))
                .collect()
        })
        .collect();
    let text = rows.join("\n") + "\n";
    let cli = lightsout()
        .args(["solve", "--format", "json"])
        .write_stdin(text.clone())
        .output()
        .unwrap();
    assert!(cli.status.success());
    let want: Value = serde_json::from_slice(&cli.stdout).unwrap();
    let path = format!("{}/v1/solve", server.1);
    let (status, got) = ask(
        "POST",
        &path,
        "application/json",
        &json!({ "boards": [rows] }).to_string(),
    );
    assert_eq!(status, 200, "{got}");
    let got: Value = serde_json::from_str(&got).unwrap();
    for key in ["presses", "fewest", "proven", "lower_bound"] {
        assert_eq!(got["answers"][0][key], want[key], "{key}");
    }
    let (status, got) = ask("POST", &path, "text/plain", &text);
    assert_eq!(status, 200, "{got}");
    let printed: Vec<String> = got.lines().skip(1).map(|l| l.replace(' ', "")).collect();
    assert_eq!(json!(printed), want["presses"]);
    // Past the stream's limit (the server's --max-lights, 2^22): one sentence at both.
    let url = format!("{path}?rows=2049&cols=2049");
    let refusals: Vec<(u16, String)> =
        [("application/json", "{\"boards\":[]}"), ("text/plain", "")]
            .into_iter()
            .map(|(kind, body)| ask("POST", &url, kind, body))
            .collect();
    assert_eq!(refusals[0], refusals[1]);
    assert_eq!(refusals[0].0, 413, "{}", refusals[0].1);
    assert!(
        refusals[0].1.contains("4,198,401 lights"),
        "{}",
        refusals[0].1
    );
}

#[test]
fn every_seed_written_is_one_a_javascript_client_can_send_back() {
    // Hardening seven, item 9: `GET /v1/puzzle` wrote `"seed":1796564308141053774`,
    // which `JSON.parse` reads as 1796564308141053700, another board. A seed a draw picks
    // itself is now below 2^53; one past it given by hand is written as its string.
    let server = Server::start();
    let exact = |seed: &Value| seed.as_u64().is_some_and(|n| n < 1 << 53);
    for _ in 0..5 {
        let (_, got) = ask(
            "GET",
            &format!("{}/v1/puzzle?rows=3&cols=3", server.1),
            "",
            "",
        );
        let got: Value = serde_json::from_str(&got).unwrap();
        assert!(exact(&got["seed"]), "{got}");
        let out = lightsout()
            .args(["puzzles", "--format", "json"])
            .output()
            .unwrap();
        let line: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(exact(&line["seed"]), "{line}");
    }
    let big = "1796564308141053774";
    let url = format!("{}/v1/puzzle?seed={big}", server.1);
    let (_, first) = ask("GET", &url, "", "");
    let first: Value = serde_json::from_str(&first).unwrap();
    assert_eq!(first["seed"], json!(big), "{first}");
    // What a client reads is what it sends back: the same board.
    let again = format!(
        "{}/v1/puzzle?seed={}",
        server.1,
        first["seed"].as_str().unwrap()
    );
    let (_, second) = ask("GET", &again, "", "");
    assert_eq!(serde_json::from_str::<Value>(&second).unwrap(), first);
    let out = lightsout()
        .args(["puzzles", "--seed", big, "--format", "json"])
        .output()
        .unwrap();
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (&line["seed"], &line["board"]),
        (&first["seed"], &first["board"])
    );
}
