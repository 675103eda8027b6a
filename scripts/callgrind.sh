#!/usr/bin/env bash
# Instructions per grid on the query hot path, from valgrind's callgrind: repeatable
# whatever else the machine is doing. Counts a run on 100,000 grids and a run on none;
# the difference over 100,000 is the per-grid cost, the empty run is the start-up.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --profile dist --quiet --bin lightsout --example random_boards
mkdir -p bench-data target/bench
./target/dist/examples/random_boards 100000 5 5 11 > bench-data/classic-100k.in
./target/dist/examples/random_boards 0 5 5 11 > bench-data/classic-0.in
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null ./target/dist/lightsout query "$@" \
    2>&1 >/dev/null | awk '/Collected/ { print $4 }'
}
{
  echo "| method | start-up (instructions) | per grid (instructions) |"
  echo "|---|---:|---:|"
  for method in table algebra enumerate; do
    empty=$(count --method "$method" < bench-data/classic-0.in)
    full=$(count --method "$method" < bench-data/classic-100k.in)
    echo "| $method | $empty | $(( (full - empty) / 100000 )) |"
  done
} | tee target/bench/callgrind.md
