//! Arbitrary bytes as `query` input: answers or a located error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout::{answer_stream, Method, QueryOptions};

fuzz_target!(|data: &[u8]| {
    let method: Method<&[u8]> = Method::Enumerate;
    let options = QueryOptions {
        max_steps: 6,
        line_buffered: false,
        moves: false,
        target: lightsout::Target::On,
    };
    let _ = answer_stream(&method, options, data, std::io::sink());
});
