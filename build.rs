//! Generates the depth-6 table into OUT_DIR so the binary can answer with no setup.
//!
//! It compiles the library's own generator (`src/table/generate.rs`) and the files it
//! uses, so the embedded table and `lightsout generate` cannot disagree.

// These files are the library's, whose `pub` items are its API; here they are private
// modules, so `unreachable_pub` would ask to narrow what the library exports.
#![allow(unreachable_pub)]

use std::path::PathBuf;

// The build uses the press masks of `grid`, the header and checks of `format`, and the
// depth-6 generator; the rest of those files (the 5x5 algebra, the exact table's
// constants) serves the library only. `expect` fails the build once nothing is unused.
#[expect(dead_code, reason = "the build writes and checks a depth-6 table only")]
#[path = "src/table/format.rs"]
mod format;
#[path = "src/table/generate.rs"]
mod generate;
#[expect(dead_code, reason = "the build uses the press masks only")]
#[path = "src/grid.rs"]
mod grid;

fn main() {
    if let Err(err) = try_main() {
        eprintln!("error: {err}");
        std::process::exit(1);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    for source in [
        "build.rs",
        "src/grid.rs",
        "src/table/format.rs",
        "src/table/generate.rs",
    ] {
        println!("cargo:rerun-if-changed={source}");
    }
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let path = out_dir.join("lights-5x5-d6.lot");
    let mut file = vec![0; generate::FILE_LEN];
    generate::fill_depth_table_file(&mut file);
    format::check_file(&file)?;
    std::fs::write(&path, &file)
        .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    Ok(())
}
