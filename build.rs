//! Generates the depth-6 table into OUT_DIR so the binary can answer with no setup.
//!
//! It compiles the library's own generator (`src/table/generate.rs`) and the files it
//! uses, so the embedded table and `lightsout generate` cannot disagree.

use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/board.rs"]
mod board;
#[allow(dead_code)]
#[path = "src/table/format.rs"]
mod format;
#[allow(dead_code)]
#[path = "src/table/generate.rs"]
mod generate;

fn main() {
    if let Err(err) = try_main() {
        eprintln!("error: {err}");
        std::process::exit(1);
    }
}

fn try_main() -> Result<(), Box<dyn std::error::Error>> {
    for source in [
        "build.rs",
        "src/board.rs",
        "src/table/format.rs",
        "src/table/generate.rs",
    ] {
        println!("cargo:rerun-if-changed={source}");
    }
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let path = out_dir.join("lights-5x5-d6.lot");
    let file = generate::depth_table_file();
    format::check_file(&file)?;
    std::fs::write(&path, &file)
        .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    Ok(())
}
