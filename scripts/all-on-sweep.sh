#!/usr/bin/env bash
# Every all-on n x n board (n = FROM..TO, default 1..127) of nullity at most 32,
# solved with no flag (the default --search-time): n, the nullity, the whole
# command's wall time, and --stats's line (presses, the method that proved them).
# Usage: scripts/all-on-sweep.sh [path/to/lightsout] [FROM] [TO]
set -euo pipefail
bin=${1:-target/dist/lightsout}
from=${2:-1}
to=${3:-127}
board=$(mktemp)
trap 'rm -f "$board"' EXIT
for n in $(seq "$from" "$to"); do
  k=$("$bin" nullity --rows "$n" --cols "$n" | awk 'NR == 1 {print $2}')
  [ "$k" -gt 32 ] && continue
  { echo 1; for _ in $(seq "$n"); do printf '%*s\n' "$n" '' | tr ' ' 0; done; } > "$board"
  start=$(date +%s.%N)
  line=$("$bin" solve --rows "$n" --cols "$n" --target on --stats "$board" 2>&1 >/dev/null | grep 'stats:')
  end=$(date +%s.%N)
  printf '%s k=%s %.3f %s\n' "$n" "$k" "$(echo "$end - $start" | bc)" "${line#*nullity $k, }"
done
