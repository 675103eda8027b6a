//! The man pages, from the same clap definitions as `--help`: `lightsout(1)` and one
//! page a subcommand (`lightsout-solve(1)`, ...), the help texts kept as written (input
//! formats, examples, exit codes in sections of their own, never reflowed).

use super::Cli;
use anyhow::Context;
use clap::CommandFactory;
use clap_mangen::Man;
use roff::{roman, Roff};
use std::path::Path;

/// The top-level page, `lightsout(1)`.
pub(crate) fn page() -> anyhow::Result<Vec<u8>> {
    render(&built(), true)
}

/// Writes `lightsout.1` and `lightsout-COMMAND.1` for every subcommand into `dir`
/// (made when missing); says on stdout which files it wrote.
pub(crate) fn write_pages(dir: &Path, mut stdout: impl std::io::Write) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot make {}", dir.display()))?;
    let cli = built();
    let mut pages = vec![("lightsout.1".to_string(), render(&cli, true)?)];
    for sub in cli.get_subcommands() {
        let name = format!("{}.1", sub.get_display_name().unwrap_or(sub.get_name()));
        pages.push((name, render(sub, false)?));
    }
    for (name, text) in pages {
        let path = dir.join(&name);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(stdout, "{}", path.display())?;
    }
    Ok(())
}

/// The command tree, built: every subcommand knows its display name
/// (`lightsout-solve`) and its usage line (`lightsout solve`).
fn built() -> clap::Command {
    let mut cli = Cli::command().disable_help_subcommand(true);
    cli.build();
    cli
}

/// One page; the top-level one (`top`) ends with where the others are.
fn render(cmd: &clap::Command, top: bool) -> anyhow::Result<Vec<u8>> {
    let man = Man::new(cmd.clone());
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    if let Some(about) = cmd.get_long_about().or(cmd.get_about()) {
        verbatim(&mut out, "DESCRIPTION", &about.to_string())?;
    }
    man.render_options_section(&mut out)?;
    if cmd.has_subcommands() {
        man.render_subcommands_section(&mut out)?;
    }
    if let Some(after) = cmd.get_after_help() {
        let text = after.to_string();
        // The help texts end with examples and exit codes: each its own section.
        let (body, exit) = split(&text, "Exit codes:");
        let (body, examples) = split(body, "Examples:");
        if !body.trim().is_empty() {
            verbatim(&mut out, "INPUT AND OUTPUT", body.trim_end())?;
        }
        if let Some(examples) = examples {
            verbatim(&mut out, "EXAMPLES", examples.trim_end())?;
        }
        if let Some(exit) = exit {
            verbatim(&mut out, "EXIT STATUS", exit.trim_start().trim_end())?;
        }
    }
    if top {
        let see: Vec<String> = cmd
            .get_subcommands()
            .map(|s| format!("lightsout-{}(1)", s.get_name()))
            .collect();
        verbatim(&mut out, "SEE ALSO", &see.join(", "))?;
    }
    man.render_version_section(&mut out)?;
    Ok(out)
}

/// `text` after `heading` (the heading line itself dropped), and what comes before.
fn split<'a>(text: &'a str, heading: &str) -> (&'a str, Option<&'a str>) {
    match text.find(heading) {
        Some(at) => (&text[..at], Some(&text[at + heading.len()..])),
        None => (text, None),
    }
}

/// A section whose lines are kept as written (no filling, no adjusting).
fn verbatim(out: &mut Vec<u8>, title: &str, text: &str) -> std::io::Result<()> {
    let mut roff = Roff::new();
    roff.control("SH", [title]);
    roff.control("nf", []);
    for line in text.trim_start_matches('\n').lines() {
        roff.text([roman(line)]);
    }
    roff.control("fi", []);
    roff.to_writer(out)
}
