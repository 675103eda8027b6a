//! `check`: each answer pressed on its board by the one definition of a press.

use crate::app::hint::{stream_outcome, Reads};
use crate::app::input::Input;
use crate::app::say::note;
use lightsout::{plural, thousands, CheckVerdict};
use std::io::Write;

/// `check` found answers that are wrong (exit code 3).
#[derive(Debug, thiserror::Error)]
#[error("{wrong} of {boards} {verb} wrong")]
pub(crate) struct WrongAnswers {
    wrong: String,
    boards: String,
    /// `is` for one wrong answer, `are` for more.
    verb: &'static str,
}

/// Wrong answers noted one by one (the summary counts them all).
const WRONG_NOTES: u64 = 20;

/// A board's verdict as one JSON object.
fn verdict_json(m: u64, verdict: CheckVerdict) -> serde_json::Value {
    let word = match verdict {
        CheckVerdict::Reaches => "reaches",
        CheckVerdict::Differs { .. } => "differs",
        CheckVerdict::NoSolutionRight => "no_solution_right",
        CheckVerdict::NoSolutionWrong => "no_solution_wrong",
    };
    let mut value = serde_json::json!({ "board": m, "right": verdict.is_right(), "verdict": word });
    if let CheckVerdict::Differs { lights, first } = verdict {
        value["lights_differ"] = lights.into();
        value["first"] = serde_json::json!([first.0 + 1, first.1 + 1]);
    }
    value
}

/// `check`: each board after its presses on stdout, each wrong answer on stderr.
pub(crate) fn check(
    plan: &lightsout::request::Plan,
    (boards, answers): (Input, Input),
    json: bool,
    stdout: impl Write,
) -> anyhow::Result<()> {
    let mut noted = 0;
    // With --format json the verdicts are stdout, a line a board, and the boards
    // pressed are not written.
    let (mut lines, stdout): (_, Box<dyn Write + '_>) = if json {
        (
            Some(std::io::BufWriter::new(stdout)),
            Box::new(std::io::sink()),
        )
    } else {
        (None, Box::new(stdout))
    };
    let mut failed: Option<std::io::Error> = None;
    let mut report = |m: u64, verdict: CheckVerdict| {
        if let Some(out) = lines.as_mut() {
            let line = verdict_json(m, verdict);
            if let Err(err) = writeln!(out, "{line}") {
                failed.get_or_insert(err);
            }
        }
        let why = match verdict {
            CheckVerdict::Reaches | CheckVerdict::NoSolutionRight => return,
            CheckVerdict::Differs { lights, first } => format!(
                "{} from the target, the first at row {}, column {}",
                plural(lights, "light differs", "lights differ"),
                first.0 + 1,
                first.1 + 1
            ),
            CheckVerdict::NoSolutionWrong => {
                "says `no solution`, but the board can be solved".to_string()
            }
        };
        if noted < WRONG_NOTES {
            noted += 1;
            note(format_args!("board {m}: wrong: {why}"));
        }
    };
    let outcome = plan.check(boards.reader, answers.reader, stdout, &mut report);
    if let Some(err) = failed.or_else(|| lines.as_mut().and_then(|out| out.flush().err())) {
        return Err(anyhow::Error::new(err).context("cannot write to stdout"));
    }
    let summary = match outcome {
        Ok(summary) => summary,
        Err(lightsout::StreamError::Answers(err)) => {
            return Err(anyhow::Error::new(err).context(format!("bad answers in {}", answers.name)))
        }
        Err(err) => {
            return stream_outcome(
                Err::<(), _>(err),
                &boards.name,
                Reads::Boards {
                    cols: plan.solver().board_shape().1 as u32,
                },
            )
        }
    };
    let wrong = summary.boards - summary.right;
    if wrong > 0 {
        return Err(WrongAnswers {
            wrong: thousands(wrong),
            boards: plural(summary.boards, "answer", "answers"),
            verb: if wrong == 1 { "is" } else { "are" },
        }
        .into());
    }
    note(format_args!(
        "ok: every answer is right ({})",
        plural(summary.boards, "board", "boards")
    ));
    Ok(())
}
