//! `lightsout serve` over real HTTP on 127.0.0.1: every endpoint, bad inputs, 64
//! concurrent clients, graceful shutdown.

use crate::common;

use common::{classic_input, lightsout, read_data, Rng};
use std::io::Read;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A server on a free port, killed when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let (child, line) = common::spawn_first_line(
            Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
                .args(["serve", "--addr", "127.0.0.1:0"])
                .args(extra)
                .stderr(Stdio::inherit()),
        );
        let at = line.find("http://").expect("the address line");
        let url = line[at..].split_whitespace().next().unwrap().to_string();
        Server { child, url }
    }

    fn get(&self, path: &str) -> (u16, String) {
        let mut response = agent().get(format!("{}{path}", self.url)).call().unwrap();
        let body = response.body_mut().read_to_string().unwrap();
        (response.status().as_u16(), body)
    }

    fn post(&self, path: &str, body: &str) -> (u16, String) {
        let mut response = agent()
            .post(format!("{}{path}", self.url))
            .content_type("text/plain")
            .send(body)
            .unwrap();
        let text = response
            .body_mut()
            .with_config()
            .limit(1 << 30)
            .read_to_string()
            .unwrap();
        (response.status().as_u16(), text)
    }
}

impl Server {
    /// `POST path` with `body` of content type `kind`: the status and the answer.
    fn post_typed(&self, path: &str, kind: &str, body: &str) -> (u16, String) {
        let mut response = agent()
            .post(format!("{}{path}", self.url))
            .content_type(kind)
            .send(body)
            .unwrap();
        let text = response.body_mut().read_to_string().unwrap();
        (response.status().as_u16(), text)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// `POST url` with a JSON body: the status and the text of the answer.
fn post_json(url: &str, body: &serde_json::Value) -> (u16, String) {
    let mut response = agent()
        .post(url)
        .header("Content-Type", "application/json")
        .send(body.to_string().as_str())
        .unwrap();
    let text = response.body_mut().read_to_string().unwrap();
    (response.status().as_u16(), text)
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// What the command line prints for `args` on `input`.
fn cli(args: &[&str], input: &str) -> String {
    String::from_utf8(
        lightsout()
            .args(args)
            .write_stdin(input)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap()
}

#[test]
fn healthz_answers_200() {
    let server = Server::start(&[]);
    assert_eq!(server.get("/healthz").0, 200);
}

#[test]
fn get_query_gives_exact_presses_and_moves() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/v1/query?grid=0011101011100011101011100&moves=true");
    assert_eq!(status, 200);
    let answer = json(&body);
    assert_eq!(answer["fewest"], 3);
    assert_eq!(answer["board"][0], "00111");
    assert_eq!(answer["solvable"], true);
    // Presses written as every JSON answer writes them: rows of each button's count.
    assert_eq!(
        answer["presses"],
        serde_json::json!(["10000", "00000", "00100", "00000", "00001"])
    );
    // Deeper than 6: the exact table, never capped.
    let (_, body) = server.get("/v1/query?grid=0000000000000000000000000");
    assert_eq!(json(&body)["fewest"], 15);
    let (_, body) = server.get("/v1/query?grid=0111111111111111111111111");
    assert_eq!(json(&body)["solvable"], false);
    assert!(json(&body)["fewest"].is_null());
    let (_, body) = server.get("/v1/query?grid=0000000000000000000000000&target=off");
    assert_eq!(json(&body)["fewest"], 0);
    // `board` is the parameter's name as in every other request; rows may be split.
    let (_, body) = server.get("/v1/query?board=00111/01011/10001/11010/11100");
    assert_eq!(json(&body)["fewest"], 3);
}

#[test]
fn get_query_agrees_with_enumeration_on_random_grids() {
    let server = Server::start(&[]);
    let mut rng = Rng(99);
    for _ in 0..300 {
        let grid = rng.next_u64() as u32 & lightsout::ALL_ON;
        let text: String = (0..25)
            .map(|i| if grid >> i & 1 == 1 { '1' } else { '0' })
            .collect();
        let (_, body) = server.get(&format!("/v1/query?grid={text}"));
        let expected = lightsout::first_row_min_presses(grid);
        assert_eq!(
            json(&body)["fewest"].as_u64(),
            expected.map(u64::from),
            "{text}"
        );
    }
}

#[test]
fn a_bad_grid_is_a_400_with_the_column() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/v1/query?grid=00111x");
    assert_eq!(status, 400);
    assert!(
        json(&body)["error"].as_str().unwrap().contains("column 6"),
        "{body}"
    );
    let (status, _) = server.get("/v1/query?grid=0011");
    assert_eq!(status, 400);
    let (status, _) = server.get("/v1/query?grid=0011101011100011101011100&target=up");
    assert_eq!(status, 400);
}

#[test]
fn post_query_is_exactly_what_the_command_line_prints() {
    let server = Server::start(&[]);
    let mut rng = Rng(5);
    let grids: Vec<u32> = (0..5000)
        .map(|_| rng.next_u64() as u32 & lightsout::ALL_ON)
        .collect();
    let input = classic_input(&grids);
    for (query, args) in [
        ("", vec!["query"]),
        ("?moves=true", vec!["query", "--moves"]),
        (
            "?method=algebra&max_steps=15&target=off",
            vec![
                "query",
                "--method",
                "algebra",
                "--max-steps",
                "15",
                "--target",
                "off",
            ],
        ),
        (
            "?method=enumerate&max_steps=3",
            vec!["query", "--method", "enumerate", "--max-steps", "3"],
        ),
    ] {
        let (status, body) = server.post(&format!("/v1/query{query}"), &input);
        assert_eq!(status, 200, "{query}");
        assert_eq!(body, cli(&args, &input), "{query}");
    }
}

#[test]
fn post_query_with_a_bad_grid_is_a_400_with_line_and_column_and_the_answers_before() {
    let server = Server::start(&[]);
    let (status, body) = server.post(
        "/v1/query",
        "2\n11111\n11111\n11111\n11111\n11111\n\n11x11\n",
    );
    assert_eq!(status, 400);
    let error = json(&body);
    assert!(
        error["error"]
            .as_str()
            .unwrap()
            .contains("line 8, column 3"),
        "{body}"
    );
    assert_eq!(error["answered"], "0\n");
}

#[test]
fn post_query_deeper_than_the_table_names_the_ways_out() {
    let server = Server::start(&[]);
    // Named, the table is held to its depths; unnamed, the method is the command
    // line's: the table where it knows the depth, else the algebra (issue 51: the two
    // doors answered differently).
    let (status, body) = server.post(
        "/v1/query?max_steps=9&method=table",
        &read_data("classic.in"),
    );
    assert_eq!(status, 400);
    assert!(body.contains("method=algebra"), "{body}");
    let (status, answered) = server.post("/v1/query?max_steps=9", &read_data("classic.in"));
    assert_eq!(status, 200, "{answered}");
    assert_eq!(
        answered,
        cli(&["query", "--max-steps", "9"], &read_data("classic.in"))
    );
    // One check, the library's (`request::Query::check`, issue 64): the same sentence
    // at both doors, each in its names (`method=algebra`, `--method algebra`).
    assert!(
        body.contains("max_steps: 9 presses is deeper than the table, which knows depths up to 6"),
        "{body}"
    );
    let refused = lightsout()
        .args(["query", "--max-steps", "9", "--method", "table"])
        .write_stdin(read_data("classic.in"))
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let said = String::from_utf8(refused.stderr).unwrap();
    let words = |text: &str| {
        text.replace("--method ", "method=")
            .replace("--max-steps", "max_steps")
    };
    let sentence = json(&body)["error"].as_str().unwrap().to_string();
    assert!(
        words(&said).contains(&sentence),
        "the command line: {said}\nthe server: {sentence}"
    );
}

#[test]
fn post_solve_is_exactly_what_the_command_line_prints() {
    let server = Server::start(&[]);
    let input = read_data("extended_5x6.in");
    let (status, body) = server.post("/v1/solve?rows=5&cols=6", &input);
    assert_eq!(status, 200);
    assert_eq!(body, read_data("extended_5x6.out"));
    let (status, body) = server.post("/v1/solve?rows=3&cols=3&target=on", "1\n000\n000\n000\n");
    assert_eq!(status, 200);
    assert_eq!(
        body,
        cli(
            &["solve", "--rows", "3", "--cols", "3", "--target", "on"],
            "1\n000\n000\n000\n"
        )
    );
    let (status, _) = server.post("/v1/solve?rows=0&cols=3", "");
    assert_eq!(status, 400);
}

#[test]
fn a_puzzle_needs_exactly_the_steps_asked() {
    let server = Server::start(&[]);
    for steps in [0, 1, 7, 15] {
        let (status, body) = server.get(&format!("/v1/puzzle?steps={steps}&seed=11"));
        assert_eq!(status, 200);
        let text = joined(&json(&body)["board"]);
        let grid = text
            .bytes()
            .enumerate()
            .fold(0u32, |g, (i, b)| g | u32::from(b - b'0') << i);
        assert_eq!(
            lightsout::first_row_min_presses(grid),
            Some(steps),
            "{text}"
        );
        assert_eq!(
            server.get(&format!("/v1/puzzle?steps={steps}&seed=11")).1,
            body,
            "seeded"
        );
    }
    assert_eq!(server.get("/v1/puzzle?steps=16").0, 400);
}

#[test]
fn metrics_count_requests_by_route_and_status() {
    let server = Server::start(&[]);
    server.get("/healthz");
    server.get("/v1/query?grid=bad");
    let (status, body) = server.get("/metrics");
    assert_eq!(status, 200);
    assert!(
        body.contains("lightsout_http_requests_total{route=\"/healthz\",status=\"200\"} 1"),
        "{body}"
    );
    assert!(body.contains("status=\"400\""), "{body}");
    assert!(
        body.contains("lightsout_http_request_duration_seconds_bucket"),
        "{body}"
    );
}

#[test]
fn unknown_paths_and_methods_are_json_404_and_405() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/v2/nothing");
    assert_eq!(status, 404);
    assert!(json(&body)["error"].is_string());
    let mut response = agent()
        .delete(format!("{}/v1/query", server.url))
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 405);
    assert!(json(&response.body_mut().read_to_string().unwrap())["error"].is_string());
}

#[test]
fn a_web_app_on_another_site_may_call_the_api() {
    // Issue 42: an `Origin:` request gets `Access-Control-Allow-Origin`, a preflight is
    // answered, and the description is where API tools look first too.
    let server = Server::start(&[]);
    let response = agent()
        .get(format!(
            "{}/v1/query?grid=0000000000000000000000000",
            server.url
        ))
        .header("Origin", "https://example.org")
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let allowed = response.headers().get("access-control-allow-origin");
    assert_eq!(allowed.and_then(|v| v.to_str().ok()), Some("*"));
    let preflight = agent()
        .options(format!("{}/v1/solve?rows=5&cols=6", server.url))
        .header("Origin", "https://example.org")
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "content-type")
        .call()
        .unwrap();
    assert_eq!(preflight.status().as_u16(), 204);
    let methods = preflight.headers().get("access-control-allow-methods");
    let methods = methods.and_then(|v| v.to_str().ok()).unwrap_or_default();
    assert!(methods.contains("POST"), "{methods:?}");
    let (status, body) = server.get("/openapi.json");
    assert_eq!(status, 200);
    assert_eq!(body, server.get("/v1/openapi.json").1);
}

#[test]
fn cors_names_the_origins_that_may_call_the_api() {
    // Issue 42: `--cors ORIGIN` (repeatable); `none` for no cross-origin calls.
    let server = Server::start(&[
        "--cors",
        "https://app.example",
        "--cors",
        "http://localhost:3000",
    ]);
    let origin_of = |origin: &str| {
        let response = agent()
            .get(format!("{}/v1/games", server.url))
            .header("Origin", origin)
            .call()
            .unwrap();
        response
            .headers()
            .get("access-control-allow-origin")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    assert_eq!(
        origin_of("https://app.example").as_deref(),
        Some("https://app.example")
    );
    assert_eq!(
        origin_of("http://localhost:3000").as_deref(),
        Some("http://localhost:3000")
    );
    assert_eq!(origin_of("https://elsewhere.example"), None);
    let preflight = agent()
        .options(format!("{}/v1/solve?rows=5&cols=6", server.url))
        .header("Origin", "https://app.example")
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "content-type")
        .call()
        .unwrap();
    assert_eq!(preflight.status().as_u16(), 204);
    let none = Server::start(&["--cors", "none"]);
    let response = agent()
        .get(format!("{}/v1/games", none.url))
        .header("Origin", "https://app.example")
        .call()
        .unwrap();
    assert!(response
        .headers()
        .get("access-control-allow-origin")
        .is_none());
    lightsout()
        .args(["serve", "--cors", "app.example"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "expected an origin as browsers send it",
        ));
}

#[test]
fn a_body_over_the_limit_is_a_413() {
    let server = Server::start(&["--max-body", "1000"]);
    let input = classic_input(&[0; 100]);
    let (status, body) = server.post("/v1/query", &input);
    assert_eq!(status, 413, "{body}");
    assert!(json(&body)["error"].is_string());
}

#[test]
fn a_shape_too_large_for_any_body_is_refused_before_any_work() {
    let server = Server::start(&["--max-body", "1000"]);
    let (status, body) = server.post("/v1/solve?rows=30000&cols=30000", "");
    assert_eq!(status, 413, "{body}");
}

#[test]
fn a_streamed_body_over_the_limit_is_a_413() {
    let server = Server::start(&["--max-body", "1000"]);
    let text = classic_input(&[0; 100]).into_bytes();
    // No declared length: the limit is met while the body is read.
    let mut response = agent()
        .post(format!("{}/v1/query", server.url))
        .send(ureq::SendBody::from_reader(&mut Slow { text, at: 0 }))
        .unwrap();
    assert_eq!(response.status().as_u16(), 413);
    let answer = json(&response.body_mut().read_to_string().unwrap());
    assert!(answer["error"].is_string());
    // Issue 19, item 10: every grid wholly inside the limit is answered (the chunk
    // that crossed the limit was dropped whole, and its grids with it).
    let inside = &classic_input(&[0; 100]).into_bytes()[..1000];
    let cli = lightsout()
        .arg("query")
        .write_stdin(inside)
        .output()
        .unwrap();
    assert_eq!(answer["answered"], String::from_utf8(cli.stdout).unwrap());
}

#[test]
fn the_page_has_a_board_of_buttons() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/");
    assert_eq!(status, 200);
    assert!(body.contains("data-testid=\"presses\""));
    assert!(body.contains("dataset.row"));
}

#[test]
fn sixty_four_concurrent_clients_all_get_right_answers() {
    let server = Server::start(&[]);
    let url = server.url.clone();
    let threads: Vec<_> = (0..64)
        .map(|t| {
            let url = url.clone();
            std::thread::spawn(move || {
                let agent = agent();
                let mut rng = Rng(t);
                for _ in 0..25 {
                    let grid = rng.next_u64() as u32 & lightsout::ALL_ON;
                    let text: String = (0..25)
                        .map(|i| if grid >> i & 1 == 1 { '1' } else { '0' })
                        .collect();
                    let mut response = agent
                        .get(format!("{url}/v1/query?grid={text}"))
                        .call()
                        .unwrap();
                    assert_eq!(response.status().as_u16(), 200);
                    let answer = json(&response.body_mut().read_to_string().unwrap());
                    let expected = lightsout::first_row_min_presses(grid);
                    assert_eq!(answer["fewest"].as_u64(), expected.map(u64::from));
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
}

/// A body that arrives slowly: the request is in flight when the server is told to stop.
struct Slow {
    text: Vec<u8>,
    at: usize,
}

impl Read for Slow {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.at == self.text.len() {
            return Ok(0);
        }
        std::thread::sleep(Duration::from_millis(20));
        let n = buf.len().min(4096).min(self.text.len() - self.at);
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[test]
fn sigterm_finishes_the_request_in_flight_then_exits_0() {
    let mut server = Server::start(&[]);
    let url = server.url.clone();
    let input = classic_input(&[lightsout::ALL_ON; 2000]);
    let expected = "0\n".repeat(2000);
    let request = std::thread::spawn(move || {
        let mut response = agent()
            .post(format!("{url}/v1/query"))
            .send(ureq::SendBody::from_reader(&mut Slow {
                text: input.into_bytes(),
                at: 0,
            }))
            .unwrap();
        (
            response.status().as_u16(),
            response.body_mut().read_to_string().unwrap(),
        )
    });
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill sends a signal to our own child.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let (status, body) = request.join().unwrap();
    assert_eq!(status, 200);
    assert_eq!(body, expected);
    let start = Instant::now();
    let code = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status.code();
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still running");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(code, Some(0));
}

// Hardening, round three (issue 19).

/// The server's peak resident memory so far, in bytes (`VmHWM`).
fn peak_memory(server: &Server) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib * 1024
}

/// `path` on a new connection with `body`; the status, or `None` when the connection
/// was dropped without an answer.
fn post_status(url: &str, path: &str, body: Vec<u8>) -> Option<u16> {
    let response = agent()
        .post(format!("{url}{path}"))
        .content_type("text/plain")
        .send(&body[..]);
    response.ok().map(|r| r.status().as_u16())
}

#[test]
fn eighty_hostile_shape_requests_cost_no_solver_and_little_memory() {
    // Item 1: a 2-byte body built a 2339 x 1793 solver (100 MB) before the body was
    // read; 80 at once took gigabytes.
    let server = Server::start(&[]);
    let url = server.url.clone();
    let clients: Vec<_> = (0..80)
        .map(|i| {
            let url = url.clone();
            std::thread::spawn(move || {
                let body = if i % 2 == 0 {
                    b"0\n".to_vec()
                } else {
                    b"x".to_vec()
                };
                post_status(&url, "/v1/solve?rows=2339&cols=1793", body)
            })
        })
        .collect();
    // The server stays responsive meanwhile. A solver of this shape takes about 5 s
    // to build (`solve --rows 2339 --cols 1793`, one board), so the old behaviour
    // held `/healthz` for seconds; without it, `/healthz` answers in a few ms, but
    // 80 connections on 2 cores put it past 50 ms in about 1 run of 8 (57-72 ms seen,
    // before and after 2026-12-02's changes), hence 250 ms.
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(500) {
        let t = Instant::now();
        assert_eq!(server.get("/healthz").0, 200);
        assert!(
            t.elapsed() < Duration::from_millis(250),
            "healthz {:?}",
            t.elapsed()
        );
    }
    for client in clients {
        let status = client.join().unwrap();
        assert!(
            matches!(status, Some(200 | 400 | 503)),
            "every response is an answer, a 503 or a 4xx: {status:?}"
        );
    }
    let peak = peak_memory(&server);
    assert!(peak < 200 << 20, "peak {peak} bytes");
}

#[test]
fn heavy_boards_at_once_wait_their_turn_in_bounded_memory() {
    // Item 1: whole boards of a large shape, more at once than there are slots: each
    // gets its answer or a 503, and memory stays bounded (slots, a solver cache).
    let server = Server::start(&["--jobs", "2"]);
    let url = server.url.clone();
    let (rows, cols) = (1024, 1024);
    let board = format!("1\n{}", ("1".repeat(cols) + "\n").repeat(rows));
    let clients: Vec<_> = (0..12)
        .map(|_| {
            let (url, board) = (url.clone(), board.clone());
            std::thread::spawn(move || {
                post_status(
                    &url,
                    &format!("/v1/solve?rows={rows}&cols={cols}"),
                    board.into_bytes(),
                )
            })
        })
        .collect();
    for client in clients {
        let status = client.join().unwrap();
        assert!(matches!(status, Some(200 | 503)), "{status:?}");
    }
    let peak = peak_memory(&server);
    assert!(peak < 512 << 20, "peak {peak} bytes");
}

#[test]
fn a_shape_past_the_light_limit_is_refused_with_its_size_whatever_the_body_limit() {
    // Item 9: with --max-body raised, 2^40 lights and a 2-byte body aborted the server
    // on a 137 GB allocation.
    let server = Server::start(&["--max-body", "1000000000000"]);
    let (status, body) = server.post("/v1/solve?rows=1048576&cols=1048576", "0\n");
    assert_eq!(status, 413, "{body}");
    let message = json(&body)["error"].as_str().unwrap().to_string();
    assert!(
        message.contains("1048576 x 1048576 board has 1,099,511,627,776 lights"),
        "{message}"
    );
    assert_eq!(server.get("/healthz").0, 200, "the server is still up");
}

#[test]
fn idle_and_silent_sockets_are_closed_and_healthz_is_unaffected() {
    // Item 5: sockets that send nothing, and an idle keep-alive, stayed open for good.
    use std::io::Write as _;
    let server = Server::start(&["--idle-timeout", "1", "--header-timeout", "1"]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut idle: Vec<std::net::TcpStream> = (0..300)
        .map(|_| std::net::TcpStream::connect(&addr).unwrap())
        .collect();
    let t = Instant::now();
    assert_eq!(server.get("/healthz").0, 200);
    assert!(t.elapsed() < Duration::from_millis(50), "{:?}", t.elapsed());
    // A trickler: a header line now and then, never the end of the head.
    let mut trickler = std::net::TcpStream::connect(&addr).unwrap();
    trickler.write_all(b"GET /healthz HTTP/1.1\r\n").unwrap();
    let start = Instant::now();
    for socket in idle.iter_mut().chain(std::iter::once(&mut trickler)) {
        socket
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut byte = [0u8; 64];
        // Closed by the server: EOF (or a reset), not a timeout.
        loop {
            let _ = socket.write_all(b"X-Slow: 1\r\n");
            match socket.read(&mut byte) {
                Ok(0) | Err(_) => break,
                Ok(_) => continue, // a 408 or 400 before the close
            }
        }
    }
    assert!(
        start.elapsed() < Duration::from_secs(8),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(server.get("/healthz").0, 200);
}

#[test]
fn clients_that_never_read_their_answer_lose_their_slot() {
    // Item 5: 30 clients that POST and never read held 30 blocking threads for minutes.
    use std::io::Write as _;
    let server = Server::start(&["--idle-timeout", "0.5", "--jobs", "2"]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let grids = classic_input(&[0; 100_000]);
    let stuck: Vec<std::net::TcpStream> = (0..4)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            let head = format!(
                "POST /v1/query HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n",
                grids.len()
            );
            s.write_all(head.as_bytes()).unwrap();
            s.write_all(grids.as_bytes()).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    let (status, body) = server.post("/v1/query", &classic_input(&[lightsout::ALL_ON]));
    assert_eq!((status, body.as_str()), (200, "0\n"));
    drop(stuck);
}

#[test]
fn sigterm_exits_within_the_deadline_whatever_the_clients_do() {
    // Item 5: SIGTERM while a client trickles a request: still alive 30 s later. The
    // grace period is shortened (8 s by default); the exit must come at its end.
    use std::io::Write as _;
    let mut server = Server::start(&["--shutdown-timeout", "1"]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut trickler = std::net::TcpStream::connect(&addr).unwrap();
    trickler
        .write_all(b"POST /v1/query HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n1000\n")
        .unwrap();
    let feeding = std::thread::spawn(move || {
        for _ in 0..200 {
            if trickler.write_all(b"00000\n").is_err() {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: kill sends a signal to our own child.
    unsafe { libc::kill(server.child.id() as i32, libc::SIGTERM) };
    let start = Instant::now();
    loop {
        if server.child.try_wait().unwrap().is_some() {
            break;
        }
        assert!(start.elapsed() < Duration::from_secs(5), "still running");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The trickled request was given its grace period, not dropped at once.
    assert!(
        start.elapsed() >= Duration::from_millis(900),
        "{:?}",
        start.elapsed()
    );
    feeding.join().unwrap();
}

#[test]
fn a_request_out_of_search_time_says_which_answers_are_unproven() {
    // Item 6: 1,000 boards of 30 x 30 cost 6 s of CPU, silently unproven.
    let server = Server::start(&["--search-time", "0.05"]);
    let mut rng = Rng(19);
    let mut text = String::from("300\n");
    for _ in 0..300 {
        // Solvable: what random presses make of a dark board.
        let presses = common::random_board(&mut rng, 30, 30);
        let board = lightsout::Board::new(30, 30).after_presses(&presses);
        for r in 0..30 {
            for c in 0..30 {
                text.push(if board.get(r, c) { '1' } else { '0' });
            }
            text.push('\n');
        }
    }
    let start = Instant::now();
    let (status, body) = server.post("/v1/solve?rows=30&cols=30", &text);
    assert_eq!(status, 200);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "{:?}",
        start.elapsed()
    );
    let last = body.lines().last().unwrap();
    assert!(
        last.starts_with("# not proven the fewest: ") && last.contains(" of 300 boards: "),
        "{last}"
    );
    // A request within its time proves every answer and says nothing more.
    let (_, body) = server.post("/v1/solve?rows=5&cols=6", &read_data("extended_5x6.in"));
    assert_eq!(body, read_data("extended_5x6.out"));
}

#[test]
fn query_values_are_percent_decoded_and_errors_count_characters() {
    // Item 10: `max_steps=%33` was a 400; a grid error's column counted bytes.
    let server = Server::start(&[]);
    let input = classic_input(&[0b111]);
    let (status, body) = server.post("/v1/query?max_steps=%33", &input);
    assert_eq!(status, 200, "{body}");
    let (_, plain) = server.post("/v1/query?max_steps=3", &input);
    assert_eq!(body, plain);
    let (status, body) = server.get("/v1/query?grid=%C3%A9%C3%A91");
    assert_eq!(status, 400);
    assert!(
        json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("column 1: expected a state 0..1, found `é`"),
        "{body}"
    );
    let (status, body) = server.get("/v1/query?grid=0000000000000000000000002");
    assert_eq!(status, 400);
    assert!(
        json(&body)["error"].as_str().unwrap().contains("column 25"),
        "{body}"
    );
}

#[test]
fn an_unsolvable_grid_has_no_moves_rather_than_an_empty_list() {
    let server = Server::start(&[]);
    let (_, body) = server.get("/v1/query?grid=0111111111111111111111111&moves=true");
    let answer = json(&body);
    assert!(answer["fewest"].is_null());
    assert!(answer["presses"].is_null(), "{body}");
}

#[test]
fn errors_say_what_to_do() {
    let server = Server::start(&[]);
    let mut response = agent()
        .put(format!("{}/v1/solve?rows=5&cols=6", server.url))
        .send("")
        .unwrap();
    let body = response.body_mut().read_to_string().unwrap();
    assert_eq!(response.status().as_u16(), 405);
    assert!(
        json(&body)["error"].as_str().unwrap().contains("use POST"),
        "{body}"
    );
    let (status, body) = server.post("/v1/solve?cols=6", "");
    assert_eq!(status, 400);
    assert!(
        json(&body)["error"]
            .as_str()
            .unwrap()
            .contains("rows=5&cols=6"),
        "{body}"
    );
}

#[test]
fn rare_puzzles_come_from_the_list_made_at_start_and_match_the_command_line() {
    // Item 7: steps 0..3 scanned the exact table on an async worker per request.
    let server = Server::start(&[]);
    for (steps, seed) in [(0, 1), (1, 5), (2, 77), (3, 9)] {
        let (status, body) = server.get(&format!("/v1/puzzle?steps={steps}&seed={seed}"));
        assert_eq!(status, 200);
        let grid = joined(&json(&body)["board"]);
        let cli = cli(
            &[
                "puzzles",
                "--count",
                "1",
                "--steps",
                &steps.to_string(),
                "--seed",
                &seed.to_string(),
            ],
            "",
        );
        let cli_grid: String = cli.lines().skip(1).collect::<Vec<_>>().concat();
        assert_eq!(grid, cli_grid.replace(' ', ""), "steps {steps}");
    }
}

#[test]
fn addr_takes_host_names_and_a_bare_port_and_says_what_to_do_when_taken() {
    // Issue 23: `localhost:8080` and `:8089` were refused.
    for addr in ["localhost:0", ":0"] {
        let (mut child, line) = common::spawn_first_line(
            Command::new(assert_cmd::cargo::cargo_bin("lightsout"))
                .args(["serve", "--addr", addr])
                .stderr(Stdio::null()),
        );
        let _ = child.kill();
        let _ = child.wait();
        assert!(
            line.starts_with("lightsout: serving on http://127.0.0.1:"),
            "{addr}: {line}"
        );
    }
    for bad in ["8080", ":http", "localhost:", "host:99999", ":"] {
        lightsout()
            .args(["serve", "--addr", bad])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("--addr: expected HOST:PORT"));
    }
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    lightsout()
        .args(["serve", "--addr", &addr])
        .assert()
        .code(1)
        .stderr(predicates::str::contains(
            "the port is in use (another server?); pick another port, or `--addr 127.0.0.1:0`",
        ));
}

#[test]
fn post_solve_takes_every_game_flag_and_answers_as_the_command_line() {
    // Every kind of game: other rules and topologies, a built-in map, K states prime
    // and composite, a target state: the body is byte for byte what `solve` prints.
    let server = Server::start(&[]);
    let mut rng = Rng(21);
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec![
                "--rows",
                "4",
                "--cols",
                "6",
                "--topology",
                "torus",
                "--rule",
                "box",
            ],
            {
                let mut text = String::from("5\n");
                for _ in 0..5 {
                    let board = common::random_board(&mut rng, 4, 6);
                    for r in 0..4 {
                        let row: String = (0..6)
                            .map(|c| if board.get(r, c) { '1' } else { '0' })
                            .collect();
                        text.push_str(&row);
                        text.push('\n');
                    }
                }
                text
            },
        ),
        (
            vec!["--game", "merlin"],
            "2\n111111111\n010000000\n".to_string(),
        ),
        (
            vec!["--game", "2000", "--target", "on"],
            "1\n00000\n01210\n02120\n01210\n00000\n".to_string(),
        ),
        (
            vec![
                "--rows",
                "3",
                "--cols",
                "4",
                "--states",
                "6",
                "--topology",
                "cylinder",
            ],
            "2\n0123\n4501\n2345\n5555\n0000\n1234\n".to_string(),
        ),
        (
            vec![
                "--rows", "2", "--cols", "2", "--states", "12", "--target", "7",
            ],
            "1\n10 11\n3 0\n".to_string(),
        ),
    ];
    for (flags, input) in &cases {
        let mut args = vec!["solve"];
        args.extend(flags.iter().copied());
        let expected = cli(&args, input);
        assert!(!expected.is_empty(), "{flags:?}");
        let query: Vec<String> = flags
            .chunks(2)
            .map(|kv| format!("{}={}", kv[0].trim_start_matches("--"), kv[1]))
            .collect();
        let (status, body) = server.post(&format!("/v1/solve?{}", query.join("&")), input);
        assert_eq!(status, 200, "{flags:?}: {body}");
        assert_eq!(body, expected, "{flags:?}");
    }
    // Errors say what to do.
    let (status, body) = server.post("/v1/solve?rows=2&cols=2&states=1", "1\n00\n00\n");
    assert_eq!(status, 400);
    assert!(body.contains("from 2 to 255"), "{body}");
    let (status, body) = server.post("/v1/solve?game=/etc/passwd", "1\n0\n");
    assert_eq!(status, 400);
    // The one sentence of every door that takes a built-in game's name.
    assert!(
        body.contains("game: expected a built-in game (cube, "),
        "{body}"
    );
    let (status, body) = server.post("/v1/solve?rows=2&cols=2&states=3&target=3", "1\n00\n00\n");
    assert_eq!(status, 400);
    assert!(body.contains("a state 0..2"), "{body}");
}

#[test]
fn get_games_lists_the_built_in_games() {
    let server = Server::start(&[]);
    let (status, body) = server.get("/v1/games");
    assert_eq!(status, 200);
    let games = json(&body)["games"].as_array().unwrap().clone();
    let names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["cube", "merlin", "orbix", "xl25", "deluxe", "2000", "mini"]
    );
    let two_thousand = &games[5];
    assert_eq!(two_thousand["states"], 3);
    assert_eq!(two_thousand["grid"]["rows"], 5);
    assert_eq!(games[0]["lights"], 54);
    assert!(games[0]["grid"].is_null());
    // Issue 72, item 4: the page reads its limits (the coach's budget, the board it
    // draws) from the server's row of the library's table, which the document shows.
    let (status, body) = server.get("/v1/limits");
    assert_eq!(status, 200);
    let limits = json(&body);
    assert_eq!(limits, lightsout::request::limits::SERVER.json());
    let document = json(include_str!("../../src/app/serve/openapi.json"));
    let example = &document["paths"]["/v1/limits"]["get"]["responses"]["200"]["content"]
        ["application/json"]["example"];
    assert_eq!(example, &limits);
    let (status, body) = server.get("/v1/limits?rows=5");
    assert_eq!(status, 400, "{body}");
}

#[test]
fn the_openapi_document_describes_every_route_and_each_parameter_is_taken() {
    // Every route of the router (read from src/app/serve/mod.rs) is in the document, and
    // every documented query parameter is one the server takes (an unknown one is a
    // 400 naming the known ones, so each is sent once and must not be refused so).
    let server = Server::start(&[]);
    let (status, body) = server.get("/v1/openapi.json");
    assert_eq!(status, 200);
    let doc = json(&body);
    let paths = doc["paths"].as_object().unwrap();
    let router =
        std::fs::read_to_string(crate::common::root().join("src/app/serve/mod.rs")).unwrap();
    let routes: Vec<&str> = router
        .split(".route(\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    assert!(routes.len() >= 8, "{routes:?}");
    for route in &routes {
        assert!(paths.contains_key(*route), "{route} is not documented");
    }
    assert_eq!(
        paths.len(),
        routes.len(),
        "documented routes that do not exist"
    );
    for (path, item) in paths {
        for (method, operation) in item.as_object().unwrap() {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap();
                let query = format!("{path}?{name}=x");
                let (status, body) = if method == "get" {
                    server.get(&query)
                } else {
                    server.post(&query, "")
                };
                assert!(
                    !body.contains(&format!("unknown parameter `{name}`")),
                    "{method} {path}: {name} is refused ({status}): {body}"
                );
            }
        }
    }
}

#[test]
fn get_puzzle_draws_boards_of_any_game_with_their_proven_fewest() {
    let server = Server::start(&[]);
    for (query, flags) in [
        (
            "rows=6&cols=6&presses=5&seed=3",
            vec!["--rows", "6", "--cols", "6"],
        ),
        (
            "rows=4&cols=5&topology=torus&rule=box&presses=3&seed=4",
            vec![
                "--rows",
                "4",
                "--cols",
                "5",
                "--topology",
                "torus",
                "--rule",
                "box",
            ],
        ),
        ("game=2000&presses=6&seed=5", vec!["--game", "2000"]),
        (
            "rows=3&cols=3&states=6&presses=4&seed=6",
            vec!["--rows", "3", "--cols", "3", "--states", "6"],
        ),
    ] {
        let (status, body) = server.get(&format!("/v1/puzzle?{query}"));
        assert_eq!(status, 200, "{query}: {body}");
        let puzzle = json(&body);
        assert_eq!(puzzle["proven"], true, "{query}");
        let wanted: u64 = query
            .split("presses=")
            .nth(1)
            .unwrap()
            .split('&')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(puzzle["fewest"], wanted, "{query}");
        // The command line agrees: the board's answer has exactly that many presses.
        let rows: Vec<String> = puzzle["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap().to_string())
            .collect();
        let input = format!("1\n{}\n", rows.join("\n"));
        // Toward the puzzle's own target (on for the classic game, as `puzzles`).
        let target = puzzle["target"].as_str().unwrap().to_string();
        let mut args = vec!["solve", "--target", &target];
        args.extend(flags.iter().copied());
        let answer = cli(&args, &input);
        let total: u64 = answer
            .lines()
            .filter(|l| !l.starts_with("PUZZLE"))
            .flat_map(|l| l.split_whitespace().map(|v| v.parse::<u64>().unwrap()))
            .sum();
        assert_eq!(total, wanted, "{query}: {answer}");
    }
    let (status, body) = server.get("/v1/puzzle?rows=6&cols=6&presses=x");
    assert_eq!(status, 400);
    assert!(body.contains("presses"), "{body}");
    let (status, body) = server.get("/v1/puzzle?rows=2&cols=2&presses=99");
    assert_eq!(status, 400);
    assert!(body.contains("99 is more than this game's 4"), "{body}");
    let (status, body) = server.get("/v1/puzzle?rows=1000&cols=1000");
    assert_eq!(status, 413, "{body}");
}

/// The games the play routes are held to: every built-in one and grid games of each
/// topology, named and literal rules, two to five states; as (query, CLI flags).
fn played_games() -> Vec<(String, Vec<String>)> {
    let mut games: Vec<(String, Vec<String>)> =
        ["cube", "merlin", "orbix", "xl25", "deluxe", "2000", "mini"]
            .iter()
            .map(|g| {
                (
                    format!("game={g}"),
                    vec!["--game".to_string(), g.to_string()],
                )
            })
            .collect();
    for (rows, cols, topology, rule, states) in [
        (4, 5, "torus", "cross", 3),
        (6, 6, "projective", "plus", 4),
        (5, 5, "plane", "knight", 2),
        (3, 7, "cylinder", "010/121/010", 3),
        (7, 4, "plane", "ring", 5),
        (8, 8, "torus", "box", 2),
    ] {
        let query = format!(
            "rows={rows}&cols={cols}&topology={topology}&rule={}&states={states}",
            rule.replace('/', "%2F")
        );
        let flags = [
            "--rows",
            &rows.to_string(),
            "--cols",
            &cols.to_string(),
            "--topology",
            topology,
            "--rule",
            rule,
            "--states",
            &states.to_string(),
        ]
        .map(str::to_string)
        .to_vec();
        games.push((query, flags));
    }
    games
}

/// The shape boards of a `GET /v1/game` answer are written in, and its states.
fn shape_of_game(game: &serde_json::Value) -> (usize, usize, u8) {
    let lights = game["lights"].as_u64().unwrap() as usize;
    let k = game["states"].as_u64().unwrap() as u8;
    match game["grid"].as_object() {
        Some(grid) => (
            grid["rows"].as_u64().unwrap() as usize,
            grid["cols"].as_u64().unwrap() as usize,
            k,
        ),
        None => (1, lights, k),
    }
}

fn board_lines(board: &[u8], cols: usize) -> String {
    board
        .chunks(cols)
        .map(|row| row.iter().map(|d| char::from(b'0' + d)).collect::<String>() + "\n")
        .collect()
}

#[test]
fn get_game_gives_each_buttons_pattern_as_the_command_line_presses_it() {
    // Each button's pattern from /v1/game, as a board, is cleared by pressing that
    // button K - 1 times: `lightsout check` says so with the same flags.
    let server = Server::start(&[]);
    for (query, flags) in played_games() {
        let (status, body) = server.get(&format!("/v1/game?{query}"));
        assert_eq!(status, 200, "{query}: {body}");
        let game = json(&body);
        let (rows, cols, k) = shape_of_game(&game);
        let buttons = game["buttons"].as_array().unwrap();
        assert_eq!(buttons.len(), rows * cols, "{query}");
        let layout = game["layout"]["cells"].as_array().unwrap();
        assert_eq!(layout.len(), rows * cols, "{query}: a place a light");
        let (mut boards, mut answers) = (format!("{}\n", buttons.len()), String::new());
        for (b, pattern) in buttons.iter().enumerate() {
            let mut board = vec![0u8; rows * cols];
            // Lights from 1, as the command line counts them.
            for pair in pattern.as_array().unwrap() {
                board[pair[0].as_u64().unwrap() as usize - 1] = pair[1].as_u64().unwrap() as u8;
            }
            boards.push_str(&board_lines(&board, cols));
            let mut presses = vec![0u8; rows * cols];
            presses[b] = k - 1;
            if game["grid"].is_object() {
                // Grid games' answers have a header, as `solve` prints them.
                answers.push_str(&format!("PUZZLE #{}\n", b + 1));
            }
            for row in presses.chunks(cols) {
                let words: Vec<String> = row.iter().map(u8::to_string).collect();
                answers.push_str(&(words.join(" ") + "\n"));
            }
        }
        let dir = tempfile::tempdir().unwrap();
        let (board_file, answer_file) = (dir.path().join("boards"), dir.path().join("answers"));
        std::fs::write(&board_file, boards).unwrap();
        std::fs::write(&answer_file, answers).unwrap();
        lightsout()
            .arg("check")
            .args(&flags)
            .arg(&board_file)
            .arg(&answer_file)
            .assert()
            .success();
    }
}

#[test]
fn one_board_gets_one_answer_and_one_target_through_every_door() {
    // Issue 40: the same board and flags give the same presses and the same target
    // through `solve`, `POST /v1/solve`, `explain` and `check` (the page's `GET
    // /v1/solve` is held to `solve` below), the classic game's included.
    let server = Server::start(&[]);
    let mut games = played_games();
    let classic: Vec<String> = ["--rows", "5", "--cols", "5"].map(String::from).to_vec();
    games.push(("rows=5&cols=5".to_string(), classic));
    let mut rng = Rng(0x0e_d00e5);
    let dir = tempfile::tempdir().unwrap();
    for (query, flags) in games {
        let game = json(&server.get(&format!("/v1/game?{query}")).1);
        let (rows, cols, k) = shape_of_game(&game);
        for target in ["off", "on"] {
            // To all off: a board that random presses made (solvable); to all on, any.
            let mut board: Vec<u8> = vec![0; rows * cols];
            for (b, pattern) in game["buttons"].as_array().unwrap().iter().enumerate() {
                let times = rng.below(u64::from(k));
                for pair in pattern.as_array().unwrap() {
                    let (light, amount) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
                    let light = &mut board[light as usize - 1];
                    *light = ((u64::from(*light) + times * amount) % u64::from(k)) as u8;
                }
                if target == "on" && b < board.len() {
                    board[b] = rng.below(u64::from(k)) as u8;
                }
            }
            let input = format!("1\n{}", board_lines(&board, cols));
            let with = |command: &str| {
                let mut args = vec![command.to_string(), "--target".into(), target.into()];
                args.extend(flags.iter().cloned());
                args
            };
            let args = with("solve");
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let printed = cli(&args, &input);
            let (status, body) = server.post(&format!("/v1/solve?{query}&target={target}"), &input);
            assert_eq!((status, &body), (200, &printed), "{query} to {target}");
            let args = with("explain");
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let explained = cli(&args, &input);
            let head = explained.lines().next().unwrap_or_default();
            let goal = match (k, target) {
                (2, _) => format!("to all {target}"),
                (_, "off") => "to every light 0".to_string(),
                _ => format!("to every light {}", k - 1),
            };
            // An unsolvable two-state board: "no presses turn every light on".
            let unsolvable = format!("every light {target}");
            let named = head.contains(&goal) || (k == 2 && head.contains(&unsolvable));
            assert!(named, "{query}: {head:?} names {goal:?}");
            let answer: Vec<&str> = printed
                .lines()
                .filter(|l| !l.starts_with("PUZZLE"))
                .collect();
            if answer == ["no solution"] {
                assert_eq!(target, "on", "{query}: a board presses made is solvable");
                let none = head.contains("no solution") || head.contains("cannot be solved");
                assert!(none, "{query}: {head:?}");
            } else {
                let total: u64 = answer
                    .iter()
                    .flat_map(|l| l.split(' '))
                    .map(|w| w.parse::<u64>().unwrap())
                    .sum();
                let count = if total == 1 {
                    "1 press ".to_string()
                } else {
                    format!("{total} presses")
                };
                assert!(head.contains(&count), "{query}: {head:?} says {count:?}");
            }
            let (boards, answers) = (dir.path().join("boards"), dir.path().join("answers"));
            std::fs::write(&boards, &input).unwrap();
            std::fs::write(&answers, &printed).unwrap();
            lightsout()
                .args(with("check"))
                .arg(&boards)
                .arg(&answers)
                .assert()
                .success();
        }
    }
}

#[test]
fn get_solve_answers_one_board_of_every_game_as_the_command_line_does() {
    let server = Server::start(&[]);
    let mut rng = Rng(0x5eed_0f9a3e);
    for (query, flags) in played_games() {
        let game = json(&server.get(&format!("/v1/game?{query}")).1);
        let (rows, cols, k) = shape_of_game(&game);
        for round in 0..6 {
            let board: Vec<u8> = (0..rows * cols)
                .map(|_| rng.below(u64::from(k)) as u8)
                .collect();
            let target = ["off", "on", "1"][round % 3];
            let digits: String = board.iter().map(|d| char::from(b'0' + d)).collect();
            let (status, body) =
                server.get(&format!("/v1/solve?{query}&board={digits}&target={target}"));
            assert_eq!(status, 200, "{query}: {body}");
            let answer = json(&body);
            let mut args = vec!["solve", "--target", target];
            args.extend(flags.iter().map(String::as_str));
            let printed = cli(&args, &format!("1\n{}", board_lines(&board, cols)));
            let expected: Vec<&str> = printed
                .lines()
                .filter(|l| !l.starts_with("PUZZLE"))
                .collect();
            if expected == ["no solution"] {
                assert_eq!(answer["solvable"], false, "{query} {digits}");
                continue;
            }
            // The presses' rows as every answer writes a board: digits, adjacent.
            let rows_of: Vec<String> = answer["presses"]
                .as_array()
                .unwrap()
                .iter()
                .map(|row| row.as_str().unwrap().replace(' ', ""))
                .collect();
            let spaced: Vec<String> = expected.iter().map(|l| l.replace(' ', "")).collect();
            assert_eq!(rows_of, spaced, "{query} {digits} to {target}");
            let total: u64 = expected
                .iter()
                .flat_map(|l| l.split(' '))
                .map(|w| w.parse::<u64>().unwrap())
                .sum();
            assert_eq!(answer["fewest"], total);
            // The goal as the request takes it: state 1 of two is "on".
            let named = if target == "1" && k == 2 {
                "on"
            } else {
                target
            };
            assert_eq!(answer["target"], named, "{query}");
            assert_eq!(answer["proven"], true, "{query}: small games are proven");
        }
    }
    // Errors say what was expected and where.
    let (status, body) = server.get("/v1/solve?rows=2&cols=2&board=0120");
    assert_eq!(status, 400);
    assert!(
        body.contains("column 3: expected a state 0..1, found `2`"),
        "{body}"
    );
    // One board's search is bounded by its budget: a larger one is refused, not run.
    let (status, body) = server.get("/v1/solve?rows=2&cols=2&board=0000&search_budget=4294967297");
    assert_eq!(status, 400);
    assert!(
        body.contains("at most that, or run `lightsout solve"),
        "{body}"
    );
    // A board as large as a body's (hardening seven, item 5: the static page's), and
    // past it a 413 before any work.
    let (status, body) = server.get("/v1/solve?rows=2100&cols=2100&board=1");
    assert_eq!(status, 413);
    assert!(body.contains("4,410,000 lights"), "{body}");
    let (status, body) = server.get("/favicon.ico");
    assert_eq!(status, 200);
    assert!(body.starts_with("<svg"), "{body}");
}

#[test]
fn slow_clients_hold_no_stream_slot() {
    // Issue 39, item 5: four connections that POST with `Content-Length: 1000000` and
    // then send a byte every so often held the four slots, and every other POST got 503.
    // A slot is now held while a stream works, not while it waits for its client.
    use std::io::Write as _;
    let server = Server::start(&["--jobs", "2"]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let trickles: Vec<_> = (0..4)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            s.write_all(b"POST /v1/query HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
                .unwrap();
            s.write_all(b"100000\n").unwrap();
            let stop = stop.clone();
            std::thread::spawn(move || {
                for _ in 0..100 {
                    if stop.load(std::sync::atomic::Ordering::Relaxed) || s.write_all(b"1").is_err()
                    {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(300));
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    for _ in 0..3 {
        let (status, body) = server.post("/v1/query", &classic_input(&[lightsout::ALL_ON]));
        assert_eq!((status, body.as_str()), (200, "0\n"));
        let (status, _) = server.post("/v1/solve?rows=5&cols=6", &read_data("extended_5x6.in"));
        assert_eq!(status, 200);
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for t in trickles {
        t.join().unwrap();
    }
}

#[test]
fn a_client_that_waits_for_each_answer_gets_it_while_its_body_is_open() {
    // Issue 39, item 5: a chunked POST with one whole grid got no answer for 120 s
    // (answers were held until 64 KiB); when the input stalls, the answers so far go out.
    use std::io::Write as _;
    let server = Server::start(&[]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let mut s = std::net::TcpStream::connect(&addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let chunk = |text: &str| format!("{:x}\r\n{text}\r\n", text.len());
    let head = "POST /v1/query HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(chunk("2\n11111\n11111\n11111\n11111\n11111\n").as_bytes())
        .unwrap();
    let mut seen = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("\r\n0\n") {
        let n = s
            .read(&mut buf)
            .expect("the first answer before the body ends");
        assert!(n > 0, "closed: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    assert!(String::from_utf8_lossy(&seen).starts_with("HTTP/1.1 200"));
    // The second grid (a corner pressed on all on: 1) and the body's end.
    s.write_all(chunk("11111\n11111\n11111\n11110\n11100\n").as_bytes())
        .unwrap();
    s.write_all(b"0\r\n\r\n").unwrap();
    while !String::from_utf8_lossy(&seen).contains("\r\n0\r\n\r\n") {
        let n = s.read(&mut buf).unwrap();
        assert!(n > 0, "closed: {}", String::from_utf8_lossy(&seen));
        seen.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&seen);
    assert!(text.contains("\r\n1\n"), "{text}");
}

#[test]
fn a_game_of_too_many_press_entries_is_refused_before_any_work() {
    // Issue 39, item 3: a 64 x 64 board under a 127 x 127 rule of 1s (a 16 KB URL)
    // built a 146 MB answer and took the server to 3.9 GB.
    let server = Server::start(&[]);
    let ones = |n: usize| vec!["1".repeat(n); n].join("/");
    for (path, says) in [
        (
            format!("/v1/game?rows=64&cols=64&rule={}", ones(127)),
            "66,064,384",
        ),
        (
            format!("/v1/game?rows=128&cols=128&topology=torus&rule={}", ones(9)),
            "the page plays",
        ),
        (
            format!("/v1/solve?rows=64&cols=64&board=0&rule={}", ones(127)),
            "66,064,384",
        ),
    ] {
        let (status, body) = server.get(&path);
        assert_eq!(status, 413, "{body}");
        assert!(body.contains(says), "{body}");
    }
    let (status, body) = server.post(&format!("/v1/solve?rows=64&cols=64&rule={}", ones(127)), "");
    assert_eq!(status, 413, "{body}");
    // Within the bound, every entry is listed.
    let (status, body) = server.get(&format!(
        "/v1/game?rows=32&cols=32&topology=torus&rule={}",
        ones(31)
    ));
    assert_eq!(status, 200);
    let game = json(&body);
    let buttons = game["buttons"].as_array().unwrap();
    assert_eq!(buttons.len(), 1024);
    assert!(buttons
        .iter()
        .all(|b| b.as_array().unwrap().len() == 31 * 31));
    // The command line bounds it too (at a size for one machine, not a server).
    lightsout()
        .args([
            "solve",
            "--rows",
            "128",
            "--cols",
            "128",
            "--topology",
            "torus",
        ])
        .args(["--rule", &ones(255)])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("1,065,369,600"));
}

#[test]
fn the_server_refuses_what_the_command_line_refuses() {
    // Issue 39, item 6: a game with a rule and a topology answered plain Merlin, a
    // game puzzle ignored `steps`, and a repeated `grid` answered the last one.
    let server = Server::start(&[]);
    for (path, says) in [
        (
            "/v1/solve?game=merlin&rule=box&topology=torus&board=111111111",
            "game: cannot be used with topology",
        ),
        (
            "/v1/solve?game=merlin&rule=box&board=111111111",
            "rule box: a built-in game brings its own buttons",
        ),
        (
            "/v1/solve?game=merlin&rows=3&cols=3&board=111111111",
            "game: cannot be used with rows",
        ),
        (
            "/v1/game?game=cube&cols=3",
            "game: cannot be used with cols",
        ),
        (
            "/v1/puzzle?rows=5&cols=5&steps=3&presses=3",
            "steps: another name of presses",
        ),
        (
            "/v1/query?grid=1111111111111111111111111&grid=0000000000000000000000000",
            "grid: given twice",
        ),
        (
            "/v1/solve?rows=3&cols=3&rows=4&board=000000000",
            "rows: given twice",
        ),
    ] {
        let (status, body) = server.get(path);
        assert_eq!(status, 400, "{path}: {body}");
        assert!(body.contains(says), "{path}: {body}");
    }
    let (status, body) = server.post("/v1/solve?game=merlin&topology=torus", "1\n111111111\n");
    assert_eq!(status, 400, "{body}");
    // Errors name the request's parameters, not the command line's flags.
    let (status, body) = server.get("/v1/solve?rows=3&cols=3&rule=x&board=000000000");
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("\"rule: rule `x`, column 1") && !body.contains("--rule"),
        "{body}"
    );
    // The command line refuses the same.
    lightsout()
        .args(["solve", "--game", "merlin", "--rule", "box"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("brings its own buttons"));
}

#[test]
fn a_full_server_closes_an_idle_keep_alive_connection_for_a_new_client() {
    // Issue 39, item 10: 4,096 idle keep-alive connections held every slot, and
    // /healthz got resets until the idle timeout closed them.
    use std::io::Write as _;
    let server = Server::start(&["--max-connections", "32", "--idle-timeout", "60"]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let idle: Vec<std::net::TcpStream> = (0..32)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(&addr).unwrap();
            s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            let mut answer = [0u8; 256];
            let n = s.read(&mut answer).unwrap();
            assert!(answer[..n].starts_with(b"HTTP/1.1 200"));
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(700));
    for _ in 0..5 {
        let (status, _) = server.get("/healthz");
        assert_eq!(status, 200);
    }
    drop(idle);
}

/// A board's rows, as every answer writes them, joined.
fn joined(rows: &serde_json::Value) -> String {
    rows.as_array()
        .expect("rows")
        .iter()
        .map(|r| r.as_str().expect("a row"))
        .collect()
}

#[test]
fn post_solve_takes_and_gives_json_as_get_answers_each_board() {
    // Issue 42: POST /v1/solve answered text only and took no JSON.
    let server = Server::start(&[]);
    let boards = [
        ["0110", "1001", "1001", "0110"],
        ["1111", "1111", "1111", "1111"],
        ["1000", "0000", "0000", "0000"],
    ];
    let (status, text) = post_json(
        &format!("{}/v1/solve?rows=4&cols=4&target=on", server.url),
        &serde_json::json!({ "boards": boards }),
    );
    assert_eq!(status, 200);
    let answers = json(&text);
    let answers = answers["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 3);
    for (board, answer) in boards.iter().zip(answers) {
        let (status, one) = server.get(&format!(
            "/v1/solve?rows=4&cols=4&target=on&board={}",
            board.join("/")
        ));
        assert_eq!(status, 200);
        assert_eq!(answer, &json(&one), "{board:?}");
    }
    // A board of the wrong size is named by its place.
    let (status, text) = post_json(
        &format!("{}/v1/solve?rows=1&cols=4", server.url),
        &serde_json::json!({ "boards": [["0110"], ["011"]] }),
    );
    assert_eq!(status, 400);
    assert!(text.contains("light 4 of 4 in row 1 of board 2"), "{text}");
    // A method a route does not take names the OpenAPI document, as a 404 does.
    let response = agent()
        .delete(format!("{}/v1/solve", server.url))
        .call()
        .unwrap();
    assert_eq!(response.status().as_u16(), 405);
    let text = response.into_body().read_to_string().unwrap();
    assert!(text.contains("GET /v1/openapi.json"), "{text}");
}

#[test]
fn post_query_takes_and_gives_json_as_get_answers_each_grid() {
    let server = Server::start(&[]);
    let grids = [
        ["00111", "01011", "10001", "11010", "11100"],
        ["11111", "11111", "11111", "11111", "11111"],
        ["01111", "11111", "11111", "11111", "11111"],
    ];
    let (status, text) = post_json(
        &format!("{}/v1/query?moves=true", server.url),
        &serde_json::json!({ "boards": grids }),
    );
    assert_eq!(status, 200);
    let answers = json(&text);
    let answers = answers["answers"].as_array().unwrap();
    assert_eq!(answers.len(), 3);
    for (grid, answer) in grids.iter().zip(answers) {
        let (_, one) = server.get(&format!("/v1/query?moves=true&board={}", grid.join("/")));
        assert_eq!(answer, &json(&one), "{grid:?}");
    }
}

#[test]
fn a_graph_in_the_request_is_played_as_the_command_line_plays_its_file() {
    // Issue 43: the page and the API play graphs (graph6 in the request: the server
    // reads no files), as `--game FILE` does.
    let server = Server::start(&[]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("petersen.g6");
    std::fs::write(&file, "IheA@GUAo\n").unwrap();
    // Boards made by pressing vertex 1: solvable, so the answers are presses.
    for (rule, board) in [("plus", "1100110000"), ("ring", "0100110000")] {
        let (status, body) = server.get(&format!(
            "/v1/solve?graph=IheA%40GUAo&rule={rule}&board={board}"
        ));
        assert_eq!(status, 200, "{body}");
        let answer = json(&body);
        let printed = cli(
            &["solve", "--game", file.to_str().unwrap(), "--rule", rule],
            &format!("{board}\n"),
        );
        let presses: String = answer["presses"]
            .as_array()
            .map(|rows| {
                rows.iter()
                    .map(|r| r.as_str().unwrap().to_string())
                    .collect()
            })
            .unwrap_or_else(|| "nosolution".into());
        assert_eq!(printed.trim().replace(' ', ""), presses, "{rule} {board}");
        assert_eq!(answer["solvable"], true, "{rule}: {body}");
    }
    let (status, body) = server.get("/v1/game?graph=IheA%40GUAo&rows=3");
    assert_eq!(status, 400);
    assert!(body.contains("graph: cannot be used with rows"), "{body}");
    // A built-in game and a graph: refused, never one of them quietly dropped.
    for path in ["/v1/game", "/v1/solve", "/v1/puzzle"] {
        let (status, body) = server.get(&format!("{path}?game=merlin&graph=IheA%40GUAo"));
        assert_eq!(status, 400, "{path}: {body}");
        assert!(
            body.contains("graph: cannot be used with game"),
            "{path}: {body}"
        );
    }
}

// Hardening, round five: the JSON body read as the text body is read.

/// `POST url` with `body` sent as `content_type`, on a socket whose answer is read
/// while the body is still being sent (a server may answer a bad body early, and close):
/// the status and the answer's body.
fn post_typed(url: &str, content_type: &str, body: &str) -> (u16, String) {
    use std::io::Write;
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let mut socket = std::net::TcpStream::connect(host).unwrap();
    let mut reader = socket.try_clone().unwrap();
    let answer = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = reader.read_to_end(&mut text);
        String::from_utf8_lossy(&text).into_owned()
    });
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: {content_type}\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    // A body cut short by an early answer is no fault of the test.
    let _ = socket
        .write_all(head.as_bytes())
        .and_then(|()| socket.write_all(body.as_bytes()));
    // Not shut for writing: the server takes a half-closed socket for a client gone.
    let text = answer.join().unwrap();
    let status = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

/// A chunked HTTP body's content.
fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.push_str(&rest[..size]);
        body = &rest[size + 2..];
    }
    out
}

#[test]
fn a_json_board_is_checked_row_by_row_never_reflowed() {
    // Six rows of four for a 4 x 6 game were read row-major as 4 x 6 and answered
    // "proven"; so were GET's `/` rows, and /v1/query's rows of 10 and 15 lights.
    let server = Server::start(&[]);
    let url = |path: &str| format!("{}{path}", server.url);
    let six_of_four = ["0110", "1001", "1001", "0110", "0000", "1111"];
    let (status, text) = post_json(
        &url("/v1/solve?rows=4&cols=6"),
        &serde_json::json!({ "boards": [six_of_four] }),
    );
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains(
            "line 1, column 18: expected `0` or `1` for light 5 of 6 in row 1 of board 1"
        ),
        "{text}"
    );
    let (status, text) = server.get(&format!(
        "/v1/solve?rows=4&cols=6&board={}",
        six_of_four.join("/")
    ));
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("column 5: expected `0` or `1` for light 5 of 6 in row 1 of board 1"),
        "{text}"
    );
    let (status, text) = post_json(
        &url("/v1/query"),
        &serde_json::json!({ "boards": [["0110100110", "011001101", "00000", "11111", "00000"]] }),
    );
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("the end of row 1 of board 1 after its 5 lights"),
        "{text}"
    );
    let (status, text) = server.get("/v1/query?board=0110100110/011001101/00000/11111/00000");
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("column 6: expected the end of row 1 of board 1 after its 5 lights"),
        "{text}"
    );
    // Too few rows, too many, and a key the body does not have: each named.
    for (board, says) in [
        (
            serde_json::json!([["011010", "100110", "100101"]]),
            "found 3 rows",
        ),
        (
            serde_json::json!([["011010", "100110", "100101", "011000", "000000"]]),
            "more rows: row 5 of board 1",
        ),
    ] {
        let (status, text) = post_json(
            &url("/v1/solve?rows=4&cols=6"),
            &serde_json::json!({ "boards": board }),
        );
        assert_eq!(status, 400, "{text}");
        assert!(text.contains(says), "{says}: {text}");
    }
    let (status, text) = post_json(
        &url("/v1/solve?rows=2&cols=2"),
        &serde_json::json!({ "target": "on", "boards": [["01", "10"]] }),
    );
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("the key `target`"), "{text}");
    // The rows as the text reader takes them: `.`/`#`, and spaced cells.
    let (status, text) = post_json(
        &url("/v1/solve?rows=2&cols=3"),
        &serde_json::json!({ "boards": [[".#.", "###"], ["0 1 0", "1 1 1"]] }),
    );
    assert_eq!(status, 200, "{text}");
    let answers = json(&text);
    assert_eq!(answers["answers"][0], answers["answers"][1]);
}

#[test]
fn a_json_request_keeps_the_text_bodys_time_rules() {
    // JSON POST /v1/solve had no time limit: 8 boards of 128 x 128 with the largest
    // search budget ran every search (76 s of CPU for four such requests). With
    // `--search-time 0` no board of either body is searched: both answer the same
    // presses, none proven, where the budget alone would prove them.
    let server = Server::start(&["--search-time", "0"]);
    let mut rng = Rng(9);
    let boards: Vec<Vec<String>> = (0..2)
        .map(|_| {
            let board = lightsout::Board::new(16, 16)
                .after_presses(&common::random_board(&mut rng, 16, 16));
            (0..16)
                .map(|r| {
                    (0..16)
                        .map(|c| if board.get(r, c) { '1' } else { '0' })
                        .collect()
                })
                .collect()
        })
        .collect();
    let path = "/v1/solve?rows=16&cols=16&topology=plane&search_budget=4294967296";
    let (status, text) = post_json(
        &format!("{}{path}", server.url),
        &serde_json::json!({ "boards": boards }),
    );
    assert_eq!(status, 200, "{text}");
    let answers = json(&text);
    let answers = answers["answers"].as_array().unwrap();
    assert!(answers.iter().all(|a| a["proven"] == false), "{text}");
    let body: String = boards
        .iter()
        .map(|b| format!("{}\n\n", b.join("\n")))
        .collect();
    let (status, text) = server.post(path, &format!("2\n{body}"));
    assert_eq!(status, 200, "{text}");
    assert!(
        text.contains("# not proven the fewest: 2 of 2 boards"),
        "{text}"
    );
    for (answer, chunk) in answers.iter().zip(text.split("PUZZLE #").skip(1)) {
        let rows: Vec<String> = chunk
            .lines()
            .skip(1)
            .take(16)
            .map(|l| l.replace(' ', ""))
            .collect();
        assert_eq!(answer["presses"], serde_json::json!(rows));
    }
}

#[test]
fn json_bodies_are_read_as_a_stream_in_bounded_memory() {
    // A 64 MiB `{"boards":[0,0,...]}` took the server to 1.1 GB before its 400: the
    // body was parsed whole. Read as a stream, it is refused at its first number, a
    // string longer than any row before it is held, and boards are answered as they
    // come: 16 MiB of each kind (parsed whole, a body took 17 times its size), the
    // server under 128 MiB.
    let server = Server::start(&[]);
    let size = 16 << 20;
    let numbers = format!("{{\"boards\":[{}0]}}", "0,".repeat(size / 2));
    let string = format!("{{\"boards\":[[\"{}\"]]}}", "0".repeat(size));
    let grid = r#"["01101","10011","00000","11111","00000"]"#;
    let grids = format!(
        "{{\"boards\":[{}]}}",
        vec![grid; size / (grid.len() + 1)].join(",")
    );
    let (status, text) = post_typed(
        &format!("{}/v1/query", server.url),
        "application/json",
        &numbers,
    );
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("line 1, column 13") && text.contains("boards[0]"),
        "{text}"
    );
    let (status, text) = post_typed(
        &format!("{}/v1/query", server.url),
        "application/json",
        &string,
    );
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("a row of at most"), "{text}");
    let (status, text) = post_typed(
        &format!("{}/v1/query", server.url),
        "application/json",
        &grids,
    );
    assert_eq!(status, 200);
    let answers = json(&text);
    assert_eq!(
        answers["answers"].as_array().unwrap().len(),
        size / (grid.len() + 1)
    );
    let peak = peak_memory(&server);
    assert!(peak < 128 << 20, "peak RSS {} MiB", peak >> 20);
}

#[test]
fn a_json_body_is_told_by_its_media_type() {
    // Content-Type was matched by prefix, case-sensitively: `Application/JSON` was
    // read as text, `application/json-seq` as JSON.
    let server = Server::start(&[]);
    let url = format!("{}/v1/solve?rows=1&cols=2", server.url);
    let body = r#"{"boards": [["11"]]}"#;
    for kind in [
        "application/json",
        "Application/JSON; charset=utf-8",
        "application/vnd.api+json",
    ] {
        let (status, text) = post_typed(&url, kind, body);
        assert_eq!(status, 200, "{kind}: {text}");
        assert!(text.starts_with("{\"answers\":[{"), "{kind}: {text}");
    }
    let (status, text) = post_typed(&url, "application/json-seq", body);
    assert_eq!(status, 400, "{text}");
    assert!(
        text.contains("the number of boards"),
        "read as text: {text}"
    );
}

#[test]
fn every_door_gives_the_same_answer_and_the_same_refusal() {
    // Issue 51: the command line, GET /v1/solve (its shape read from the board's `/`
    // rows, as the command line reads it from the rows), a text body and a JSON body:
    // one suite of boards, the same presses or the same words of refusal from each.
    let server = Server::start(&[]);
    let url = |path: &str| format!("{}{path}", server.url);
    // (rows, query flags, command-line flags, the refusal's words or None)
    type Case<'a> = (&'a [&'a str], &'a str, &'a [&'a str], Option<&'a str>);
    let cases: [Case; 10] = [
        (&["010", "111", "010"], "", &[], None),
        (&[".#.", "###", ".#."], "", &[], None),
        (&["0 1 0", "1 1 1", "0 1 0"], "", &[], None),
        (
            &["1000", "0000", "0000", "0000"],
            "&wrap=true",
            &["--wrap"],
            None,
        ),
        (
            &["1000", "0100", "0000", "0000"],
            "&rule=box",
            &["--rule", "box"],
            None,
        ),
        (
            &["012", "210", "000"],
            "&states=3",
            &["--states", "3"],
            None,
        ),
        (
            &["010", "1x1", "010"],
            "",
            &[],
            Some("for light 2 of 3 in row 2 of board 1, found `x`"),
        ),
        (
            &["010", "11", "010"],
            "",
            &[],
            Some("for light 3 of 3 in row 2 of board 1, found the end"),
        ),
        (
            &["010", "1111", "010"],
            "",
            &[],
            Some("the end of row 2 of board 1 after its 3 lights"),
        ),
        (
            &["013", "000", "000"],
            "&states=3",
            &["--states", "3"],
            Some("a state 0..2 in row 1 of board 1, found `3`"),
        ),
    ];
    for (rows, query, flags, refusal) in cases {
        let (r, c) = (
            rows.len(),
            rows[0]
                .split_whitespace()
                .collect::<String>()
                .chars()
                .count(),
        );
        let shape = format!("rows={r}&cols={c}{query}");
        let text = format!("1\n{}\n", rows.join("\n"));
        let mut args = vec![
            "solve".to_string(),
            "--rows".into(),
            r.to_string(),
            "--cols".into(),
            c.to_string(),
        ];
        args.extend(flags.iter().map(|f| f.to_string()));
        let out = lightsout()
            .args(&args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        let (posted_status, posted) = server.post(&format!("/v1/solve?{shape}"), &text);
        // The shape read from the first board, by the command line and a text body alike.
        let unshaped_args: Vec<&str> = std::iter::once("solve")
            .chain(flags.iter().copied())
            .collect();
        let unshaped_cli = lightsout()
            .args(&unshaped_args)
            .write_stdin(text.clone())
            .output()
            .unwrap();
        let (unshaped_status, unshaped) = server.post(
            &format!("/v1/solve?{}", query.trim_start_matches('&')),
            &text,
        );
        match serde_json::from_str::<serde_json::Value>(&unshaped) {
            Ok(refused) => {
                let said = String::from_utf8_lossy(&unshaped_cli.stderr);
                let words = refused["error"].as_str().unwrap();
                let words = words.trim_start_matches("bad input in the request body: ");
                assert_eq!(unshaped_status, 400, "{rows:?}: {unshaped}");
                assert!(said.contains(words), "{rows:?}: {said} ~ {words}");
            }
            Err(_) => {
                assert_eq!(unshaped_status, 200, "{rows:?}");
                assert_eq!(unshaped.as_bytes(), unshaped_cli.stdout, "{rows:?}");
            }
        }
        let board = rows.join("/").replace('#', "%23").replace(' ', "%20");
        let (got_status, got) = server.get(&format!("/v1/solve?board={board}{query}"));
        let (json_status, json_text) = post_json(
            &url(&format!("/v1/solve?{shape}")),
            &serde_json::json!({ "boards": [rows] }),
        );
        // A JSON body without the shape: read from its first board, as a text body's.
        let unshaped_json = post_json(
            &url(&format!("/v1/solve?{}", query.trim_start_matches('&'))),
            &serde_json::json!({ "boards": [rows] }),
        );
        assert_eq!(
            unshaped_json,
            (json_status, json_text.clone()),
            "{rows:?}: an unshaped JSON body"
        );
        match refusal {
            Some(words) => {
                let said = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(1), "{rows:?}: {said}");
                for (door, status, body) in [
                    ("the command line", 400, said.to_string()),
                    ("a text body", posted_status, posted),
                    ("GET", got_status, got),
                    ("a JSON body", json_status, json_text),
                ] {
                    assert_eq!(status, 400, "{rows:?} through {door}: {body}");
                    assert!(body.contains(words), "{rows:?} through {door}: {body}");
                }
            }
            None => {
                assert!(
                    out.status.success(),
                    "{rows:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let printed = String::from_utf8(out.stdout).unwrap();
                assert_eq!((posted_status, &posted), (200, &printed), "{rows:?}");
                let presses: Vec<String> = printed
                    .lines()
                    .skip(1)
                    .map(|l| l.split_whitespace().collect())
                    .collect();
                assert_eq!(got_status, 200, "{rows:?}: {got}");
                assert_eq!(
                    json(&got)["presses"],
                    serde_json::json!(presses),
                    "{rows:?}: GET"
                );
                assert_eq!(json_status, 200, "{rows:?}: {json_text}");
                assert_eq!(json(&json_text)["answers"][0], json(&got), "{rows:?}: JSON");
            }
        }
    }
}

#[test]
fn every_door_presses_the_same_buttons_for_a_five_by_five_ties_and_all() {
    // Issue 51: one tie rule (the fewest presses, then the lowest pattern as a number,
    // bit `r * 5 + c`; `grid::fewest_of_four`), so `query --moves`, `solve`,
    // `/v1/query`, a JSON `/v1/query` and `/v1/solve` give the same presses, also on
    // boards where two of the four solutions are equally light.
    use lightsout::{apply_presses, is_solvable, QUIET_COLUMNS, QUIET_ROWS};
    let mut rng = common::Rng(51);
    let (mut ties, mut plain) = (Vec::new(), Vec::new());
    while ties.len() < 30 || plain.len() < 10 {
        let grid = (rng.next_u64() as u32) & lightsout::ALL_ON;
        if !is_solvable(grid) {
            continue;
        }
        // Any solution, then the weights of all four.
        let any = lightsout::solve_by_elimination(grid).expect("solvable");
        let weights: Vec<u32> = [0, QUIET_COLUMNS, QUIET_ROWS, QUIET_COLUMNS ^ QUIET_ROWS]
            .iter()
            .map(|q| (any ^ q).count_ones())
            .collect();
        let least = *weights.iter().min().unwrap();
        assert_eq!(apply_presses(grid, any), lightsout::ALL_ON);
        match weights.iter().filter(|&&w| w == least).count() {
            1 if plain.len() < 10 => plain.push(grid),
            n if n > 1 && ties.len() < 30 => ties.push(grid),
            _ => {}
        }
    }
    let grids: Vec<u32> = ties.iter().chain(&plain).copied().collect();
    let rows_of = |bits: u32| -> Vec<String> {
        (0..5)
            .map(|r| {
                (0..5)
                    .map(|c| {
                        if bits >> (r * 5 + c) & 1 == 1 {
                            '1'
                        } else {
                            '0'
                        }
                    })
                    .collect()
            })
            .collect()
    };
    let input = common::classic_input(&grids);
    // `query --moves`: `d r,c r,c ...` a grid.
    let queried = lightsout()
        .args(["query", "--moves", "--max-steps", "15"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(queried.status.success());
    let queried: Vec<Vec<String>> = String::from_utf8(queried.stdout)
        .unwrap()
        .lines()
        .map(|line| {
            let set = line.split(' ').skip(1).fold(0u32, |p, rc| {
                let (r, c) = rc.split_once(',').unwrap();
                let (r, c): (u32, u32) = (r.parse().unwrap(), c.parse().unwrap());
                p | 1 << ((r - 1) * 5 + c - 1)
            });
            rows_of(set)
        })
        .collect();
    // `solve --target on`: `PUZZLE #m` and five rows of spaced digits a grid.
    let solved = lightsout()
        .args(["solve", "--target", "on"])
        .write_stdin(input.clone())
        .output()
        .unwrap();
    assert!(solved.status.success());
    let solved: Vec<Vec<String>> = String::from_utf8(solved.stdout)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("PUZZLE"))
        .map(|l| l.split_whitespace().collect::<String>())
        .collect::<Vec<_>>()
        .chunks(5)
        .map(<[String]>::to_vec)
        .collect();
    let server = Server::start(&[]);
    let boards: Vec<Vec<String>> = grids.iter().map(|&g| rows_of(g)).collect();
    let (status, posted) = post_json(
        &format!("{}/v1/query?moves=true", server.url),
        &serde_json::json!({ "boards": boards }),
    );
    assert_eq!(status, 200, "{posted}");
    let posted = json(&posted);
    for (i, grid) in boards.iter().enumerate() {
        let (_, one) = server.get(&format!("/v1/query?board={}&moves=true", grid.join("")));
        let (_, game) = server.get(&format!("/v1/solve?board={}&target=on", grid.join("/")));
        let expected = serde_json::json!(queried[i]);
        let what = if i < ties.len() { "a tie" } else { "no tie" };
        assert_eq!(
            serde_json::json!(solved[i]),
            expected,
            "{grid:?} ({what}): solve"
        );
        assert_eq!(
            json(&one)["presses"],
            expected,
            "{grid:?} ({what}): GET /v1/query"
        );
        assert_eq!(
            posted["answers"][i]["presses"], expected,
            "{grid:?}: JSON /v1/query"
        );
        assert_eq!(
            json(&game)["presses"],
            expected,
            "{grid:?} ({what}): /v1/solve"
        );
    }
}

#[test]
fn presses_and_steps_are_one_puzzle_parameter_on_every_puzzle() {
    // Issue 51: `/v1/puzzle` said `steps` for the 5x5 and `presses` for other games.
    let server = Server::start(&[]);
    for (a, b) in [
        ("/v1/puzzle?steps=9&seed=4", "/v1/puzzle?presses=9&seed=4"),
        (
            "/v1/puzzle?rows=4&cols=4&steps=3&seed=4",
            "/v1/puzzle?rows=4&cols=4&presses=3&seed=4",
        ),
    ] {
        let (status, first) = server.get(a);
        assert_eq!(status, 200, "{a}: {first}");
        assert_eq!(json(&first), json(&server.get(b).1), "{a} ~ {b}");
    }
    // `random` (the default) on the 5x5 too: a board whose fewest the table agrees on.
    for seed in 0..5 {
        let (status, drawn) = server.get(&format!("/v1/puzzle?seed={seed}"));
        assert_eq!(status, 200, "{drawn}");
        let drawn = json(&drawn);
        let grid: String = drawn["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let (_, asked) = server.get(&format!("/v1/query?grid={grid}"));
        assert_eq!(json(&asked)["fewest"], drawn["fewest"], "{drawn}");
    }
    let (status, body) = server.get("/v1/puzzle?presses=16");
    assert_eq!(status, 400);
    assert!(body.contains("presses: 16 is not in 0..=15"), "{body}");
}

#[test]
fn a_json_body_without_a_shape_takes_its_first_boards() {
    // The shape of a JSON body's boards read from its first board (its rows, the cells
    // of its first row), as a text body's and the command line's: every answer and
    // every refusal the same as with rows and cols given.
    let server = Server::start(&[]);
    let url = |path: &str| format!("{}{path}", server.url);
    let two = serde_json::json!({ "boards": [["1000", "0000", "0001"], ["0110", "1001", "0110"]] });
    let unshaped = post_json(&url("/v1/solve"), &two);
    assert_eq!(unshaped.0, 200, "{}", unshaped.1);
    assert_eq!(unshaped, post_json(&url("/v1/solve?rows=3&cols=4"), &two));
    let answers = json(&unshaped.1)["answers"].as_array().unwrap().clone();
    assert_eq!(answers.len(), 2);
    assert_eq!(answers[1]["presses"].as_array().unwrap().len(), 3);
    for body in [
        // A later board of another shape: refused where it is.
        serde_json::json!({ "boards": [["10", "01"], ["101", "010"]] }),
        // Spaced cells, and three states.
        serde_json::json!({ "boards": [["0 1 2", "2 1 0"]] }),
        // A key that is not `boards`, and a body that is no JSON object.
        serde_json::json!({ "board": [["10", "01"]] }),
        serde_json::json!([["10", "01"]]),
        // No boards at all.
        serde_json::json!({ "boards": [] }),
    ] {
        let query = if body.to_string().contains('2') {
            "states=3"
        } else {
            ""
        };
        let without = post_json(&url(&format!("/v1/solve?{query}")), &body);
        let rows = body["boards"][0].as_array().map_or(1, Vec::len);
        let cols = body["boards"][0][0].as_str().map_or(1, |r| {
            r.split_whitespace().collect::<String>().chars().count()
        });
        let with = post_json(
            &url(&format!("/v1/solve?rows={rows}&cols={cols}&{query}")),
            &body,
        );
        assert_eq!(without, with, "{body}");
    }
    let none = post_json(&url("/v1/solve"), &serde_json::json!({ "boards": [] }));
    assert_eq!(none, (200, r#"{"answers":[]}"#.to_string()));
}

#[test]
fn a_json_body_reads_its_rows_as_the_text_body_does() {
    // Hardening six: a trailing space in a JSON body's first row made its shape one
    // light ("after its 1 lights"), where the command line and the text body take it;
    // and a row that is not a string was refused in those words too, not its own.
    let server = Server::start(&[]);
    let url = format!("{}/v1/solve", server.url);
    let (status, body) = post_json(&url, &serde_json::json!({"boards": [["01 ", "10"]]}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        json(&body)["answers"][0]["presses"],
        serde_json::json!(["01", "10"])
    );
    assert_eq!(cli(&["solve"], "01 \n10\n"), "PUZZLE #1\n0 1\n1 0\n");
    for (board, column) in [(r#"["01", 1]"#, 20), (r#"[1, "01"]"#, 14)] {
        let text = format!(r#"{{"boards":[{board}]}}"#);
        let (status, body) = server.post_typed("/v1/solve", "application/json", &text);
        assert_eq!(status, 400, "{body}");
        let said = format!(
            "line 1, column {column}: expected a row of board 1 (boards[0]): a string of its \
             cells, found integer `1`"
        );
        assert!(body.contains(&said), "{body}");
    }
    // A one-column board is read alike by the text body and GET (`0/1/1` as 3 x 1).
    let (status, text) = server.post("/v1/solve?rows=3&cols=1", "0\n1\n1\n");
    assert_eq!((status, text.as_str()), (200, "PUZZLE #1\n0\n0\n1\n"));
    let (status, body) = server.get("/v1/solve?rows=3&cols=1&board=0/1/1");
    assert_eq!(status, 200, "{body}");
}

/// A puzzle asked of the server and of the command line is one request, checked once
/// by the library (`request::Puzzles`, issue 64): the same default target (on for the
/// classic game at any shape, the contest's question; off for any other game, where the
/// server said off for every shape it was given), and the same refusals.
#[test]
fn a_puzzle_is_one_request_at_the_server_and_the_command_line() {
    let server = Server::start(&[]);
    for (query, flags, target) in [
        (
            "rows=6&cols=6&seed=1",
            vec!["--rows", "6", "--cols", "6"],
            "on",
        ),
        (
            "rows=5&cols=5&seed=1",
            vec!["--rows", "5", "--cols", "5"],
            "on",
        ),
        (
            "rows=4&cols=4&rule=cross&seed=1",
            vec!["--rows", "4", "--cols", "4", "--rule", "cross"],
            "off",
        ),
        ("game=merlin&seed=1", vec!["--game", "merlin"], "off"),
    ] {
        let (status, body) = server.get(&format!("/v1/puzzle?{query}"));
        assert_eq!(status, 200, "{query}: {body}");
        assert_eq!(json(&body)["target"], target, "{query}: {body}");
        let mut args = vec!["puzzles", "--format", "json", "--seed", "1"];
        args.extend(flags);
        let line = cli(&args, "");
        assert_eq!(json(line.trim())["target"], target, "{args:?}: {line}");
    }
    // The contest's 5 x 5 takes at most 15 presses, named or not: one sentence.
    let (status, body) = server.get("/v1/puzzle?rows=5&cols=5&presses=16");
    assert_eq!(status, 400);
    let said = lightsout()
        .args(["puzzles", "--rows", "5", "--cols", "5", "--presses", "16"])
        .output()
        .unwrap();
    assert_eq!(said.status.code(), Some(2));
    let sentence = "16 is not in 0..=15; no 5x5 grid needs more than 15";
    assert!(body.contains(&format!("presses: {sentence}")), "{body}");
    let stderr = String::from_utf8(said.stderr).unwrap();
    assert!(
        stderr.contains(&format!("--presses: {sentence}")),
        "{stderr}"
    );
    // Half a shape is refused, not read as the 5 x 5.
    let (status, body) = server.get("/v1/puzzle?rows=6&seed=1");
    assert_eq!(status, 400);
    assert!(body.contains("rows and cols go together"), "{body}");
}

#[test]
fn the_search_clock_counts_the_boards_answered_never_their_upload() {
    // Hardening seven, item 7: a JSON body of 30 MB of leading whitespace, then a 5 x 5
    // board, was answered "not proven, lower bound 3": the request's search time was a
    // deadline from its start, and the upload spent it. It is now the time answering
    // the boards spends. Here a board arrives 0.5 s after the request began, past
    // `--search-time 0.2`, through both bodies: each is proven.
    use std::io::Write as _;
    let server = Server::start(&["--search-time", "0.2"]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let board = ["11111", "11111", "11111", "11111", "11111"];
    let bodies = [
        (
            "application/json",
            "{\"boards\":[".to_string(),
            format!("{}]}}", json_rows(&board)),
        ),
        ("text/plain", String::new(), board.join("\n") + "\n"),
    ];
    // Both requests begun, then one wait, then the rest of each body.
    let mut conns: Vec<std::net::TcpStream> = bodies
        .iter()
        .map(|(kind, head, tail)| {
            let mut conn = std::net::TcpStream::connect(&addr).unwrap();
            let length = head.len() + tail.len();
            write!(
                conn,
                "POST /v1/solve?rows=5&cols=5 HTTP/1.1\r\nHost: x\r\nContent-Type: {kind}\r\n\
                 Content-Length: {length}\r\nConnection: close\r\n\r\n{head}"
            )
            .unwrap();
            conn
        })
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    for (conn, (kind, _, tail)) in conns.iter_mut().zip(&bodies) {
        conn.write_all(tail.as_bytes()).unwrap();
        let mut answer = String::new();
        conn.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{kind}: {answer}");
        assert!(!answer.contains("not proven"), "{kind}: {answer}");
        // All on needs 15 presses; unsearched it is answered "not proven".
        if *kind == "application/json" {
            assert!(
                answer.contains("\"fewest\":15,\"lower_bound\":15"),
                "{answer}"
            );
        }
    }
}

/// A board's rows as a JSON array.
fn json_rows(rows: &[&str]) -> String {
    serde_json::to_string(rows).unwrap()
}

#[test]
fn a_refusal_before_the_body_is_read_closes_the_connection_and_says_so() {
    // CI met a dropped connection: a 406 sent before the body arrived, the connection
    // closed with no word, and the client's next request on it got no answer. Such a
    // refusal now says `Connection: close`.
    use std::io::{Read, Write};
    let server = Server::start(&[]);
    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    let body = "11111\n".repeat(5);
    let head = format!(
        "POST /v1/query HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\
         Content-Type: text/plain\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    socket.write_all(head.as_bytes()).unwrap();
    let mut answer = Vec::new();
    socket.read_to_end(&mut answer).unwrap();
    let answer = String::from_utf8_lossy(&answer).to_lowercase();
    assert!(answer.starts_with("http/1.1 406"), "{answer}");
    assert!(answer.contains("\r\nconnection: close\r\n"), "{answer}");
}

#[test]
fn a_text_body_from_a_client_that_accepts_only_json_is_refused_406_with_the_way() {
    // Hardening seven, item 10: `Accept: application/json` was ignored on a text
    // answer. A text body's answer is text: a client that refuses text gets 406 and the
    // way to a JSON answer; one that takes text (or says nothing) is answered.
    let server = Server::start(&[]);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let board = "11111\n".repeat(5);
    for (accept, status) in [
        ("application/json", 406),
        ("text/plain;q=0, application/json", 406),
        ("text/plain", 200),
        ("*/*", 200),
        ("application/json, text/*;q=0.5", 200),
    ] {
        for route in ["/v1/solve?rows=5&cols=5", "/v1/query"] {
            let mut response = agent
                .post(format!("{}{route}", server.url))
                .header("Accept", accept)
                .content_type("text/plain")
                .send(board.as_str())
                .unwrap();
            let body = response.body_mut().read_to_string().unwrap();
            assert_eq!(
                response.status().as_u16(),
                status,
                "{accept} {route}: {body}"
            );
            if status == 406 {
                let said: serde_json::Value = serde_json::from_str(&body).unwrap();
                assert!(
                    said["error"]
                        .as_str()
                        .unwrap()
                        .contains("Content-Type: application/json"),
                    "{body}"
                );
            }
        }
    }
}

#[test]
fn a_url_past_the_longest_gets_414_in_the_routes_json() {
    // Hardening seven, item 10: a 250 KB URL got hyper's own 414 with an empty body,
    // before any route. It now gets the routes' JSON, the static page's sentence; a URL
    // of the longest length is still read (and its board refused in the usual words).
    // Written by hand: HTTP clients refuse such a URL themselves.
    use std::io::Write as _;
    let server = Server::start(&[]);
    let addr = server.url.trim_start_matches("http://").to_string();
    let head = "/v1/solve?rows=1&cols=1&board=";
    for (length, status) in [(65_534, "400"), (65_535, "414"), (250_000, "414")] {
        let mut conn = std::net::TcpStream::connect(&addr).unwrap();
        let path = format!("{head}{}", "1".repeat(length - head.len()));
        write!(
            conn,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        conn.read_to_string(&mut answer).unwrap();
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status} ")),
            "{length}: {answer}"
        );
        let body = answer.split("\r\n\r\n").nth(1).unwrap_or("");
        let said: serde_json::Value = serde_json::from_str(body).unwrap();
        let error = said["error"].as_str().unwrap();
        if status == "414" {
            assert_eq!(error, lightsout::request::limits::url_too_long());
        }
    }
    // The server goes on answering.
    assert_eq!(server.get("/healthz").0, 200);
}

#[test]
fn a_checked_search_budget_reaches_the_classic_games_cached_solver() {
    // Issue 72: the server's cache of classic-game solvers made each with the server's
    // own budget, and a text body's `search_budget` was dropped. The cache is keyed by
    // shape and budget now: a budget of 0 searches nothing (all on, 15 presses, is
    // answered unproven), the default proves it, through the same shape either way.
    let server = Server::start(&[]);
    let board = "11111\n".repeat(5);
    for (query, proven) in [("", true), ("&search_budget=0", false), ("", true)] {
        let (status, body) = server.post(&format!("/v1/solve?rows=5&cols=5{query}"), &board);
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            !body.contains("# not proven the fewest"),
            proven,
            "{query}: {body}"
        );
    }
}
