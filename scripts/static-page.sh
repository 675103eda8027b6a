#!/usr/bin/env bash
# The static page: the server's page with the solver compiled to WebAssembly, as files
# any static file host serves with no lightsout process (index.html with its bridge
# inline, lightsout.wasm, favicon.svg), installable and played offline (a web app
# manifest and a service worker, sw.js, that keeps the files: its version their hash).
#
# Usage: scripts/static-page.sh OUT_DIR
#
# Toolchain: rustup's wasm32-unknown-unknown target where it is installed; else Debian's
# rustc-web, cargo-web and rust-web-src (std built for the target, -Zbuild-std), linked
# by rust-lld (Debian's lld-22). Installs nothing itself.
set -euo pipefail
out=${1:?usage: scripts/static-page.sh OUT_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
target=wasm32-unknown-unknown
if command -v rustup >/dev/null && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
  cargo build --quiet --release --manifest-path "$root/web/Cargo.toml" --target "$target"
else
  for need in /usr/bin/rustc /usr/bin/cargo /usr/bin/rust-lld; do
    [ -x "$need" ] || { echo "static-page.sh: $need is missing; install Debian's rustc-web cargo-web rust-web-src lld-22 (or rustup target add $target)" >&2; exit 1; }
  done
  # Debian's rustc-web has no prebuilt std for the target: it is built from rust-web-src.
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 /usr/bin/cargo build --quiet --release \
    --manifest-path "$root/web/Cargo.toml" --target "$target" -Zbuild-std=std,panic_abort
fi
mkdir -p "$out"
# Where cargo built it: CARGO_TARGET_DIR when set (as cargo reads it), else web/target.
built="${CARGO_TARGET_DIR:-$root/web/target}"
cp "$built/$target/release/lightsout_web.wasm" "$out/lightsout.wasm"
cp "$root/src/app/serve/favicon.svg" "$out/favicon.svg"
# The server's page, its icon relative, the bridge inline before its own script (one
# file less to fetch before the first paint).
python3 - "$root" "$out" <<'PY'
import sys, pathlib
root, out = map(pathlib.Path, sys.argv[1:3])
page = (root / "src/app/serve/page.html").read_text()
bridge = (root / "web/lightsout.js").read_text()
page = page.replace('href="/favicon.svg"', 'href="favicon.svg"', 1)
page = page.replace('<link rel="icon"', '<link rel="manifest" href="manifest.webmanifest">\n<link rel="icon"', 1)
marker = "<script>\n"
assert page.count(marker) == 1, "the page has one script"
page = page.replace(marker, "<script>\n" + bridge + "</script>\n" + marker, 1)
(out / "index.html").write_text(page)
# The service worker, its version the hash of what it keeps.
import hashlib, shutil
shutil.copy(root / "web/manifest.webmanifest", out / "manifest.webmanifest")
files = ["index.html", "lightsout.wasm", "favicon.svg", "manifest.webmanifest"]
version = hashlib.sha256(b"".join((out / f).read_bytes() for f in files)).hexdigest()[:16]
worker = (root / "web/sw.js").read_text()
assert worker.count("__VERSION__") == 1
(out / "sw.js").write_text(worker.replace("__VERSION__", version))
PY
echo "static page in $out: $(du -sh "$out" | cut -f1) ($(ls "$out" | tr '\n' ' '))"
