//! `explain`: boards drawn with the presses `solve` gives, or the contest's grids.

use crate::app::config::ExplainJob;
use crate::app::hint::{stream_outcome, Reads};
use crate::app::input::Input;
use lightsout::request::Plan;
use std::io::Write;

/// `explain`: boards drawn with `solve`'s presses, or the contest's grids.
pub(crate) fn explain(job: ExplainJob, stdout: impl Write) -> anyhow::Result<()> {
    match job {
        ExplainJob::Boards {
            input,
            plan,
            drawing,
            out,
        } => {
            if plan.game().states() > 2 {
                crate::app::hint::announce(&input);
            }
            explain_boards(input, &plan, drawing, out, stdout)
        }
        ExplainJob::Contest {
            input,
            method,
            max_steps,
            target,
            style,
        } => {
            crate::app::hint::announce(&input);
            let outcome =
                lightsout::explain_stream(&method, max_steps, target, style, input.reader, stdout);
            stream_outcome(outcome, &input.name, Reads::Grids).map(drop)
        }
    }
}

/// `explain` for any game: text on stdout, or a PNG a board (`out`, then `out-2`, ...)
/// with a line on stdout naming each file.
fn explain_boards(
    input: Input,
    plan: &Plan,
    drawing: lightsout::Drawing,
    out: Option<std::path::PathBuf>,
    mut stdout: impl Write,
) -> anyhow::Result<()> {
    let mut written = Vec::new();
    let outcome = {
        let mut picture = |m: u64, drawn: &lightsout::Drawn| -> std::io::Result<Box<dyn Write>> {
            let path = picture_path(out.as_deref().expect("checked: png has --out"), m);
            let file = std::fs::File::create(&path).map_err(|err| {
                std::io::Error::new(
                    err.kind(),
                    format!("cannot create {}: {err}", path.display()),
                )
            })?;
            written.push(format!(
                "{}: {}",
                path.display(),
                lightsout::picture_note(drawn)
            ));
            Ok(Box::new(std::io::BufWriter::new(file)))
        };
        plan.explain(drawing, input.reader, &mut stdout, &mut picture)
    };
    if matches!(outcome, Err(lightsout::StreamError::Output(_))) {
        // The picture being written when writing failed was not written.
        written.pop();
    }
    for line in &written {
        writeln!(stdout, "wrote {line}")?;
    }
    stream_outcome(
        outcome,
        &input.name,
        Reads::Boards {
            cols: plan.solver().board_shape().1 as u32,
        },
    )
    .map(drop)
}

/// `presses.png` for board 1, `presses-2.png` for board 2, ...
fn picture_path(first: &std::path::Path, m: u64) -> std::path::PathBuf {
    if m == 1 {
        return first.to_path_buf();
    }
    let stem = first
        .file_stem()
        .map_or("board".into(), |s| s.to_string_lossy());
    let name = match first.extension() {
        Some(ext) => format!("{stem}-{m}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{m}"),
    };
    first.with_file_name(name)
}
