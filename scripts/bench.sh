#!/usr/bin/env bash
# Builds the benchmark inputs and the reference programs, then times lightsout and the
# references side by side with hyperfine (apt-get install hyperfine). Results go to
# target/bench/*.md; BENCHMARKS.md quotes them.
#
# Usage: scripts/bench.sh [query|generate|enumerate|memory|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
refs=${REFERENCE_DIR:-/tmp/lightsout-reference}
shared=${SHARED_DIR:-../shared}
out=target/bench
data=bench-data
mkdir -p "$out" "$data"

cargo build --release --quiet --bin lightsout --example random_boards
sh "$shared/reference/build.sh" "$refs" >/dev/null
bin=./target/release/lightsout
boards=./target/release/examples/random_boards
[ -s $data/classic-1m.in ] || $boards 1000000 5 5 42 > $data/classic-1m.in
[ -s tables/lights-5x5-d6.lot ] || $bin generate --out tables/lights-5x5-d6.lot

# Runs hyperfine, then prints each command's median and its ratio to the first (the reference).
run() {
  hyperfine --warmup 3 --runs "${RUNS:-20}" --output pipe --export-json "$out/$1.json" "${@:2}" >/dev/null
  python3 - "$out/$1.json" <<'PY' | tee "$out/$1.md"
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
base = rows[0]["median"]
print("| command | median | min | max | runs | reference median / median |")
print("|---|---:|---:|---:|---:|---:|")
for r in rows:
    ms = lambda x: f"{x * 1000:.1f} ms"
    print(f"| {r['command']} | {ms(r['median'])} | {ms(r['min'])} | {ms(r['max'])} | {len(r['times'])} | {base / r['median']:.1f}x |")
PY
}

if [ "$what" = query ] || [ "$what" = all ]; then
  cmp <($bin query < $data/classic-1m.in) <("$refs/table_dfs" < $data/classic-1m.in)
  run query \
    -n table_dfs "$refs/table_dfs < $data/classic-1m.in" \
    -n "lightsout query (embedded)" "$bin query < $data/classic-1m.in" \
    -n "lightsout query --table" "$bin query --table tables/lights-5x5-d6.lot < $data/classic-1m.in"
fi
if [ "$what" = generate ] || [ "$what" = all ]; then
  run generate --prepare "rm -f $out/gen.lot" \
    -n "table_dfs build" "echo 0 | $refs/table_dfs" \
    -n "lightsout generate" "$bin generate --out $out/gen.lot" \
    -n "lightsout generate --sync" "$bin generate --sync --out $out/gen.lot"
fi
if [ "$what" = enumerate ] || [ "$what" = all ]; then
  cmp <($bin query --method enumerate < $data/classic-1m.in) <("$refs/first_row" < $data/classic-1m.in)
  RUNS=${RUNS:-10} run enumerate \
    -n first_row "$refs/first_row < $data/classic-1m.in" \
    -n "lightsout query --method enumerate" "$bin query --method enumerate < $data/classic-1m.in"
fi
if [ "$what" = memory ] || [ "$what" = all ]; then
  for args in "" "--table tables/lights-5x5-d6.lot"; do
    /usr/bin/time -f "lightsout query $args: peak RSS %M KiB" $bin query $args < $data/classic-1m.in > /dev/null
  done 2>&1 | tee "$out/memory.txt"
fi
