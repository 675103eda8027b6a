//! Kept searches read back only whole, with their key, and split in whole runs.

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
