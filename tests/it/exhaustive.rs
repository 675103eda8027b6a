//! The tables against first-row enumeration on all 2^25 states. Run with `--release`:
//! in a debug build this takes minutes.

use lightsout::{verify_table, DepthTable};

#[test]
fn generated_table_agrees_with_first_row_enumeration_on_every_state() {
    let table = DepthTable::new(lightsout::TableKind::Depth6.file()).expect("a valid table");
    let report = verify_table(&table);
    assert_eq!(report.states, 1 << 25);
    assert_eq!(report.first_mismatch, None);
    assert_eq!(report.mismatches, 0);
    assert_eq!(
        report.histogram,
        [1, 25, 300, 2_300, 12_650, 53_130, 176_176, 33_309_850]
    );
}

#[test]
fn exact_table_agrees_with_first_row_enumeration_on_every_state() {
    let table = DepthTable::new(lightsout::TableKind::Exact.file()).expect("a valid table");
    let report = verify_table(&table);
    assert_eq!(report.first_mismatch, None);
    assert_eq!(report.mismatches, 0);
    assert_eq!(
        report.histogram,
        [
            1, 25, 300, 2_300, 12_650, 53_130, 176_176, 467_104, 982_335, 1_596_279, 1_935_294,
            1_684_446, 1_004_934, 383_670, 82_614, 7_350, 25_165_824
        ]
    );
}

#[test]
fn exact_table_agrees_with_the_depth_six_table_below_seven() {
    let exact = DepthTable::new(lightsout::TableKind::Exact.file()).unwrap();
    let depth6 = DepthTable::new(lightsout::TableKind::Depth6.file()).unwrap();
    for grid in 0..1u32 << 25 {
        let shallow = depth6.depth(grid);
        let full = exact.depth(grid);
        if shallow < 7 {
            assert_eq!(full, shallow, "grid {grid:#x}");
        } else {
            assert!(
                full >= 7,
                "grid {grid:#x}: exact {full}, depth-6 table says beyond 6"
            );
        }
    }
}

#[test]
fn a_corrupted_entry_is_caught_by_the_comparison() {
    // The comparison must be able to fail: change one entry (and fix the CRC so the
    // table still opens) and expect exactly that state to be reported.
    use lightsout::format::{Header, HEADER_LEN};
    let mut file = lightsout::TableKind::Depth6.file();
    // State 0 (all off) is beyond depth 6; claim it is 0 presses away.
    file[HEADER_LEN] &= !0b111;
    let crc = crc32fast::hash(&file[HEADER_LEN..]);
    file[..HEADER_LEN].copy_from_slice(&Header::depth_table(crc).encode());
    // The first 2^20 states hold it: enough to see the comparison fail.
    let table = DepthTable::new(file).unwrap();
    let report = lightsout::verify_table_chunks(&table, 0..16, &|_| {});
    assert_eq!(report.states, 1 << 20);
    assert_eq!(report.mismatches, 1);
    assert_eq!(report.first_mismatch.map(|m| (m.0, m.1)), Some((0, 0)));
}

#[test]
fn algebra_agrees_with_the_exact_table_on_every_state() {
    // The exact table is itself checked against first-row enumeration above.
    let exact = DepthTable::new(lightsout::TableKind::Exact.file()).unwrap();
    let algebra = lightsout::Algebra::new();
    let grids: Vec<u32> = (0..1u32 << 25).collect();
    let mut answers = vec![0u8; grids.len()];
    algebra.min_presses_batch(&grids, &mut answers, 16);
    for (&grid, &answer) in grids.iter().zip(&answers) {
        assert_eq!(answer, exact.depth(grid), "grid {grid:#x}");
    }
}
