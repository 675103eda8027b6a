//! The one integration test of the top package: it has cargo build the binary before
//! `cargo test` runs the integration tests (tests/it, a package of their own, which find
//! the binary beside their executable). Named `it` as they are, so `cargo test --release
//! --test it` builds the binary too. It checks the binary is this crate's.

#[test]
fn the_binary_is_this_crates() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lightsout"))
        .arg("--version")
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("lightsout {}", env!("CARGO_PKG_VERSION"))
    );
}
