#!/usr/bin/env bash
# Builds the benchmark inputs and the reference programs, then times lightsout and the
# references side by side with hyperfine (apt-get install hyperfine). Results go to
# target/bench/*.md; BENCHMARKS.md quotes them.
#
# Usage: scripts/bench.sh [query|generate|enumerate|verify|algebra|memory|solve|big|fewest|symmetry|serve|states|all]   (default: all)
# BASE=/path/to/an/older/lightsout adds that build beside this one in the query, enumerate, verify,
# generate, solve and big runs (a refactor's before-and-after, in the same hyperfine run).
# NJPIPE=/path/to/njpipeorgan/LightsOut (a checkout; its header is compiled into a
# driver under target/bench, never into this repository) adds it to the big runs.
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}
refs=${REFERENCE_DIR:-/tmp/lightsout-reference}
shared=${SHARED_DIR:-../shared}
out=target/bench
data=bench-data
mkdir -p "$out" "$data"

cargo build --profile dist --quiet --bin lightsout --example random_boards --example check_presses
sh "$shared/reference/build.sh" "$refs" >/dev/null
bin=./target/dist/lightsout
boards=./target/dist/examples/random_boards
[ -s $data/classic-1m.in ] || $boards 1000000 5 5 42 > $data/classic-1m.in
[ -s $data/extended-1m.in ] || $boards 1000000 5 6 7 spaced > $data/extended-1m.in
for n in 1000 2000 4000; do
  [ -s $data/allon-$n.in ] || awk -v n=$n 'BEGIN { print 1; s = ""; for (i = 0; i < n; i++) s = s "1"; for (i = 0; i < n; i++) print s }' > $data/allon-$n.in
done
[ -s tables/lights-5x5-d6.lot ] || $bin generate --out tables/lights-5x5-d6.lot

# Runs hyperfine, then prints each command's median and its ratio to the first (the reference).
run() {
  hyperfine --warmup "${WARMUP:-3}" --runs "${RUNS:-20}" --output null --export-json "$out/$1.json" "${@:2}" >/dev/null
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
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE query" "$BASE query < $data/classic-1m.in")
  run query \
    -n table_dfs "$refs/table_dfs < $data/classic-1m.in" \
    -n "lightsout query (built-in)" "$bin query < $data/classic-1m.in" \
    -n "lightsout query --table" "$bin query --table tables/lights-5x5-d6.lot < $data/classic-1m.in" "${b[@]}"
  # The sample's three grids: the start-up (the built-in table made in memory) is all of it.
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE query, sample" "$BASE query < tests/data/classic.in")
  run query-sample \
    -n "table_dfs, sample" "$refs/table_dfs < tests/data/classic.in" \
    -n "lightsout query (built-in), sample" "$bin query < tests/data/classic.in" \
    -n "lightsout query --table, sample" "$bin query --table tables/lights-5x5-d6.lot < tests/data/classic.in" "${b[@]}"
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
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE query --method enumerate" "$BASE query --method enumerate < $data/classic-1m.in")
  RUNS=${RUNS:-10} run enumerate \
    -n first_row "$refs/first_row < $data/classic-1m.in" \
    -n "lightsout query --method enumerate" "$bin query --method enumerate < $data/classic-1m.in" "${b[@]}"
fi
if [ "$what" = verify ] || [ "$what" = all ]; then
  # The exhaustive cross-check of the built-in table: 2^25 states by first-row enumeration.
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE verify" "$BASE verify")
  WARMUP=1 RUNS=${RUNS:-5} run verify -n "lightsout verify" "$bin verify" "${b[@]}"
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
if [ "$what" = big ] || [ "$what" = all ]; then
  check=./target/dist/examples/check_presses
  for n in 4000 8000; do
    [ -s $data/solvable-$n.in ] || $boards 1 $n $n 1 solvable > $data/solvable-$n.in
    [ -s $data/solvable-$n.pbm ] || $boards 1 $n $n 1 solvable pbm > $data/solvable-$n.pbm
  done
  [ -s $data/solvable-32768.pbm ] || $boards 1 32768 32768 1 solvable pbm > $data/solvable-32768.pbm
  # The same boards as text and as images: both answers checked by pressing them
  # (independently of the solver). The text answer's rows are a valid P1 raster.
  for n in 4000 8000; do
    $bin solve --format pbm < $data/solvable-$n.pbm > $out/presses-$n.pbm
    $check $data/solvable-$n.pbm $out/presses-$n.pbm
    { printf 'P1\n%s %s\n' $n $n; $bin solve --rows $n --cols $n < $data/solvable-$n.in | tail -n +2; } > $out/presses-$n-text.pbm
    $check $data/solvable-$n.pbm $out/presses-$n-text.pbm
  done 2>/dev/null | tee "$out/big-check.txt"
  b=(); [ -z "${BASE:-}" ] || b=(-n "BASE solve 8000 x 8000" "$BASE solve --rows 8000 --cols 8000 < $data/solvable-8000.in")
  RUNS=${RUNS:-10} run big-text \
    -n "wc -l 8000 x 8000" "wc -l < $data/solvable-8000.in" \
    -n "lightsout solve 8000 x 8000" "$bin solve --rows 8000 --cols 8000 < $data/solvable-8000.in" "${b[@]}"
  RUNS=${RUNS:-10} run big-growth \
    -n "lightsout solve 4000 x 4000" "$bin solve --rows 4000 --cols 4000 < $data/solvable-4000.in" \
    -n "lightsout solve 8000 x 8000" "$bin solve --rows 8000 --cols 8000 < $data/solvable-8000.in"
  if [ -n "${NJPIPE:-}" ]; then
    printf '%s\n' '#include <cstdint>' '#include <cstdio>' '#include "lightsout.h"' \
      'int main() { auto r = solve<SIZE>(); for (bool b : r) std::putchar(48 + b); std::putchar(10); }' \
      > $out/njpipe-driver.cpp
    g++ -O3 -march=native -std=c++17 -DSIZE=4000 -I "$NJPIPE" $out/njpipe-driver.cpp -o $out/njpipe-4000
    # Same first row on the all-on board.
    cmp <($out/njpipe-4000) <($bin solve --rows 4000 --cols 4000 < $data/allon-4000.in | sed -n 2p | tr -d ' ')
    RUNS=${RUNS:-10} run big-njpipe \
      -n "njpipeorgan solve<4000> (all-on, first row only)" "$out/njpipe-4000" \
      -n "lightsout solve 4000 x 4000 random (whole command)" "$bin solve --rows 4000 --cols 4000 < $data/solvable-4000.in"
  fi
  RUNS=${RUNS:-3} run big-32768 \
    -n "lightsout solve --format pbm 32768 x 32768" "$bin solve --format pbm < $data/solvable-32768.pbm"
  $bin solve --format pbm < $data/solvable-32768.pbm > $out/presses-32768.pbm 2>/dev/null
  $check $data/solvable-32768.pbm $out/presses-32768.pbm | tee -a "$out/big-check.txt"
  {
    /usr/bin/time -f "lightsout solve 8000 x 8000 text: peak RSS %M KiB" $bin solve --rows 8000 --cols 8000 < $data/solvable-8000.in > /dev/null
    /usr/bin/time -f "lightsout solve --format pbm 32768 x 32768: peak RSS %M KiB, %e s" $bin solve --format pbm < $data/solvable-32768.pbm > /dev/null
  } 2>&1 | grep "peak RSS" | tee "$out/big-memory.txt"
fi
if [ "$what" = fewest ] || [ "$what" = all ]; then
  # Proven minima: the all-on n x n board and a random solvable one of each size,
  # n = 1..78 but 61 and 65 (FEWEST_SIZES overrides), no budget limit.
  mkdir -p $data/allon
  max=18446744073709551615
  table=$out/fewest.md
  echo "| n | nullity | all-on: fewest presses | search | whole command | random: fewest presses | search | whole command | how |" | tee $table
  echo "|---:|---:|---:|---:|---:|---:|---:|---:|---|" | tee -a $table
  t0=$(date +%s.%N)
  for n in ${FEWEST_SIZES:-$(seq 1 60) 62 63 64 66 $(seq 67 78)}; do
    [ -s $data/allon/$n.in ] || awk -v n=$n 'BEGIN { print 1; s = ""; for (i = 0; i < n; i++) s = s "1"; for (i = 0; i < n; i++) print s }' > $data/allon/$n.in
    [ -s $data/allon/random-$n.in ] || $boards 1 $n $n $n solvable > $data/allon/random-$n.in
    row="| $n "
    for input in $data/allon/$n.in $data/allon/random-$n.in; do
      s=$(date +%s.%N)
      line=$($bin solve --rows $n --cols $n --search-budget $max --stats < $input 2>&1 >/dev/null)
      e=$(date +%s.%N)
      k=$(echo "$line" | sed -n 's/.*nullity \([0-9]*\),.*/\1/p')
      presses=$(echo "$line" | sed -n 's/.*, \([0-9,]*\) presses,.*/\1/p')
      search=$(echo "$line" | sed -n 's/.*search \([0-9.]*\) s.*/\1/p')
      how=$(echo "$line" | sed -n 's/.*presses, \(.*\), search.*/\1/p')
      [ "$input" = $data/allon/$n.in ] && row="$row| $k "
      row="$row| $presses | $search s | $(printf '%.2f' "$(echo "$e - $s" | bc)") s "
    done
    echo "$row| $how |" | tee -a $table
  done
  echo "all sizes, both boards: $(printf '%.1f' "$(echo "$(date +%s.%N) - $t0" | bc)") s" | tee -a $table
  if [ -n "${BASE:-}" ]; then
    # Side by side on n = 67 (k = 32): the build before the transform proves it by a
    # plain Gray-code walk over the board, one core.
    WARMUP=0 RUNS=${RUNS:-1} run fewest-67 \
      -n "BASE: plain Gray walk, one core, n = 67" "$BASE solve --rows 67 --cols 67 --search-budget $max < $data/allon/67.in" \
      -n "lightsout: transform, n = 67" "$bin solve --rows 67 --cols 67 --search-budget $max < $data/allon/67.in"
  fi
fi
if [ "$what" = symmetry ] || [ "$what" = all ]; then
  # The proof of the fewest presses with the board's symmetries and the transform in
  # registers, side by side with BASE (the build before) when given: all-on boards
  # (8 symmetries) and random solvable ones (none) of nullity 30 and 32, no budget
  # limit; then the all-on 61 x 61 and 65 x 65 once each (BASE takes minutes there).
  mkdir -p $data/allon
  max=18446744073709551615
  for n in 39 47 61 65 67; do
    [ -s $data/allon/$n.in ] || awk -v n=$n 'BEGIN { print 1; s = ""; for (i = 0; i < n; i++) s = s "1"; for (i = 0; i < n; i++) print s }' > $data/allon/$n.in
    [ -s $data/allon/random-$n.in ] || $boards 1 $n $n $n solvable > $data/allon/random-$n.in
  done
  cmds=()
  for input in 39 random-39 47 67 random-67; do
    n=${input#random-}
    [ -z "${BASE:-}" ] || cmds+=(-n "BASE $input" "$BASE solve --rows $n --cols $n --search-budget $max < $data/allon/$input.in")
    cmds+=(-n "lightsout $input" "$bin solve --rows $n --cols $n --search-budget $max < $data/allon/$input.in")
  done
  WARMUP=1 RUNS=${RUNS:-5} run symmetry "${cmds[@]}"
  for n in 61 65; do
    $bin solve --rows $n --cols $n --search-time 1h --stats < $data/allon/$n.in 2>&1 >/dev/null | tee -a "$out/symmetry-large.txt"
  done
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

if [ "$what" = states ] || [ "$what" = all ]; then
  # Lights of K states (issue 20): solvable boards, made by random presses undone.
  [ -s $data/k3-1000.in ] || $boards 1 1000 1000 20 states=3 solvable > $data/k3-1000.in
  [ -s $data/k6-256.in ] || $boards 1 256 256 21 states=6 solvable torus > $data/k6-256.in
  [ -s $data/k255-64.in ] || $boards 1 64 64 22 states=255 solvable > $data/k255-64.in
  [ -s $data/k3-5x5-100k.in ] || $boards 100000 5 5 23 states=3 solvable > $data/k3-5x5-100k.in
  RUNS=${RUNS:-10} WARMUP=1 run states \
    "$bin solve --rows 1000 --cols 1000 --states 3 $data/k3-1000.in" \
    "$bin solve --rows 256 --cols 256 --wrap --states 6 $data/k6-256.in" \
    "$bin solve --rows 64 --cols 64 --states 255 $data/k255-64.in" \
    "$bin solve --rows 5 --cols 5 --states 3 $data/k3-5x5-100k.in" \
    "$bin census --rows 5 --cols 5"
  RUNS=2 WARMUP=0 run census-2000 "$bin census --game 2000"
fi
