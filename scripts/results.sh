#!/usr/bin/env bash
# Writes docs/results/: the records a person can cite and re-check, each line computed
# by the command its header names. Usage: scripts/results.sh [a075464|square|nineteen|torus|all]
# (BIN=path/to/lightsout; default: target/release/lightsout).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/lightsout}
what=${1:-all}
out=docs/results
today=$(date -u +%Y-%m-%d)
mkdir -p "$out"

allon() { awk -v n="$1" 'BEGIN { s = ""; for (i = 0; i < n; i++) s = s "1"; for (i = 0; i < n; i++) print s }'; }
field() { python3 -c "import json,sys; d=json.loads(sys.stdin.readline()); print(d.get('$1'))"; }

if [ "$what" = a075464 ] || [ "$what" = all ]; then
  # 119 and 125 took an hour and nearly three (BENCHMARKS.md); they are re-run only with
  # LONG=1. 79, 95, 123, 126 are open (beyond this search in a session).
  {
    echo "# A075464 past the published b-file (n = 1..78): a(n), the fewest presses that"
    echo "# turn off the all-on n x n Lights Out board, each proven by a search of every"
    echo "# solution. Not contiguous: a(79), a(95), a(123), a(126) are open."
    echo "# Each line: lightsout solve --rows N --cols N --format json (all-on board)"
    echo "# with \`proven: true\`; written by scripts/results.sh a075464 on $today."
    echo "# a(119) and a(125) are the proofs of 1 h and 2.7 h recorded in BENCHMARKS.md"
    echo "# (docs/history/benchmarks.md); LONG=1 proves them again."
    for n in $(seq 80 127); do
      case $n in 95|123|126) continue ;; esac
      if [ "${LONG:-0}" != 1 ]; then
        case $n in 119) echo "119 6409"; continue ;; 125) echo "125 7311"; continue ;; esac
      fi
      line=$(allon "$n" | "$bin" solve --format json --search-time "${TIME:-10s}")
      [ "$(echo "$line" | field proven)" = True ] || { echo "a($n) not proven" >&2; exit 1; }
      echo "$n $(echo "$line" | field fewest)"
    done
  } > "$out/a075464-past-78.txt"
fi

gods() {
  # $1: file; $2: extra flags; $4: the sizes past nullity 8 (searched for 10 minutes
  # each). Every n <= 256 whose n x n game has nullity at most 8, then those.
  {
    echo "# God's number of the n x n Lights Out game$3: the most presses a solvable board"
    echo "# needs. Columns: n nullity value proven (1: proven; 0: the value is a lower bound)."
    echo "# Each line: lightsout census --rows N --cols N$2 --format json (past nullity 8:"
    echo "# with --search-time 600s); written by scripts/results.sh on $today."
    for n in $(seq 1 256); do
      k=$("$bin" nullity --rows "$n" --cols "$n" $2 --format json | field nullity)
      if [ "$k" -le 8 ]; then
        line=$("$bin" census --rows "$n" --cols "$n" $2 --format json)
      elif [[ " $4 " == *" $n "* ]]; then
        line=$("$bin" census --rows "$n" --cols "$n" $2 --format json --search-time 600s)
      else
        continue
      fi
      proven=$(echo "$line" | field proven)
      echo "$n $k $(echo "$line" | field lower_bound) $([ "$proven" = True ] && echo 1 || echo 0)"
    done
  } > "$out/$1"
}
# Past nullity 8, the sizes of nullity 10 (each closes within the 10 minutes here:
# BENCHMARKS.md).
if [ "$what" = square ] || [ "$what" = all ]; then gods gods-number-square.txt "" "" "29 89 149 209"; fi
if [ "$what" = nineteen ] || [ "$what" = all ]; then
  # The published 197 for 19 x 19 (nullity 16) is impossible; its true value is open.
  line=$("$bin" census --rows 19 --cols 19 --format json --search-time 300s)
  {
    echo "# Erratum: God's number of the 19 x 19 Lights Out game. W. Boyles' table"
    echo "# (LightsOut-Math, code/serialization/min_clicks_answers.txt, 2021-11-28) gives"
    echo "# 197. That is impossible: a board's fewest presses are at most the average"
    echo "# weight of its 2^16 solutions, and one of the 361 buttons is in no quiet pattern"
    echo "# (pressed in all solutions or none), each other in half of them: at most"
    echo "# 1 + 360 / 2 = 181. The transform's congruences bound it by 180. The true value"
    echo "# is open: the board below needs the lower bound (\`lightsout solve\` proves it:"
    echo "# grep -v '^#' docs/results/gods-number-19.txt | tail -n 19 | lightsout solve)."
    echo "# Line 1: lower upper. Then the board, 19 rows."
    echo "# lightsout census --rows 19 --cols 19 --search-time 300s --format json;"
    echo "# written by scripts/results.sh nineteen on $today."
    echo "$(echo "$line" | field lower_bound) $(echo "$line" | field upper_bound)"
    echo "$line" | python3 -c "import json,sys; print('\n'.join(json.loads(sys.stdin.readline())['hardest']))"
  } > "$out/gods-number-19.txt"
fi
if [ "$what" = torus ] || [ "$what" = all ]; then gods gods-number-torus.txt " --topology torus" " on the torus" ""; fi
