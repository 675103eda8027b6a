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
//! (u64) and bytes, the blocks a part, the parts, the parts done, the kept blocks in
//! them, the floor they were searched at, the best entry and its `f`, the seconds spent
//! (f64), and a CRC-32 of everything before it; the name is the key's CRC-32 and
//! length, `8fd6928b-65256.search`. Bytes that do not read back whole (torn, of
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

/// The parts a kept search is run in (at most; parts are whole runs of 64 blocks): a
/// save loses at most one part's work.
pub(super) const PARTS: u64 = 1024;

const MAGIC: &[u8; 8] = b"LOSEARCH";

/// The most seconds a file may say were spent (a thousand years): more is no search's.
const MAX_SECONDS: f64 = 3.2e10;
const VERSION: u32 = 1;

/// How far a search has gone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Progress {
    /// Blocks a part, and the parts.
    pub part: u64,
    pub parts: u64,
    /// Parts done (the first ones), and the blocks they kept.
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
        Progress {
            part,
            parts: blocks.div_ceil(part),
            done: 0,
            kept: 0,
            floor,
            best: (i64::MIN, u64::MAX),
            seconds: 0.0,
        }
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
    if saved.done > saved.parts {
        return Some(format!(
            "it calls {} of {} parts done",
            saved.done, saved.parts
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
    if blocks_done.is_none_or(|done| b >= done) || only.is_some_and(|(keep, _)| !keep(b)) {
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
        let name = format!("{:08x}-{}.search", crc32fast::hash(&key), key.len());
        Checkpoint { keeper, name, key }
    }

    /// Where it is kept, for people.
    pub(super) fn place(&self) -> String {
        self.keeper.place(&self.name)
    }

    /// The progress saved: `Ok(None)` when nothing is there, an error (why) when
    /// something is that does not read back whole with this key (to be replaced).
    pub(super) fn load(&self) -> Result<Option<Progress>, String> {
        // The magic, version, key length, key, six words, the seconds and the CRC.
        let most = self.key.len() as u64 + 100;
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
            done: r.read_u64::<LE>().ok()?,
            kept: r.read_u64::<LE>().ok()?,
            floor: r.read_i64::<LE>().ok()?,
            best: (r.read_i64::<LE>().ok()?, r.read_u64::<LE>().ok()?),
            seconds: r.read_f64::<LE>().ok()?,
        };
        (r.is_empty() && (0.0..=MAX_SECONDS).contains(&progress.seconds)).then_some(progress)
    }

    /// Keeps `progress`, whole.
    pub(super) fn save(&self, progress: &Progress) -> std::io::Result<()> {
        let mut bytes = Vec::with_capacity(self.key.len() + 100);
        bytes.extend_from_slice(MAGIC);
        bytes.write_u32::<LE>(VERSION)?;
        bytes.write_u64::<LE>(self.key.len() as u64)?;
        bytes.extend_from_slice(&self.key);
        for word in [progress.part, progress.parts, progress.done, progress.kept] {
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

/// Bytes kept in memory (for tests).
#[cfg(test)]
#[derive(Debug, Default)]
pub(super) struct Memory(std::sync::Mutex<std::collections::HashMap<String, Vec<u8>>>);

#[cfg(test)]
impl Keeper for Memory {
    fn read(&self, name: &str, most: u64) -> Result<Option<Vec<u8>>, String> {
        match self.0.lock().unwrap().get(name) {
            Some(bytes) if bytes.len() as u64 > most => Err("too long".into()),
            found => Ok(found.cloned()),
        }
    }
    fn write(&self, name: &str, bytes: &[u8]) -> std::io::Result<()> {
        self.0
            .lock()
            .unwrap()
            .insert(name.to_string(), bytes.to_vec());
        Ok(())
    }
    fn remove(&self, name: &str) {
        self.0.lock().unwrap().remove(name);
    }
    fn place(&self, name: &str) -> String {
        format!("memory:{name}")
    }
}

#[cfg(test)]
impl Memory {
    /// The only bytes kept.
    pub(super) fn only(&self) -> (String, Vec<u8>) {
        let map = self.0.lock().unwrap();
        assert_eq!(map.len(), 1);
        let (name, bytes) = map.iter().next().unwrap();
        (name.clone(), bytes.clone())
    }

    pub(super) fn put(&self, name: &str, bytes: &[u8]) {
        self.write(name, bytes).unwrap();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_reads_back_only_whole_and_with_its_key() {
        let memory = Memory::default();
        let weighted = [(3u64, 1u32, -2i32), (1, 2, 5)];
        let key1 = key(&weighted, (2, 20), 2, None);
        let saved = Progress {
            done: 17,
            kept: 17 * 256,
            best: (41, 0x1234),
            seconds: 2.5,
            ..Progress::start(1 << 20, true, -7)
        };
        assert_eq!(saved.part, 1024, "2^20 blocks in 1024 parts");
        let file = Checkpoint::new(&memory, key1.clone());
        assert_eq!(file.load().ok().flatten(), None, "nothing saved yet");
        file.save(&saved).unwrap();
        assert_eq!(file.load().ok().flatten(), Some(saved));
        // Another search (one weight changed, another split, the blocks kept by a
        // rule) has a file of its own, and does not read this one.
        let other = key(&[(3, 1, -2), (1, 2, 6)], (2, 20), 2, None);
        for key2 in [other, key(&weighted, (3, 19), 2, None)] {
            assert_ne!(key2, key1);
            assert_eq!(Checkpoint::new(&memory, key2).load().ok().flatten(), None);
        }
        let ruled = key(&weighted, (2, 20), 2, Some((5, &[1, 2])));
        assert_ne!(ruled, key(&weighted, (2, 20), 2, Some((5, &[1, 3]))));
        // The same name with another key (a CRC collision) reads as nothing.
        let stranger = Checkpoint {
            key: b"another".to_vec(),
            ..Checkpoint::new(&memory, key1.clone())
        };
        assert_eq!(stranger.load().ok().flatten(), None);
        // A byte changed anywhere, or the file cut short: nothing.
        let (name, bytes) = memory.only();
        assert_eq!(
            name,
            format!("{:08x}-{}.search", crc32fast::hash(&key1), key1.len())
        );
        for at in [0, 9, 20, bytes.len() - 30, bytes.len() - 1] {
            let mut torn = bytes.clone();
            torn[at] ^= 1;
            memory.put(&name, &torn);
            assert_eq!(file.load().ok().flatten(), None, "byte {at} changed");
        }
        memory.put(&name, &bytes[..bytes.len() - 5]);
        assert_eq!(file.load().ok().flatten(), None, "cut short");
        memory.put(&name, &bytes);
        assert_eq!(file.load().ok().flatten(), Some(saved));
        // Seconds that are no duration (a hand-made file): nothing.
        for seconds in [f64::INFINITY, f64::NAN, -1.0, 1e300] {
            file.save(&Progress { seconds, ..saved }).unwrap();
            assert_eq!(file.load().ok().flatten(), None, "{seconds} s");
        }
        file.remove();
        assert_eq!(file.load().ok().flatten(), None);
    }

    #[test]
    fn parts_are_whole_runs_of_blocks() {
        for k2 in 0..40 {
            let blocks = 1u64 << k2;
            let p = Progress::start(blocks, true, 0);
            assert!(p.parts <= PARTS && p.part * p.parts == blocks, "2^{k2}");
            assert!(p.part.is_multiple_of(64) || p.parts == 1, "2^{k2}");
            assert_eq!(Progress::start(blocks, false, 0).parts, 1);
        }
    }
}
