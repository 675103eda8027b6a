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
    use lightsout::rules::{builtin, graph, map, Rule, Topology};
    if let Some(name) = &args.game {
        // A graph's game takes `ring` (σ: neighbours only) for its rule; every other
        // game brings its own buttons.
        let own_buttons = |what: &str| match args.rule.as_str() {
            "plus" => Ok(()),
            rule => Err(usage(format!(
                "{} {rule}: {what} brings its own buttons; {} is for grid games and \
                 graphs (`ring`: a press changes the neighbours only)",
                flag("rule"),
                flag("rule")
            ))),
        };
        if let Some(builtin) = builtin::find(name) {
            own_buttons("a built-in game")?;
            let game = builtin.game();
            return match args.states {
                Some(k) => game.with_states(k).map_err(|e| usage(e.to_string())),
                None => Ok(game),
            };
        }
        let text = game_text(name, flag)?;
        if let Some(format) = graph::Format::of(&text) {
            let rule = match args.rule.as_str() {
                "plus" => graph::Neighbourhood::Closed,
                "ring" => graph::Neighbourhood::Open,
                other => {
                    return Err(usage(format!(
                        "{} {other}: a graph's game is `plus` (a press changes its vertex \
                         and its neighbours, the Lights Out rule) or `ring` (the neighbours \
                         only)",
                        flag("rule")
                    )))
                }
            };
            let graph =
                graph::parse(&text, format).map_err(|err| usage(format!("graph {name}: {err}")))?;
            return graph
                .game(rule, args.states.unwrap_or(2))
                .map_err(|err| game_error(err).context(format!("graph {name}")));
        }
        own_buttons("a button map")?;
        let game = map::parse(&text).map_err(|err| usage(format!("button map {name}: {err}")))?;
        return match args.states {
            Some(k) if k != game.states() => Err(usage(format!(
                "{} {k}: the button map {name} says its lights have {} states (its first \
                 line); leave {} out, or change the map",
                flag("states"),
                game.states(),
                flag("states")
            ))),
            _ => Ok(game),
        };
    }
    let Some((rows, cols)) = shape else {
        return Err(usage(
            "a grid game needs --rows R and --cols C (or --game FILE|NAME for any other)",
        ));
    };
    let topology = if args.wrap {
        Topology::Torus
    } else {
        match args.topology {
            TopologyArg::Plane => Topology::Plane,
            TopologyArg::Cylinder => Topology::Cylinder,
            TopologyArg::Torus => Topology::Torus,
            TopologyArg::Projective => Topology::Projective,
        }
    };
    let rule = Rule::parse(&args.rule).map_err(|e| usage(format!("{}: {e}", flag("rule"))))?;
    let lights = u64::from(rows) * u64::from(cols);
    if lights > lightsout::CHASE_LIGHTS as u64 && !classic(args) {
        return Err(usage(format!(
            "a {rows} x {cols} board has {} lights; grid games other than the classic plus \
             rule on a plane board take up to {} lights",
            lightsout::thousands(lights),
            lightsout::thousands(lightsout::CHASE_LIGHTS as u64)
        )));
    }
    Game::grid(
        rows as usize,
        cols as usize,
        topology,
        rule,
        args.states.unwrap_or(2),
    )
    .map_err(game_error)
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

/// A game that cannot be made, as a usage error (its counts for people).
fn game_error(e: lightsout::rules::GameError) -> anyhow::Error {
    use lightsout::{rules::GameError, thousands};
    match e {
        GameError::TooManyEntries { entries, most } => usage(format!(
            "this game's buttons change {} lights in all (each button's pattern, added \
             up); the most this program takes is {}: give a smaller board or rule",
            thousands(entries),
            thousands(most)
        )),
        e => usage(e.to_string()),
    }
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

/// Refuses `--game -` when `input` (the boards, or answers: `None` or `-` for stdin)
/// reads stdin too: the game would take it all and leave the boards nothing.
pub(super) fn stdin_once(
    args: &crate::app::cli::GameArgs,
    input: Option<&std::path::Path>,
) -> anyhow::Result<()> {
    let boards_on_stdin = input.is_none_or(|path| path.as_os_str() == "-");
    if args.game.as_deref() == Some("-") && boards_on_stdin {
        return Err(usage(
            "--game - reads the game from stdin, and the boards (or answers) would come from \
             stdin too: give them as a FILE, or the game as a file",
        ));
    }
    Ok(())
}
