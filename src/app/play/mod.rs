//! `lightsout play`: any game in a terminal, with the page's coach (hint, solution
//! marks, the fewest presses to go, Undo and Redo, new puzzles, the goal).

mod session;
mod tui;

pub(crate) use session::Session;

/// Plays `session` in the terminal; refused when stdin or stdout is not one.
pub(crate) fn run(session: Session, title: String) -> anyhow::Result<()> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(crate::app::usage::UsageError(
            "play needs a terminal (stdin and stdout); for scripts, use `solve` and `check`"
                .to_string(),
        )
        .into());
    }
    tui::run(session, title)
}
