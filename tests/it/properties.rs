//! Property tests: no input, however hostile, makes the decoders or parsers panic, and
//! well-formed input round-trips whatever its layout.

use lightsout::format::{check_file, Header, HEADER_LEN};
use lightsout::solve_stream;
use lightsout::Target;
use lightsout::{answer_stream, BoardReader, DepthTable, InputError, Method, QueryOptions};
use proptest::prelude::*;
use std::sync::OnceLock;

fn table_file() -> &'static [u8] {
    static FILE: OnceLock<Vec<u8>> = OnceLock::new();
    FILE.get_or_init(|| lightsout::TableKind::Depth6.file())
}

/// Bytes that look like the input format more often than chance would.
fn texty() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(b"01".to_vec()),
            3 => Just(b'\n'),
            2 => Just(b' '),
            1 => prop::sample::select(b"\r\t-+x2".to_vec()),
            1 => any::<u8>(),
        ],
        0..400,
    )
}

fn with_count(count: u8, body: Vec<u8>) -> Vec<u8> {
    let mut text = format!("{count}\n").into_bytes();
    text.extend(body);
    text
}

/// Cases a property is tried on: 64 in the README's test command (its 90 s budget), as
/// many as `PROPTEST_CASES` says where it is set (.ci/run runs this module again with
/// 1,024).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn header_decoding_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = Header::decode(&bytes);
        let _ = check_file(&bytes);
    }

    #[test]
    fn a_valid_header_with_random_damage_never_panics(at in 0..HEADER_LEN, xor in 1..=255u8) {
        let mut header = table_file()[..HEADER_LEN].to_vec();
        header[at] ^= xor;
        let decoded = Header::decode(&header);
        // Every byte is checked: fields and CRC (0..40), reserved zeros (40..64).
        prop_assert!(decoded.is_err());
    }

    #[test]
    fn any_payload_change_is_refused(at in HEADER_LEN..HEADER_LEN + 12_582_912, xor in 1..=255u8) {
        let mut file = table_file().to_vec();
        file[at] ^= xor;
        prop_assert!(DepthTable::new(file).is_err());
    }

    #[test]
    fn a_truncated_table_is_refused(len in 0..HEADER_LEN + 12_582_912) {
        prop_assert!(DepthTable::new(&table_file()[..len]).is_err());
    }

    #[test]
    fn query_parsing_never_panics(count in 0..4u8, body in texty()) {
        let input = with_count(count, body);
        let method: Method<&[u8]> = Method::Enumerate;
        let options = QueryOptions { max_steps: 6, line_buffered: false, moves: false, target: lightsout::Target::On, format: lightsout::AnswerFormat::Text };
        let mut out = Vec::new();
        if let Err(lightsout::StreamError::Input(InputError::Parse(err))) =
            answer_stream(&method, options, &input[..], &mut out)
        {
            let lines = input.split(|&b| b == b'\n').count() as u64;
            prop_assert!(err.line >= 1 && err.line <= lines + 1, "line {} of {}", err.line, lines);
            prop_assert!(err.column >= 1);
        }
    }

    #[test]
    fn solve_parsing_never_panics(rows in 1..5usize, cols in 1..7usize, count in 0..4u8, body in texty()) {
        let game = lightsout::rules::Game::classic(rows, cols).unwrap();
        let solver = lightsout::GameSolver::new(game, lightsout::SEARCH_BUDGET).unwrap();
        let input = with_count(count, body);
        let mut out = Vec::new();
        let options = lightsout::SolveOptions { target: Target::Off, line_buffered: false, search_time: None, format: lightsout::AnswerFormat::Text };
        let _ = solve_stream(&solver, options, &input[..], &mut out, &mut |_, _| {});
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_parser(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        if let Ok(mut reader) = BoardReader::new(&bytes[..], 5, 5) {
            while let Ok(Some(_)) = reader.next_grid() {}
        }
    }

    #[test]
    fn grids_round_trip_in_every_layout(
        grids in prop::collection::vec(0..1u32 << 25, 1..20),
        spaced in any::<bool>(),
        crlf in any::<bool>(),
        blank in any::<bool>(),
        trailing in any::<bool>(),
    ) {
        let end = if crlf { "\r\n" } else { "\n" };
        let mut text = format!("{}{end}", grids.len());
        for &g in &grids {
            for r in 0..5 {
                let digits: Vec<String> = (0..5).map(|c| (g >> (5 * r + c) & 1).to_string()).collect();
                text += &digits.join(if spaced { " " } else { "" });
                if trailing { text += "  "; }
                text += end;
            }
            if blank { text += end; }
        }
        let mut reader = BoardReader::new(text.as_bytes(), 5, 5).unwrap();
        let mut read = Vec::new();
        while let Some(g) = reader.next_grid().unwrap() {
            read.push(g);
        }
        prop_assert_eq!(read, grids);
    }
}
