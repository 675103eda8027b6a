//! The solver of lightsout as WebAssembly, for the static page: the page's questions
//! (`GET /v1/games`, `/v1/game`, `/v1/solve`, `/v1/puzzle`) answered in the browser by
//! the library's `request`, as the server answers them, with no server.
//!
//! The interface is three functions and one import, no bindings generator (Debian's
//! toolchain has none, and the page's glue is a dozen lines): the page writes a request
//! (`/v1/game?rows=5&cols=5`, UTF-8) into memory from [`alloc`], calls [`ask`], and reads
//! the answer at the address and length it returns (`{"status": 200, "body": ...}`),
//! then gives both back with [`free`]. The host passes `env.lightsout_now_ms`
//! (`performance.now()`), the clock of the searches' deadlines.

use lightsout::request::limits::STATIC_PAGE;
use lightsout::request::{self, Params, Refusal};
use lightsout::rules::Game;
use lightsout::GameSolver;
use serde_json::{json, Value};
use std::cell::RefCell;

/// `len` bytes for the page to write a request into (freed with [`free`]).
#[no_mangle]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    // A boxed slice: exactly `len` bytes, as `free` gives them back.
    Box::into_raw(vec![0u8; len].into_boxed_slice()).cast()
}

/// Gives back `len` bytes at `at` that [`alloc`] or [`ask`] gave.
///
/// # Safety
///
/// `at` and `len` are what `alloc(len)` returned, or an answer's address and length.
#[no_mangle]
pub unsafe extern "C" fn free(at: *mut u8, len: usize) {
    // SAFETY: the caller gives back a boxed slice of exactly `len` bytes that this
    // module made (alloc's, or an answer's).
    drop(unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(at, len)) });
}

/// Answers the request of `len` bytes at `at`: the answer's address in the high 32 bits
/// of the result, its length in the low 32.
///
/// # Safety
///
/// `at` holds `len` bytes the page wrote into a buffer from [`alloc`].
#[no_mangle]
pub unsafe extern "C" fn ask(at: *const u8, len: usize) -> u64 {
    // SAFETY: the caller wrote `len` bytes at `at`.
    let request = unsafe { std::slice::from_raw_parts(at, len) };
    let (status, body) = match std::str::from_utf8(request) {
        // As long a URL as the server's HTTP layer takes, and no longer (its 414).
        Ok(text) if text.len() > request::limits::URL_BYTES => {
            (414, json!({ "error": request::limits::url_too_long() }))
        }
        Ok(text) => match answer(text) {
            Ok(body) => (200, body),
            Err(refusal) => (refusal.status, json!({ "error": refusal.message() })),
        },
        Err(_) => (400, json!({ "error": "the request is not UTF-8" })),
    };
    let out = json!({ "status": status, "body": body })
        .to_string()
        .into_bytes()
        .into_boxed_slice();
    let length = out.len() as u64;
    // A wasm32 address fits the high 32 bits.
    let address = Box::into_raw(out).cast::<u8>() as usize as u64;
    address << 32 | length
}

thread_local! {
    /// The last game's solver, kept for the coach's next question (the page asks about
    /// one game at a time).
    static SOLVER: RefCell<Option<(Game, u64, std::sync::Arc<GameSolver>)>> = const { RefCell::new(None) };
}

/// The solver of `game`, the last one when it is the same game.
fn solver(game: Game, budget: u64) -> Result<std::sync::Arc<GameSolver>, Refusal> {
    request::Solvers::solver(&LastSolver, game, lightsout::SearchLimits::from(budget))
        .map_err(|e| Refusal::bad(e.to_string()))
}

/// The page's solvers for a plan: the last game's, kept (the page asks about one game
/// at a time), else one made within the static page's limits.
struct LastSolver;

impl request::Solvers for LastSolver {
    fn solver(
        &self,
        game: Game,
        search: lightsout::SearchLimits,
    ) -> Result<std::sync::Arc<GameSolver>, lightsout::GameSolveError> {
        SOLVER.with(|kept| {
            let mut kept = kept.borrow_mut();
            if let Some((g, b, solver)) = kept.as_ref() {
                if *g == game && *b == search.ops {
                    return Ok(std::sync::Arc::clone(solver));
                }
            }
            let solver = std::sync::Arc::new(STATIC_PAGE.solver(game.clone(), search)?);
            *kept = Some((game, search.ops, std::sync::Arc::clone(&solver)));
            Ok(solver)
        })
    }
}

/// A request's answer: the route's, read and answered by the library's `request`.
fn answer(asked: &str) -> Result<Value, Refusal> {
    let (path, query) = asked.split_once('?').unwrap_or((asked, ""));
    let raw = Some(query.to_string());
    match path {
        "/v1/games" => {
            Params::new(raw, &[])?;
            Ok(request::catalogue())
        }
        "/v1/limits" => {
            Params::new(raw, &[])?;
            Ok(STATIC_PAGE.json())
        }
        "/v1/game" => {
            let params = request::play_params(raw, &[])?;
            let (game, budget) =
                request::played_game(&params, "/v1/game?rows=5&cols=5", &STATIC_PAGE)?;
            let layout = game.layout();
            let facts = (game.states() == 2 && game.buttons() <= request::FACTS_BUTTONS)
                .then(|| solver(game.clone(), budget).ok())
                .flatten();
            let name = params.get("game");
            let text = request::game_json(&game, name, &layout, facts.as_deref());
            serde_json::from_str(&text).map_err(|e| Refusal::bad(e.to_string()))
        }
        "/v1/solve" => {
            // One read for both doors of this URL (the server's and this page's).
            let (checked, board) = request::SolveAsked::one_board(raw, &STATIC_PAGE)?;
            Ok(checked.plan(&LastSolver)?.json(&board, true))
        }
        "/v1/puzzle" => {
            let mut known = vec!["steps", "seed", "rows", "cols", "presses", "target"];
            known.extend(request::GAME_PARAMS);
            request::puzzle(&Params::new(raw, &known)?, &STATIC_PAGE)
        }
        other => Err(Refusal {
            status: 404,
            field: None,
            sentence: format!(
                "no such question: `{other}`; the static page answers /v1/games, /v1/limits, \
                 /v1/game, /v1/solve and /v1/puzzle"
            ),
        }),
    }
}
