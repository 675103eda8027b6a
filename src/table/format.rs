//! The byte layout of a table file: bytes only, no puzzle logic.
//!
//! This is the one description of the format; `tables/README.md` links here.
//!
//! # Header
//!
//! A table file is a fixed 64-byte header followed by the payload. Every integer is
//! little-endian. Values given as `a / b` are for kind 0 / kind 1.
//!
//! | offset | size | field          | meaning                                                        |
//! |-------:|-----:|----------------|----------------------------------------------------------------|
//! | 0      | 8    | magic          | the bytes `LOTABLE` then `0x1A`                                |
//! | 8      | 2    | version        | format version, [`VERSION`] (1); other values are refused      |
//! | 10     | 2    | byte order     | `0xFEFF`, so the bytes are `FF FE`; `FE FF` means big-endian   |
//! | 12     | 1    | rows           | board rows, 5                                                  |
//! | 13     | 1    | cols           | board columns, 5                                               |
//! | 14     | 1    | target         | 1 = every light on (the only target written today)             |
//! | 15     | 1    | bits per entry | 3 / 4                                                          |
//! | 16     | 1    | depth limit    | 6 / 15: entries up to it are exact (kind 0: 7 = "more or never")|
//! | 17     | 1    | kind           | 0 = depth-6 table, by 25-bit state; 1 = exact table, by 23-bit index |
//! | 18     | 2    | header length  | 64: the payload starts at this offset                          |
//! | 20     | 4    | entries        | 2^25 = 33,554,432 / 2^23 = 8,388,608                           |
//! | 24     | 8    | payload length | entries * bits / 8 = 12,582,912 / 4,194,304 bytes              |
//! | 32     | 4    | payload CRC    | CRC-32 (IEEE, as zlib and PNG) of the payload bytes            |
//! | 36     | 4    | header CRC     | CRC-32 of header bytes 0..36                                   |
//! | 40     | 24   | reserved       | zero; a reader refuses any other value                         |
//!
//! # Kind 0 payload: the depth-6 table
//!
//! A bit stream: bit `k` of the stream is bit `k % 8` (least significant first) of
//! payload byte `k / 8`. Entry `i` is the 3 bits `3i, 3i+1, 3i+2` of the stream, least
//! significant first, with no gaps and no padding ([`entry3`]). In `bitvec` terms the
//! payload is a `BitSlice<u8, Lsb0>` and entry `i` is `bits[3*i..3*i+3].load_le::<u8>()`.
//! Entry `i` is the fewest presses that turn the state whose bits are `i` (bit `r*5+c`
//! = light at row `r`, column `c` is on) into all-on, or 7 when that is more than 6 or
//! impossible.
//!
//! # Kind 1 payload: the exact table
//!
//! Entry `i` is 4 bits: the low nibble of byte `i / 2` when `i` is even, the high nibble
//! when odd ([`entry4`]). It is the exact minimum (0..=15) for the solvable state whose
//! index is `i`. The index is the state's 25 bits with bits 1 and 5 removed (bit 0
//! stays, bits 2..=4 move to 1..=3, bits 6..=24 to 4..=22). The two removed bits follow
//! by parity: a state is solvable exactly when it has even overlap with both quiet
//! patterns `10101/10101/00000/10101/10101` (which holds bit 5 and not bit 1) and
//! `11011/00000/11011/00000/11011` (bit 1, not bit 5). Unsolvable states have no entry.

use byteorder::{ByteOrder, LittleEndian};

/// The first eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"LOTABLE\x1a";
/// The format version this code writes and reads. A file with another version was
/// written by another release of lightsout: regenerate it with this one.
pub const VERSION: u16 = 1;
/// The byte-order mark as a little-endian `u16`.
pub const BYTE_ORDER_MARK: u16 = 0xFEFF;
/// Size of the header; the payload starts here.
pub const HEADER_LEN: usize = 64;
/// The bits of one entry.
pub const BITS_PER_ENTRY: u8 = 3;
/// The largest value an entry holds: "farther than the depth limit, or never".
pub const FARTHER: u8 = (1 << BITS_PER_ENTRY) - 1;
/// The `target` byte for "every light on".
pub const TARGET_ALL_ON: u8 = 1;
/// The `kind` byte for a table indexed by the full 25-bit state.
pub const KIND_FULL_STATE: u8 = 0;
/// Depth limit of the table `generate` writes.
pub const DEPTH_LIMIT: u8 = 6;
/// Entries of a 5x5 table: one per state.
pub const ENTRIES: u32 = 1 << 25;
/// Payload bytes of a 5x5 table with 3-bit entries.
pub const PAYLOAD_LEN: usize = ENTRIES as usize * BITS_PER_ENTRY as usize / 8;
/// The `kind` byte of the exact table, indexed by the 23-bit index of a solvable state.
pub const KIND_EXACT: u8 = 1;
/// The longest minimal solution on 5x5: the exact table's depth limit.
pub const EXACT_DEPTH: u8 = 15;
/// Entries of the exact table: the solvable states.
pub const EXACT_ENTRIES: u32 = 1 << 23;
/// Payload bytes of the exact table (4 bits an entry): 4 MiB.
pub const EXACT_PAYLOAD_LEN: usize = EXACT_ENTRIES as usize / 2;
/// Entry `index` of a payload of 4-bit entries.
#[inline(always)]
pub fn entry4(payload: &[u8], index: u32) -> u8 {
    (payload[index as usize / 2] >> (4 * (index % 2))) & 0xF
}

/// What is wrong with a table file's bytes. The binary adds the command that repairs
/// the file, which needs its path and kind.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FormatError {
    /// Fewer bytes than a header.
    #[error(
        "the table is {got} bytes long, shorter than its {HEADER_LEN}-byte header \
         (truncated or not a table)"
    )]
    TooShort {
        /// Bytes present.
        got: usize,
    },
    /// The magic label is wrong.
    #[error(
        "not a lightsout table: it starts with {got:02x?}, expected {MAGIC:02x?} \
         (\"LOTABLE\\x1a\")"
    )]
    Magic {
        /// The first eight bytes found.
        got: [u8; 8],
    },
    /// Written by another format version.
    #[error("table format version {got}, this lightsout reads version {VERSION}")]
    Version {
        /// The version found.
        got: u16,
    },
    /// The byte-order mark is not little-endian.
    #[error(
        "table byte-order mark is {got:#06x}, expected {BYTE_ORDER_MARK:#06x} (little-endian)"
    )]
    ByteOrder {
        /// The mark found.
        got: u16,
    },
    /// The header's own checksum does not match.
    #[error(
        "table header is damaged: its CRC-32 is {got:#010x}, the header says {expected:#010x}"
    )]
    HeaderChecksum {
        /// Stored.
        expected: u32,
        /// Computed.
        got: u32,
    },
    /// A header field has a value this code does not read.
    #[error(
        "table {field} is {got}, expected {expected}; this is a table for another puzzle \
         or from another release"
    )]
    Field {
        /// Which field.
        field: &'static str,
        /// What this code reads.
        expected: u64,
        /// What the header says.
        got: u64,
    },
    /// The kind byte names no known table.
    #[error("table kind {got} is unknown (0 = depth-6 table, 1 = exact table)")]
    Kind {
        /// The kind found.
        got: u8,
    },
    /// The file length disagrees with the header.
    #[error(
        "table is {got} bytes long, its header promises {expected} \
         (truncated or padded)"
    )]
    Length {
        /// Header plus payload length from the header.
        expected: u64,
        /// Actual length.
        got: u64,
    },
    /// A reserved header byte is not zero: written by something else, or damaged (the
    /// header CRC does not cover these bytes, this check does).
    #[error(
        "table header byte {offset} is {got:#04x}; bytes 40..64 are reserved and must be zero"
    )]
    Reserved {
        /// Offset of the first nonzero reserved byte.
        offset: usize,
        /// Its value.
        got: u8,
    },
    /// The payload checksum does not match.
    #[error(
        "table payload is damaged: its CRC-32 is {got:#010x}, the header says {expected:#010x}"
    )]
    PayloadChecksum {
        /// Stored.
        expected: u32,
        /// Computed.
        got: u32,
    },
}

/// The fields of a table header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Board rows.
    pub rows: u8,
    /// Board columns.
    pub cols: u8,
    /// What the entries count presses towards ([`TARGET_ALL_ON`]).
    pub target: u8,
    /// Bits of one entry.
    pub bits_per_entry: u8,
    /// Entries up to this are exact; the largest entry value means "farther".
    pub depth_limit: u8,
    /// How entries are indexed ([`KIND_FULL_STATE`]).
    pub kind: u8,
    /// Number of entries.
    pub entries: u32,
    /// Payload bytes.
    pub payload_len: u64,
    /// CRC-32 of the payload.
    pub payload_crc: u32,
}

impl Header {
    /// The header of the exact table, for a payload with this checksum.
    pub fn exact_table(payload_crc: u32) -> Header {
        Header {
            rows: 5,
            cols: 5,
            target: TARGET_ALL_ON,
            bits_per_entry: 4,
            depth_limit: EXACT_DEPTH,
            kind: KIND_EXACT,
            entries: EXACT_ENTRIES,
            payload_len: EXACT_PAYLOAD_LEN as u64,
            payload_crc,
        }
    }

    /// The header of the 5x5 depth-6 table, for a payload with this checksum.
    pub fn depth_table(payload_crc: u32) -> Header {
        Header {
            rows: 5,
            cols: 5,
            target: TARGET_ALL_ON,
            bits_per_entry: BITS_PER_ENTRY,
            depth_limit: DEPTH_LIMIT,
            kind: KIND_FULL_STATE,
            entries: ENTRIES,
            payload_len: PAYLOAD_LEN as u64,
            payload_crc,
        }
    }

    /// The 64 header bytes.
    pub fn encode(&self) -> [u8; HEADER_LEN] {
        let mut b = [0u8; HEADER_LEN];
        b[0..8].copy_from_slice(&MAGIC);
        LittleEndian::write_u16(&mut b[8..10], VERSION);
        LittleEndian::write_u16(&mut b[10..12], BYTE_ORDER_MARK);
        b[12] = self.rows;
        b[13] = self.cols;
        b[14] = self.target;
        b[15] = self.bits_per_entry;
        b[16] = self.depth_limit;
        b[17] = self.kind;
        LittleEndian::write_u16(&mut b[18..20], HEADER_LEN as u16);
        LittleEndian::write_u32(&mut b[20..24], self.entries);
        LittleEndian::write_u64(&mut b[24..32], self.payload_len);
        LittleEndian::write_u32(&mut b[32..36], self.payload_crc);
        let header_crc = crc32fast::hash(&b[0..36]);
        LittleEndian::write_u32(&mut b[36..40], header_crc);
        b
    }

    /// Reads and checks a header: magic, version, byte order, header checksum, and
    /// that the parameters are those of the 5x5 depth table. It does not look at the
    /// payload; [`check_file`] does.
    pub fn decode(bytes: &[u8]) -> Result<Header, FormatError> {
        let Some(b) = bytes.get(..HEADER_LEN) else {
            return Err(FormatError::TooShort { got: bytes.len() });
        };
        let magic: [u8; 8] = b[0..8].try_into().expect("8 bytes");
        if magic != MAGIC {
            return Err(FormatError::Magic { got: magic });
        }
        let version = LittleEndian::read_u16(&b[8..10]);
        if version != VERSION {
            return Err(FormatError::Version { got: version });
        }
        let mark = LittleEndian::read_u16(&b[10..12]);
        if mark != BYTE_ORDER_MARK {
            return Err(FormatError::ByteOrder { got: mark });
        }
        let stored = LittleEndian::read_u32(&b[36..40]);
        let computed = crc32fast::hash(&b[0..36]);
        if stored != computed {
            return Err(FormatError::HeaderChecksum {
                expected: stored,
                got: computed,
            });
        }
        if let Some(offset) = (40..HEADER_LEN).find(|&i| b[i] != 0) {
            return Err(FormatError::Reserved {
                offset,
                got: b[offset],
            });
        }
        let header = Header {
            rows: b[12],
            cols: b[13],
            target: b[14],
            bits_per_entry: b[15],
            depth_limit: b[16],
            kind: b[17],
            entries: LittleEndian::read_u32(&b[20..24]),
            payload_len: LittleEndian::read_u64(&b[24..32]),
            payload_crc: LittleEndian::read_u32(&b[32..36]),
        };
        let expected = match header.kind {
            KIND_FULL_STATE => Header::depth_table(header.payload_crc),
            KIND_EXACT => Header::exact_table(header.payload_crc),
            got => return Err(FormatError::Kind { got }),
        };
        let fields: [(&'static str, u64, u64); 9] = [
            ("rows", expected.rows.into(), header.rows.into()),
            ("columns", expected.cols.into(), header.cols.into()),
            ("target", expected.target.into(), header.target.into()),
            (
                "bits per entry",
                expected.bits_per_entry.into(),
                header.bits_per_entry.into(),
            ),
            (
                "depth limit",
                expected.depth_limit.into(),
                header.depth_limit.into(),
            ),
            ("kind", expected.kind.into(), header.kind.into()),
            (
                "header length",
                HEADER_LEN as u64,
                LittleEndian::read_u16(&b[18..20]).into(),
            ),
            (
                "entry count",
                expected.entries.into(),
                header.entries.into(),
            ),
            ("payload length", expected.payload_len, header.payload_len),
        ];
        for (field, expected, got) in fields {
            if expected != got {
                return Err(FormatError::Field {
                    field,
                    expected,
                    got,
                });
            }
        }
        Ok(header)
    }
}

/// Checks a whole table file (header and payload checksum) and returns its header.
/// A table that passes this is safe to answer from.
pub fn check_file(bytes: &[u8]) -> Result<Header, FormatError> {
    let header = Header::decode(bytes)?;
    let expected = HEADER_LEN as u64 + header.payload_len;
    if bytes.len() as u64 != expected {
        return Err(FormatError::Length {
            expected,
            got: bytes.len() as u64,
        });
    }
    let got = crc32fast::hash(&bytes[HEADER_LEN..]);
    if got != header.payload_crc {
        return Err(FormatError::PayloadChecksum {
            expected: header.payload_crc,
            got,
        });
    }
    Ok(header)
}

/// Entry `index` of a packed payload of 3-bit entries (the bit order in the module docs).
///
/// # Panics
///
/// If the entry lies outside `payload`.
#[inline(always)]
pub fn entry3(payload: &[u8], index: u32) -> u8 {
    let bit = index as usize * BITS_PER_ENTRY as usize;
    let byte = bit / 8;
    let shift = bit % 8;
    // An entry spans at most two bytes; the very last entry may sit in the last byte alone.
    let word = match payload.get(byte..byte + 2) {
        Some(two) => LittleEndian::read_u16(two),
        None => u16::from(payload[byte]),
    };
    ((word >> shift) as u8) & FARTHER
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_round_trips() {
        let header = Header::depth_table(0xDEAD_BEEF);
        let bytes = header.encode();
        assert_eq!(&bytes[0..8], b"LOTABLE\x1a");
        assert_eq!(&bytes[10..12], &[0xFF, 0xFE]);
        assert_eq!(Header::decode(&bytes), Ok(header));
    }

    #[test]
    fn every_header_byte_is_covered_by_a_check() {
        let bytes = Header::depth_table(7).encode();
        for i in 0..HEADER_LEN {
            for bit in 0..8 {
                let mut damaged = bytes;
                damaged[i] ^= 1 << bit;
                assert!(
                    Header::decode(&damaged).is_err(),
                    "flipping bit {bit} of byte {i} went unnoticed"
                );
            }
        }
    }

    #[test]
    fn entry_reads_the_documented_bit_order() {
        use bitvec::prelude::*;
        let mut payload = vec![0u8; 3 * 64 / 8];
        let bits = payload.view_bits_mut::<Lsb0>();
        for i in 0..64usize {
            bits[3 * i..3 * i + 3].store_le((i * 5 % 8) as u8);
        }
        for i in 0..64u32 {
            assert_eq!(entry3(&payload, i), (i * 5 % 8) as u8, "entry {i}");
        }
        // Entry 1 is bits 3..6 of byte 0, entry 2 straddles bytes 0 and 1.
        assert_eq!((payload[0] >> 3) & 7, 5);
        assert_eq!(((payload[0] >> 6) | (payload[1] << 2)) & 7, 2);
    }
}
