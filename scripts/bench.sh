#!/usr/bin/env bash
# Builds the benchmark inputs and the reference programs, then times lightsout and the
# references side by side with hyperfine (apt-get install hyperfine). Results go to
# target/bench/*.md; BENCHMARKS.md quotes them.
#
# Usage: scripts/bench.sh [query|generate|enumerate|algebra|memory|solve|serve|all]   (default: all)
# BASE=/path/to/an/older/lightsout adds that build beside this one in the query,
# generate and solve runs (a refactor's before-and-after, in the same hyperfine run).
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
[ -s $data/extended-1m.in ] || $boards 1000000 5 6 7 spaced > $data/extended-1m.in
for n in 1000 2000 4000; do
  [ -s $data/allon-$n.in ] || awk -v n=$n 'BEGIN { print 1; s = ""; for (i = 0; i < n; i++) s = s "1"; for (i = 0; i < n; i++) print s }' > $data/allon-$n.in
done
[ -s tables/lights-5x5-d6.lot ] || $bin generate --out tables/lights-5x5-d6.lot

# Runs hyperfine, then prints each command's median and its ratio to the first (the reference).
run() {
  hyperfine --warmup 3 --runs "${RUNS:-20}" --output null --export-json "$out/$1.json" "${@:2}" >/dev/null
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
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE query (embedded)" "$BASE query < $data/classic-1m.in")
  run query \
    -n table_dfs "$refs/table_dfs < $data/classic-1m.in" \
    -n "lightsout query (embedded)" "$bin query < $data/classic-1m.in" \
    -n "lightsout query --table" "$bin query --table tables/lights-5x5-d6.lot < $data/classic-1m.in" "${b[@]}"
fi
if [ "$what" = generate ] || [ "$what" = all ]; then
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE generate" "$BASE generate --out $out/gen.lot" -n "BASE generate --exact" "$BASE generate --exact --out $out/gen.lot")
  run generate --prepare "rm -f $out/gen.lot" \
    -n "table_dfs build" "echo 0 | $refs/table_dfs" \
    -n "lightsout generate" "$bin generate --out $out/gen.lot" \
    -n "lightsout generate --sync" "$bin generate --sync --out $out/gen.lot" \
    -n "lightsout generate --exact" "$bin generate --exact --out $out/gen.lot" \
 "${b[@]}"
fi
if [ "$what" = algebra ] || [ "$what" = all ]; then
  cmp <($bin query --method algebra < $data/classic-1m.in) <($bin query < $data/classic-1m.in)
  RUNS=${RUNS:-40} run algebra \
    -n table_dfs "$refs/table_dfs < $data/classic-1m.in" \
    -n "lightsout query --method table" "$bin query --method table < $data/classic-1m.in" \
    -n "lightsout query --method algebra" "$bin query --method algebra < $data/classic-1m.in"
fi
if [ "$what" = enumerate ] || [ "$what" = all ]; then
  cmp <($bin query --method enumerate < $data/classic-1m.in) <("$refs/first_row" < $data/classic-1m.in)
  RUNS=${RUNS:-10} run enumerate \
    -n first_row "$refs/first_row < $data/classic-1m.in" \
    -n "lightsout query --method enumerate" "$bin query --method enumerate < $data/classic-1m.in"
fi
if [ "$what" = memory ] || [ "$what" = all ]; then
  for args in "" "--table tables/lights-5x5-d6.lot" "--method algebra"; do
    /usr/bin/time -f "lightsout query $args: peak RSS %M KiB" $bin query $args < $data/classic-1m.in > /dev/null
  done 2>&1 | tee "$out/memory.txt"
fi
if [ "$what" = solve ] || [ "$what" = all ]; then
  cmp <($bin solve --rows 5 --cols 6 < $data/extended-1m.in) <("$refs/extended_5x6" < $data/extended-1m.in)
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE solve --rows 5 --cols 6" "$BASE solve --rows 5 --cols 6 < $data/extended-1m.in")
  RUNS=${RUNS:-5} run solve-5x6 \
    -n extended_5x6 "$refs/extended_5x6 < $data/extended-1m.in" \
    -n "lightsout solve --rows 5 --cols 6" "$bin solve --rows 5 --cols 6 < $data/extended-1m.in" "${b[@]}"
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE solve 2000 x 2000 all-on" "$BASE solve --rows 2000 --cols 2000 < $data/allon-2000.in")
  run solve-square \
    -n "lightsout solve 1000 x 1000 all-on" "$bin solve --rows 1000 --cols 1000 < $data/allon-1000.in" \
    -n "lightsout solve 2000 x 2000 all-on" "$bin solve --rows 2000 --cols 2000 < $data/allon-2000.in" \
    -n "lightsout solve 4000 x 4000 all-on" "$bin solve --rows 4000 --cols 4000 < $data/allon-4000.in" "${b[@]}"
  for n in 2000 4000; do
    /usr/bin/time -f "lightsout solve $n x $n: peak RSS %M KiB" $bin solve --rows $n --cols $n < $data/allon-$n.in > /dev/null
  done 2>&1 | tee -a "$out/memory.txt"
fi
if [ "$what" = serve ] || [ "$what" = all ]; then
  # Load from wrk on 127.0.0.1 only, bounded: 5 s a run.
  command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  $bin serve --addr 127.0.0.1:0 > "$out/serve.addr" &
  pid=$!
  trap 'kill $pid 2>/dev/null' EXIT
  sleep 1
  url=$(grep -o 'http://[0-9.:]*' "$out/serve.addr")
  echo "idle RSS after start: $(ps -o rss= -p $pid) KiB" | tee "$out/serve.txt"
  for c in 1 16 64; do
    t=$(( c < 2 ? 1 : 2 ))
    for path in /healthz "/v1/query?grid=0011101011100011101011100&moves=true"; do
      printf '%s connections %s: ' "$c" "$path"
      wrk -t$t -c$c -d5s --latency "$url$path" | awk '/Requests\/sec/ {r=$2} / 50%/ {p50=$2} / 99%/ {p99=$2} END {print r " req/s, p50 " p50 ", p99 " p99}'
    done
  done | tee -a "$out/serve.txt"
  cmp <(curl -s --data-binary @$data/classic-1m.in "$url/v1/query") <($bin query < $data/classic-1m.in)
  RUNS=${RUNS:-10} run serve-post \
    -n "lightsout query (CLI)" "$bin query < $data/classic-1m.in" \
    -n "POST /v1/query (curl)" "curl -s --data-binary @$data/classic-1m.in $url/v1/query"
  echo "RSS after the runs: $(ps -o rss= -p $pid) KiB" | tee -a "$out/serve.txt"
  kill $pid
fi
