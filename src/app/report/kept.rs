//! What a board's kept search did (`--checkpoint`): resumed, not believed, not saved;
//! and of a search split in parts (`--part I/N`): each part merged, refused or missing,
//! and a part run whose own share was not kept (which fails the run).

use super::{words_of, Reporter};
use crate::app::say::note;
use lightsout::{plural, thousands};

impl Reporter {
    /// What board `m`'s search did with its file: resumed (and from how far), or could
    /// not save it.
    pub(super) fn kept(&mut self, m: u64, kept: &lightsout::Kept) {
        let part_run = self.progress.as_ref().is_some_and(|p| p.share().is_some());
        if let Some(shares) = kept
            .shares
            .as_ref()
            .filter(|_| !part_run || kept.resumed.is_none())
        {
            self.shares(m, kept, shares);
            return;
        }
        if let Some((fraction, seconds)) = kept.resumed {
            note(format_args!(
                "note: {} {m}: resumed the search kept in {} ({:.1} % of it done before, in {})",
                self.noun,
                kept.place,
                fraction * 100.0,
                std::time::Duration::try_from_secs_f64(seconds)
                    .map_or_else(|_| format!("{seconds} s"), words_of),
            ));
        }
        if let Some(reason) = &kept.refused {
            note(format_args!(
                "note: {} {m}: the search kept in {} was not believed: {reason}; searched \
                 afresh (a checkpoint is trusted for the parts it calls done, and its best \
                 is checked)",
                self.noun, kept.place,
            ));
        }
        if let Some(shares) = &kept.shares {
            // A part run resumed: said above, then its share as any part run's.
            self.shares(m, kept, shares);
            return;
        }
        if let Some(error) = &kept.error {
            note(format_args!(
                "note: {} {m}: could not save the search's progress in {}: {error} (the \
                 search went on)",
                self.noun, kept.place,
            ));
        }
    }
}

impl Reporter {
    /// The error a part run ends with when some board's part was not kept (exit 1):
    /// its answers are written, but the merge would find the part missing.
    pub(crate) fn parts_lost(&self) -> Option<anyhow::Error> {
        let (count, first) = &self.parts_lost;
        first.as_ref().map(|first| {
            anyhow::anyhow!(
                "{} not kept ({first}); the merge would find {} missing",
                plural(*count, "part is", "parts are"),
                if *count == 1 { "it" } else { "them" }
            )
        })
    }

    /// What board `m`'s search split in parts did: each part not believed, and what is
    /// missing (with the flag that runs it), or that the parts were merged.
    fn shares(&mut self, m: u64, kept: &lightsout::Kept, shares: &lightsout::Shares) {
        let of = shares.of;
        if let Some((index, _)) = self.progress.as_ref().and_then(|p| p.share()) {
            // A part run: its own share searched and kept, or the run fails.
            let lost = match &kept.error {
                Some(error) => Some(format!("could not be kept in {}: {error}", kept.place)),
                None if shares.missing.contains(&index) && super::watch::signalled() => {
                    // Not lost: kept as far as it went (the exit code says it stopped).
                    note(format_args!(
                        "note: {} {m}: part {index} of {} was stopped at {} before it \
                         finished; what it searched is kept in {}, and the same command \
                         resumes it",
                        self.noun,
                        thousands(of),
                        super::watch::stopped_by(),
                        kept.place
                    ));
                    None
                }
                None if shares.missing.contains(&index) => Some(
                    "was not searched: its share is estimated past --search-time (or past \
                     --search-budget); give enough for one part, or split the search in more \
                     parts"
                        .to_string(),
                ),
                None => None,
            };
            if let Some(lost) = lost {
                let lost = format!(
                    "{} {m}: part {index} of {} {lost}",
                    self.noun,
                    thousands(of)
                );
                note(format_args!("note: {lost}"));
                self.parts_lost.0 += 1;
                self.parts_lost.1.get_or_insert(lost);
            }
            return;
        }
        for (index, why) in &shares.refused {
            note(format_args!(
                "note: {} {m}: part {index} of {} ({}) was not believed: {why}",
                self.noun,
                thousands(of),
                kept.place
            ));
        }
        if shares.missing.is_empty() {
            self.merged = Some(of);
            return;
        }
        if shares.missing.len() as u64 == of - 1 && shares.run.len() == 1 {
            // A part run: its own share done, the others elsewhere.
            return;
        }
        let listed: Vec<String> = shares.missing.iter().take(12).map(u64::to_string).collect();
        let more = shares.missing.len().saturating_sub(12);
        let first = shares.missing[0];
        note(format_args!(
            "note: {} {m}: {} {}{} of {} {} missing or unfinished in {}; run each with the \
             same flags and `--part I/{of}` (the first: `--part {first}/{of}`; one not \
             finished resumes where it stopped), or give --search-time enough for this run to \
             search them; with Slurm, `PARTS={of} sbatch --array={} \
             contrib/slurm/fewest.sbatch`",
            self.noun,
            if shares.missing.len() == 1 {
                "part"
            } else {
                "parts"
            },
            listed.join(", "),
            if more > 0 {
                format!(" and {} more", thousands(more as u64))
            } else {
                String::new()
            },
            thousands(of),
            if shares.missing.len() == 1 {
                "is"
            } else {
                "are"
            },
            kept.place,
            ranges(&shares.missing),
        ));
    }
}

/// How a proof of `seconds` here (both cores of this processor kind, the rate the
/// estimate is measured at) splits in parts of about an hour, for a cluster.
pub(super) fn in_parts(seconds: f64) -> String {
    let hours = seconds / 3600.0;
    let parts = hours.ceil().clamp(1.0, 1024.0) as u64;
    let each = std::time::Duration::try_from_secs_f64(seconds / parts as f64)
        .map_or_else(|_| "ages".to_string(), words_of);
    format!(
        "or, {} core-hours in all, as {} parts of {each} each on 2 cores: `--part \
         I/{parts}` for I from 0 to {} with --checkpoint DIR shared (contrib/slurm/fewest.sbatch), \
         then the same command without --part",
        thousands((2.0 * hours).ceil() as u64),
        thousands(parts),
        parts - 1
    )
}

/// Part numbers as a job array's list: runs as `I-J`, joined by commas (`2-4,7`).
pub(crate) fn ranges(indices: &[u64]) -> String {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &i in indices {
        match runs.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(i) => *last = i,
            _ => runs.push((i, i)),
        }
    }
    let text: Vec<String> = runs
        .iter()
        .map(|&(a, b)| match a == b {
            true => a.to_string(),
            false => format!("{a}-{b}"),
        })
        .collect();
    text.join(",")
}
