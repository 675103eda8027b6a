//! The game the game flags name (`--game`, `--rows`/`--cols`, `--topology`, `--rule`,
//! `--states`), read and checked in one place for every command that takes them.

use super::*;

/// The game the game flags name: a built-in game or a button map file (`--game`), else
/// the grid game of `shape` (required then) with its topology and rule. Every error
/// is a usage error, located, before any board is read.
pub(crate) fn game(
    args: &crate::app::cli::GameArgs,
    shape: Option<(u32, u32)>,
) -> anyhow::Result<Game> {
    game_named(args, shape, &|name| format!("--{name}"))
}

/// [`game`], its errors naming each flag as `flag` writes it (`--rule` on the command
/// line, `rule` for the server's parameters of the same names).
pub(crate) fn game_named(
    args: &crate::app::cli::GameArgs,
    shape: Option<(u32, u32)>,
    flag: &dyn Fn(&str) -> String,
) -> anyhow::Result<Game> {
    let text = game_file(args, false)?;
    choice(args, text.as_deref())
        .game(shape, flag)
        .map_err(usage)
}

/// The text of the game file the flags name (`--game FILE`, `-`: stdin), read once;
/// `None` for a built-in game or a grid. `boards_on_stdin`: the boards come from stdin
/// too, and `--game -` is refused (it would take them all).
pub(super) fn game_file(
    args: &crate::app::cli::GameArgs,
    boards_on_stdin: bool,
) -> anyhow::Result<Option<String>> {
    stdin_once(args, boards_on_stdin)?;
    match args.game.as_deref() {
        Some(name) if lightsout::request::builtin_of(name).is_err() => {
            game_text(name, &|name| format!("--{name}")).map(Some)
        }
        _ => Ok(None),
    }
}

/// The game flags as the library's choice: a built-in game, the game file's `text`, or
/// a grid's topology (`--wrap`: the torus) and rule.
pub(super) fn choice<'a>(
    args: &'a crate::app::cli::GameArgs,
    text: Option<&'a str>,
) -> lightsout::request::Choice<'a> {
    use lightsout::request::Source;
    let source = match (args.game.as_deref(), text) {
        (Some(name), Some(text)) => Some(Source::Text { name, text }),
        (Some(name), None) => lightsout::request::builtin_of(name)
            .ok()
            .map(Source::Builtin),
        (None, _) => None,
    };
    lightsout::request::Choice {
        source,
        topology: if args.wrap {
            lightsout::rules::Topology::Torus
        } else {
            args.topology.topology()
        },
        rule: &args.rule,
        states: args.states,
    }
}

/// The text of the game file `name` (`-`: stdin), a button map or a graph, as UTF-8.
fn game_text(name: &str, flag: &dyn Fn(&str) -> String) -> anyhow::Result<String> {
    use lightsout::rules::{builtin, map};
    use std::io::Read as _;
    let bytes = if name == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .take(map::MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| usage(format!("{} -: cannot read stdin: {e}", flag("game"))))?;
        if bytes.len() as u64 > map::MAX_BYTES {
            return Err(usage(format!(
                "{} -: the game on stdin is longer than {} bytes",
                flag("game"),
                lightsout::thousands(map::MAX_BYTES)
            )));
        }
        bytes
    } else {
        match crate::app::input::read_small_file(std::path::Path::new(name), map::MAX_BYTES) {
            Ok(bytes) => bytes,
            Err(crate::app::input::SmallFileError::Io(err))
                if err.kind() == io::ErrorKind::NotFound =>
            {
                let known: Vec<&str> = builtin::GAMES.iter().map(|g| g.name).collect();
                let like = similar_game(name, &known)
                    .map_or(String::new(), |g| format!("; did you mean `{g}`?"));
                return Err(usage(format!(
                    "{} {name}: no built-in game has that name ({}) and no file is there{like}",
                    flag("game"),
                    known.join(", ")
                )));
            }
            Err(err) => {
                return Err(UsageError(format!(
                    "{} {name}: cannot read the game: {err}",
                    flag("game")
                ))
                .into())
            }
        }
    };
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        usage(format!(
            "game {name}: line {line}, column {}: expected text (UTF-8), found the byte \
             0x{:02x}",
            column + 1,
            e.as_bytes()[at]
        ))
    })
}

/// The built-in game `name` may mean: one whose name it contains or nearly is, written
/// any case (`Lightsout2000`, `merln`, `XL-25`).
fn similar_game<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let plain: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    known
        .iter()
        .map(|&g| {
            let near = strsim::levenshtein(&plain, g);
            (if plain.contains(g) { 0 } else { near }, g)
        })
        .filter(|&(d, g)| d <= 2.min(g.len() / 2))
        .min_by_key(|&(d, _)| d)
        .map(|(_, g)| g)
}

/// Whether the game flags name the classic game (plus on a plane board, two states),
/// whose boards may be larger than other grid games' (its engine never lists its presses).
pub(super) fn classic(args: &crate::app::cli::GameArgs) -> bool {
    args.game.is_none()
        && args.topology == TopologyArg::Plane
        && !args.wrap
        && args.rule == "plus"
        && args.states.unwrap_or(2) == 2
}

/// Refuses `--game -` when the boards (or answers) read stdin too: the game would
/// take it all and leave the boards nothing.
pub(super) fn stdin_once(
    args: &crate::app::cli::GameArgs,
    boards_on_stdin: bool,
) -> anyhow::Result<()> {
    if args.game.as_deref() == Some("-") && boards_on_stdin {
        return Err(usage(
            "--game - reads the game from stdin, and the boards (or answers) would come from \
             stdin too: give them as a FILE, or the game as a file",
        ));
    }
    Ok(())
}

/// Whether an input (`None` or `-`) is stdin.
pub(super) fn on_stdin(input: Option<&std::path::Path>) -> bool {
    input.is_none_or(|path| path.as_os_str() == "-")
}
