#!/usr/bin/env bash
# CI's test of the fewest-presses search as a Slurm job array, on a one-node cluster it
# stands up itself (cluster-up.sh): two boards' proofs split in 4 parts, run by
# `sbatch --wait --array=0-3`, merged by a dependent job, equal to one unbroken run and
# proven; a part cancelled (scancel) leaves the merge unproven and naming it, and the
# part run again gives the same answer; a damaged part file is refused, never merged;
# God's number of 16 x 16 proven by a census split in 4 parts and merged; a running part
# cancelled (SIGTERM) keeps its search, and run again resumes it.
# Usage: contrib/slurm/test.sh path/to/lightsout
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
LIGHTSOUT=$(realpath "${1:?the lightsout binary}")
"$here/cluster-up.sh"
work=$(mktemp -d /tmp/lightsout-slurm.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail() { echo "slurm test: $*" >&2; exit 1; }
# COUNT random solvable N x N boards from SEED, as the bench generator makes them.
boards() { # N COUNT SEED
  python3 - "$@" <<'PY'
import random, sys
n, count, seed = map(int, sys.argv[1:])
random.seed(seed)
print(count)
for _ in range(count):
    # The board that random presses make: solvable by construction.
    p = [[random.random() < 0.5 for _ in range(n)] for _ in range(n)]
    for r in range(n):
        print("".join(
            "1" if (p[r][c] + (r > 0 and p[r-1][c]) + (r < n-1 and p[r+1][c])
                    + (c > 0 and p[r][c-1]) + (c < n-1 and p[r][c+1])) % 2 else "0"
            for c in range(n)))
PY
}
boards 47 2 41 >boards.txt
"$LIGHTSOUT" solve --rows 47 --cols 47 boards.txt >unbroken.txt
export LIGHTSOUT BOARDS="$work/boards.txt" FLAGS="--rows 47 --cols 47"
merge() { # DIR OUT: the merge job, waited for
  DIR="$1" OUT="$2" sbatch --wait --quiet --output="$2.log" "$here/fewest.sbatch"
}
# 1. Four parts, merged: the unbroken answer, proven, from 4 parts.
array=$(DIR="$work/a" sbatch --parsable --wait --array=0-3 --output=part-%a.log "$here/fewest.sbatch")
[ "$(ls a/*.part-*-of-4.search | wc -l)" = 8 ] || fail "expected 8 part files (2 boards x 4): $(ls a)"
merge "$work/a" merged.txt
cmp merged.txt unbroken.txt || fail "the merged answers differ from the unbroken run's"
[ "$(grep -c 'proven minimal: .*merged from 4 parts' merged.txt.log)" = 2 ] ||
  fail "each board proven from 4 parts: $(cat merged.txt.log)"
echo "slurm test: 4 parts (array job $array) merged, equal to the unbroken run"
# 2. One part cancelled: missing, named, unproven; run again: the same answer.
held=$(DIR="$work/b" sbatch --parsable --hold --array=0-3 --output=held-%a.log "$here/fewest.sbatch")
scancel "${held}_2"
# The merge as the script's header submits it (afterany): it runs though a part was
# cancelled, names the part, and exits 4 (--require-proven), so sbatch --wait fails.
DIR="$work/b" OUT=partial.txt sbatch --wait --quiet --output=partial.txt.log \
  --dependency="afterany:$held" "$here/fewest.sbatch" &
waiting=$!
scontrol release "$held" 2>/dev/null || true
if wait "$waiting"; then fail "a merge with a part missing exited 0"; fi
grep -q 'part 2 of 4 is missing' partial.txt.log || fail "part 2 named missing: $(cat partial.txt.log)"
grep -q 'proven minimal' partial.txt.log && fail "a merge with a part missing said proven"
grep -q 'require-proven' partial.txt.log || fail "the merge's exit explained: $(cat partial.txt.log)"
DIR="$work/b" PARTS=4 sbatch --wait --quiet --array=2 --output=again-%a.log "$here/fewest.sbatch"
merge "$work/b" requeued.txt
cmp requeued.txt unbroken.txt || fail "the answers after part 2 ran again differ"
echo "slurm test: part 2 cancelled, named missing, run again: the same answers"
# 3. A damaged part: refused with its reason, never merged.
part=$(ls a/*.part-1-of-4.search | head -1)
printf '\x01' | dd of="$part" bs=1 seek=40 conv=notrunc status=none
if merge "$work/a" damaged.txt; then fail "a merge with a damaged part exited 0"; fi
grep -q 'part 1 of 4 .* was not believed' damaged.txt.log || fail "the damaged part refused: $(cat damaged.txt.log)"
[ "$(grep -c 'proven minimal' damaged.txt.log)" = 1 ] || fail "only the undamaged board proven"
echo "slurm test: a damaged part refused"
# 4. God's number split: 16 x 16's proof beyond its hardest board (124 presses, as
# published) in 4 parts as an array, merged by a job that depends on it: proven. The
# array runs first with no time (each part stops at its first look at the clock, with
# the subtrees it finished kept; the merge names them not finished), then a plan job
# (the levels above the split searched once), then the array again: each part enters
# its own nodes of the plan and resumes where it stopped.
"$LIGHTSOUT" census --rows 16 --cols 16 --hardest-out hardest.txt >/dev/null
export BEYOND="$work/hardest.txt" FLAGS="--rows 16 --cols 16"
census=$(DIR="$work/g" PART_TIME=0s sbatch --parsable --array=0-3 --output=stopped-%a.log \
  "$here/census.sbatch")
if DIR="$work/g" OUT=stopped.txt sbatch --wait --quiet --output=stopped.txt.log \
  --dependency="afterany:$census" "$here/census.sbatch"; then
  fail "a merge of parts stopped by their time exited 0: $(cat stopped.txt)"
fi
grep -q '4 of the 4 parts kept in .* missing: 0 not finished' stopped.txt ||
  fail "the parts stopped named not finished: $(cat stopped.txt)"
DIR="$work/g" PLAN=1 sbatch --wait --quiet --output=plan.log "$here/census.sbatch" ||
  fail "the plan failed: $(cat plan.log)"
grep -Eq 'nodes at depth [0-9]+ kept' plan.log || fail "the plan: $(cat plan.log)"
census=$(DIR="$work/g" sbatch --parsable --array=0-3 --output=census-%a.log "$here/census.sbatch")
DIR="$work/g" OUT=gods.txt sbatch --wait --quiet --output=gods.txt.log \
  --dependency="afterany:$census" "$here/census.sbatch" || fail "the merge failed: $(cat gods.txt.log)"
grep -q "God's number: 124, proven" gods.txt || fail "16 x 16 proven 124 from parts: $(cat gods.txt)"
grep -q 'proven by 4 parts' gods.txt.log || fail "the merge's note: $(cat gods.txt.log)"
grep -q 'nodes of the plan entered' census-0.log || fail "part 0 without the plan: $(cat census-0.log)"
echo "slurm test: God's number of 16 x 16 (array job $census) proven from 4 parts, stopped, resumed from a plan"
# 5. A running part cancelled: scancel (as a time limit does) sends SIGTERM, the part
# keeps its search where it stopped and exits 143 (its log says so); the same task
# submitted again resumes it. A random 61 x 61 board in 8 parts: about 8 s a part.
boards 61 1 5 >board61.txt
export BOARDS="$work/board61.txt" FLAGS="--rows 61 --cols 61"
term=$(DIR="$work/t" PARTS=8 PART_TIME=10m sbatch --parsable --array=0 --output=term-%a.log \
  "$here/fewest.sbatch")
for _ in $(seq 1 60); do
  [ "$(squeue -h -j "$term" -o %T)" = RUNNING ] && break
  sleep 0.5
done
sleep 3
scancel "$term"
for _ in $(seq 1 60); do
  [ -z "$(squeue -h -j "$term")" ] && break
  sleep 0.5
done
grep -q 'terminated (SIGTERM)' term-0.log || fail "the part cancelled: $(cat term-0.log)"
grep -q 'was stopped at SIGTERM before it finished; what it searched is kept' term-0.log ||
  fail "the part cancelled kept nothing: $(cat term-0.log)"
DIR="$work/t" PARTS=8 PART_TIME=10m sbatch --wait --quiet --array=0 --output=resumed-%a.log \
  "$here/fewest.sbatch" || fail "the part run again failed: $(cat resumed-0.log)"
grep -q 'resumed the search kept in' resumed-0.log || fail "not resumed: $(cat resumed-0.log)"
echo "slurm test: a part cancelled by scancel (SIGTERM) kept its search, and resumed it"
