//! A long search's progress kept between runs (`solve --checkpoint DIR`), so a proof
//! that is stopped (a closed terminal, a reboot) resumes where it stopped rather than
//! from the start. The bytes go to the caller's [`Keeper`] (a directory's files).
//!
//! With somewhere to keep it, the search ([`super::blocks`]) counts its blocks in
//! [`PARTS`] parts (its runs are taken in order, so they finish nearly in order); when
//! a part is done and the interval has passed since the last save, it writes how many
//! parts are done (the first ones) and the best entry they hold. These are named and
//! keyed by the search's own inputs (the weighted signatures, the split, the
//! blocks kept), so any board whose search is the same resumes it and no other does.
//! The answer is the one an unbroken search gives: the best entry is the largest, ties
//! to the smallest `f`, an order that does not depend on the part that found it, and
//! the parts done hold no entry of at least the floor that their best leaves out.
//!
//! The bytes, little-endian: `LOSEARCH`, the format's version (u32), the key's length
//! (u64) and bytes, the blocks a part, the parts, the first part kept and the stride
//! between the parts kept (0 and 1; a share `I` of `N`, `I` and `N`), the parts done, the
//! kept blocks in them, the floor they were searched at, the best entry and its `f`, the seconds spent
//! (f64), and a CRC-32 of everything before it; the name is the key's CRC-32 and
//! length, `8fd6928b-65256.search` (a share: `8fd6928b-65256.part-3-of-64.search`). Bytes that do not read back whole (torn, of
//! another version, of another key) are searched afresh and overwritten. The CRC
//! catches accidents, not forgery, so what a file says is checked before it is
//! believed ([`super::blocks`]): its counts must fit its parts, and its best entry
//! must have the value its index gives, at least its floor, in a block it searched;
//! a floor that no solution reaches sends the search back to the start. What is
//! taken on trust is that the parts it calls done hold nothing better than its best
//! (searching them again is the cost the file saves).

use super::progress::Keeper;
use byteorder::{ReadBytesExt, WriteBytesExt, LE};
use std::io::Read;

pub(in crate::solve) use super::progress::PARTS;

const MAGIC: &[u8; 8] = b"LOSEARCH";

/// The most seconds a file may say were spent (a thousand years): more is no search's.
const MAX_SECONDS: f64 = 3.2e10;
/// Version 2 keeps a range of the parts (a share of a search split across machines).
const VERSION: u32 = 2;

/// How far a search has gone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Progress {
    /// Blocks a part, and the parts of the whole search.
    pub part: u64,
    pub parts: u64,
    /// The parts this progress covers: `first`, `first + stride`, ... below `parts`
    /// (the whole search, `0` and `1`, or one share of it, [`Progress::share`]).
    pub first: u64,
    pub stride: u64,
    /// Parts done (the first ones it covers), and the blocks they kept.
    pub done: u64,
    pub kept: u64,
    /// The floor the parts done were searched at: they hold no entry of at least it
    /// and of their best that `best` leaves out.
    pub floor: i64,
    /// The largest entry of the parts done and its smallest `f` (`(i64::MIN,
    /// u64::MAX)`: none of at least the floor).
    pub best: (i64, u64),
    /// Seconds spent on the parts done, over every run.
    pub seconds: f64,
}

impl Progress {
    /// A search of `blocks` blocks from the start: in parts when kept, else in one.
    pub(super) fn start(blocks: u64, kept: bool, floor: i64) -> Progress {
        let part = if kept && blocks > 64 {
            blocks.div_ceil(PARTS).next_multiple_of(64).min(blocks)
        } else {
            blocks.max(1)
        };
        let parts = blocks.div_ceil(part);
        Progress {
            part,
            parts,
            first: 0,
            stride: 1,
            done: 0,
            kept: 0,
            floor,
            best: (i64::MIN, u64::MAX),
            seconds: 0.0,
        }
    }
}

impl Progress {
    /// Share `index` of `shares` of a kept search of `blocks` blocks: every
    /// `shares`-th part from part `index` (interleaved, so each share holds as many of
    /// the early parts, where a symmetric board's kept blocks gather, as of the late
    /// ones). The split depends on nothing but the blocks and the shares, so every
    /// machine makes the same one.
    pub(super) fn share(blocks: u64, floor: i64, (index, shares): (u64, u64)) -> Progress {
        Progress {
            first: index,
            stride: shares,
            ..Progress::start(blocks, true, floor)
        }
    }

    /// The parts it covers.
    pub(super) fn len(&self) -> u64 {
        match self.parts.checked_sub(self.first) {
            Some(left) if left > 0 && self.stride > 0 => left.div_ceil(self.stride),
            _ => 0,
        }
    }

    /// The `j`-th part it covers.
    pub(super) fn nth(&self, j: u64) -> u64 {
        self.first + j * self.stride
    }

    /// Whether every part of the range is done.
    pub(super) fn complete(&self) -> bool {
        self.done == self.len()
    }
}

/// The better of two entries `(value, f)`: the larger value, ties to the smaller `f`.
pub(super) fn better(x: (i64, u64), y: (i64, u64)) -> (i64, u64) {
    if x.0 > y.0 || (x.0 == y.0 && x.1 < y.1) {
        x
    } else {
        y
    }
}

/// The bytes that name a search: the entries' width, the split, the blocks kept (their
/// count and the key of the rule that keeps them) and the weighted signatures.
pub(super) fn key(
    weighted: &[(u64, u32, i32)],
    (k1, k2): (usize, usize),
    width: usize,
    only: Option<(u64, &[u64])>,
) -> Vec<u8> {
    let mut key = Vec::with_capacity(64 + weighted.len() * 16);
    let (kept, rule) = only.unwrap_or((u64::MAX, &[]));
    for word in [width as u64, k1 as u64, k2 as u64, kept, rule.len() as u64] {
        key.extend_from_slice(&word.to_le_bytes());
    }
    for word in rule {
        key.extend_from_slice(&word.to_le_bytes());
    }
    for &(high, low, weight) in weighted {
        key.extend_from_slice(&high.to_le_bytes());
        key.extend_from_slice(&low.to_le_bytes());
        key.extend_from_slice(&weight.to_le_bytes());
    }
    key
}

/// Why a saved search cannot be this one's, when it cannot: what the file says is
/// checked against what can be recomputed. The parts it calls done are taken on trust
/// (searching them again is the cost a file saves); its counts must fit them, and its
/// best entry must be one this search holds, with the value its index gives
/// ([`entry`]); the search asks before it resumes, at least the floor, in a block kept and done.
pub(super) fn doubt(
    saved: &Progress,
    fresh: &Progress,
    weighted: &[(u64, u32, i32)],
    k1: usize,
    only: Option<(&dyn Fn(u64) -> bool, u64)>,
) -> Option<String> {
    if (saved.part, saved.parts) != (fresh.part, fresh.parts) {
        return Some(format!(
            "it splits the search in {} parts of {} blocks, this search in {} of {}",
            saved.parts, saved.part, fresh.parts, fresh.part
        ));
    }
    if (saved.first, saved.stride) != (fresh.first, fresh.stride) {
        return Some(format!(
            "it keeps every {} part from part {}, where this share is every {} from {}",
            saved.stride, saved.first, fresh.stride, fresh.first
        ));
    }
    if saved.done > saved.len() {
        return Some(format!(
            "it calls {} of {} parts done",
            saved.done,
            saved.len()
        ));
    }
    let blocks_done = saved.done.checked_mul(saved.part);
    let searched = only.map_or(u64::MAX, |(_, kept)| kept);
    match blocks_done {
        Some(done) if saved.kept <= done && saved.kept <= searched => {}
        _ => {
            return Some(format!(
                "it counts {} blocks searched in {} parts of {}",
                saved.kept, saved.done, saved.part
            ))
        }
    }
    if only.is_none() && Some(saved.kept) != blocks_done {
        return Some(format!(
            "it counts {} blocks searched in {} parts of {} (every block is kept)",
            saved.kept, saved.done, saved.part
        ));
    }
    let (value, f) = saved.best;
    if (value, f) == (i64::MIN, u64::MAX) {
        return None;
    }
    let b = f >> k1;
    // Its part, and which of the parts it covers that is: one it calls done.
    let part = b / saved.part.max(1);
    let covered = part
        .checked_sub(saved.first)
        .filter(|d| d % saved.stride.max(1) == 0)
        .map(|d| d / saved.stride.max(1));
    if covered.is_none_or(|j| j >= saved.done) || only.is_some_and(|(keep, _)| !keep(b)) {
        return Some(format!(
            "its best entry ({f}) is not in a block it searched"
        ));
    }
    let actual = entry(weighted, k1, f);
    if actual != value {
        return Some(format!(
            "its best entry ({f}) is said to be {value}, and is {actual}"
        ));
    }
    if value < saved.floor {
        return Some(format!(
            "its best entry ({value}) is under the floor it was searched at ({})",
            saved.floor
        ));
    }
    None
}

/// The transform's entry `f` (block `f >> k1`, low bits `f` as the buckets place them),
/// summed directly: `sum (-1)^(<high, b> + <low, a>) weight`, in `O(signatures)`.
pub(super) fn entry(weighted: &[(u64, u32, i32)], k1: usize, f: u64) -> i64 {
    let (b, a) = (f >> k1, f & ((1u64 << k1) - 1));
    weighted
        .iter()
        .map(|&(high, low, weight)| {
            let odd = ((high & b).count_ones() + (u64::from(low) & a).count_ones()) % 2 == 1;
            if odd {
                -i64::from(weight)
            } else {
                i64::from(weight)
            }
        })
        .sum()
}

/// The name's stem for the search named by `key`: its CRC-32 and its length.
pub(super) fn stem(key: &[u8]) -> String {
    format!("{:08x}-{}", crc32fast::hash(key), key.len())
}

/// The share `(index, shares)` a file's name keeps of the search named by `key`, only
/// when the name is exactly the one [`Checkpoint::share`] gives it (no sign, no leading
/// zero, `index < shares <= PARTS`): a stray name is no part of any split.
pub(super) fn share_of(key: &[u8], name: &str) -> Option<(u64, u64)> {
    let rest = name
        .strip_prefix(&stem(key))?
        .strip_prefix(".part-")?
        .strip_suffix(".search")?;
    let (index, shares) = rest.split_once("-of-")?;
    let (i, n) = (index.parse::<u64>().ok()?, shares.parse::<u64>().ok()?);
    let canonical = i.to_string() == index && n.to_string() == shares;
    (canonical && i < n && n <= PARTS).then_some((i, n))
}

/// One search's bytes with a keeper.
#[derive(Debug)]
pub(super) struct Checkpoint<'a> {
    keeper: &'a dyn Keeper,
    name: String,
    key: Vec<u8>,
}

impl<'a> Checkpoint<'a> {
    /// The search named by `key`, with `keeper`.
    pub(super) fn new(keeper: &'a dyn Keeper, key: Vec<u8>) -> Checkpoint<'a> {
        let name = format!("{}.search", stem(&key));
        Checkpoint { keeper, name, key }
    }

    /// Share `index` of `shares` of the search named by `key` (`--part I/N`): a name of
    /// its own, so parts run anywhere never write over each other.
    pub(super) fn share(
        keeper: &'a dyn Keeper,
        key: Vec<u8>,
        (index, shares): (u64, u64),
    ) -> Checkpoint<'a> {
        let name = format!("{}.part-{index}-of-{shares}.search", stem(&key));
        Checkpoint { keeper, name, key }
    }

    /// Whether it keeps one share of several (`--part`).
    pub(super) fn is_share(&self) -> bool {
        self.name.contains(".part-")
    }

    /// The splits kept for the search named by `key`: how many shares each names, and
    /// how many of its shares have a file (each split's shares counted once).
    pub(super) fn splits(keeper: &dyn Keeper, key: &[u8]) -> Vec<(u64, u64)> {
        let mut names: Vec<(u64, u64)> = keeper
            .names(&format!("{}.part-", stem(key)))
            .iter()
            .filter_map(|name| share_of(key, name))
            .map(|(index, shares)| (shares, index))
            .collect();
        names.sort_unstable();
        names.dedup();
        let mut splits: Vec<(u64, u64)> = Vec::new();
        for (shares, _) in names {
            match splits.last_mut() {
                Some((last, files)) if *last == shares => *files += 1,
                _ => splits.push((shares, 1)),
            }
        }
        splits
    }

    /// Where it is kept, for people.
    pub(super) fn place(&self) -> String {
        self.keeper.place(&self.name)
    }

    /// The progress saved: `Ok(None)` when nothing is there, an error (why) when
    /// something is that does not read back whole with this key (to be replaced).
    pub(super) fn load(&self) -> Result<Option<Progress>, String> {
        // The magic, version, key length, key, eight words, the seconds and the CRC.
        let most = self.key.len() as u64 + 120;
        match self.keeper.read(&self.name, most)? {
            None => Ok(None),
            Some(bytes) => self
                .decode(&bytes)
                .map(Some)
                .ok_or_else(|| "it is torn, of another version or of another search".to_string()),
        }
    }

    /// The progress in `bytes`, when they read back whole with this key.
    fn decode(&self, bytes: &[u8]) -> Option<Progress> {
        let (body, crc) = bytes.split_at_checked(bytes.len().checked_sub(4)?)?;
        if crc32fast::hash(body).to_le_bytes() != crc {
            return None;
        }
        let mut r = body;
        let mut magic = [0u8; 8];
        r.read_exact(&mut magic).ok()?;
        if &magic != MAGIC || r.read_u32::<LE>().ok()? != VERSION {
            return None;
        }
        let len = usize::try_from(r.read_u64::<LE>().ok()?).ok()?;
        let (key, mut r) = r.split_at_checked(len)?;
        if key != self.key.as_slice() {
            return None;
        }
        let progress = Progress {
            part: r.read_u64::<LE>().ok()?,
            parts: r.read_u64::<LE>().ok()?,
            first: r.read_u64::<LE>().ok()?,
            stride: r.read_u64::<LE>().ok()?,
            done: r.read_u64::<LE>().ok()?,
            kept: r.read_u64::<LE>().ok()?,
            floor: r.read_i64::<LE>().ok()?,
            best: (r.read_i64::<LE>().ok()?, r.read_u64::<LE>().ok()?),
            seconds: r.read_f64::<LE>().ok()?,
        };
        let range = progress.stride >= 1 && progress.stride <= PARTS;
        let whole = r.is_empty() && range;
        (whole && (0.0..=MAX_SECONDS).contains(&progress.seconds)).then_some(progress)
    }

    /// Keeps `progress`, whole.
    pub(super) fn save(&self, progress: &Progress) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(self.key.len() + 100);
        bytes.extend_from_slice(MAGIC);
        bytes.write_u32::<LE>(VERSION)?;
        bytes.write_u64::<LE>(self.key.len() as u64)?;
        bytes.extend_from_slice(&self.key);
        let (part, parts, first, stride) = (
            progress.part,
            progress.parts,
            progress.first,
            progress.stride,
        );
        for word in [part, parts, first, stride, progress.done, progress.kept] {
            bytes.write_u64::<LE>(word)?;
        }
        bytes.write_i64::<LE>(progress.floor)?;
        bytes.write_i64::<LE>(progress.best.0)?;
        bytes.write_u64::<LE>(progress.best.1)?;
        bytes.write_f64::<LE>(progress.seconds)?;
        bytes.write_u32::<LE>(crc32fast::hash(&bytes))?;
        self.keeper.write(&self.name, &bytes)
    }

    /// Forgets it (its floor was not reached: not this board's to keep).
    pub(super) fn remove(&self) {
        self.keeper.remove(&self.name);
    }
}

#[cfg(test)]
mod memory;
#[cfg(test)]
pub(in crate::solve) use memory::Memory;

#[cfg(test)]
mod tests;
