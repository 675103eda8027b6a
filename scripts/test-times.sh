#!/usr/bin/env bash
# The README's test command, `cargo test --release`, in its three steps (build the test
# binaries, run each, run the doc tests), each test binary run with libtest's
# --report-time, then the total and the ten slowest tests. The budget is 90 s for the
# whole command, compile included, on a 2-core machine after the quick start (issue 71):
# a test over a second or two belongs on a smaller instance, or in the ignored set
# (`cargo test --release --test it -- --ignored`, which .ci/run also runs) saying why.
#
# --report-time is unstable: RUSTC_BOOTSTRAP=1 is given to the test binaries only, never
# to cargo or rustc (that would rebuild everything and allow unstable code).
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
out="$(mktemp)"
trap 'rm -f "$log" "$out"' EXIT
start=$(date +%s.%N)
executables=$(cargo test --release --no-run --message-format=json-render-diagnostics |
  python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["profile"]["test"]:
        print(m["executable"])
')
built=$(date +%s.%N)
# Each binary's own exit status decides (a failed test, or a binary killed by a signal
# before its summary); its whole output is shown when it fails.
for exe in $executables; do
  status=0
  RUSTC_BOOTSTRAP=1 "$exe" -Z unstable-options --report-time >"$out" 2>&1 || status=$?
  cat "$out" >>"$log"
  grep -E '^test result' "$out" || true
  if [ "$status" -ne 0 ]; then
    cat "$out"
    echo "test-times: $exe failed (exit $status)" >&2
    exit 1
  fi
done
status=0
cargo test --release --doc >"$out" 2>&1 || status=$?
grep -E '^test result' "$out" || true
if [ "$status" -ne 0 ]; then
  cat "$out"
  echo "test-times: the doc tests failed (exit $status)" >&2
  exit 1
fi
end=$(date +%s.%N)
python3 - "$log" "$start" "$built" "$end" <<'EOF'
import re, sys
log, start, built, end = sys.argv[1], *map(float, sys.argv[2:])
times = []
for line in open(log, errors="replace"):
    m = re.match(r"test (\S+) \.\.\. ok <([0-9.]+)s>", line)
    if m:
        times.append((float(m.group(2)), m.group(1)))
times.sort(reverse=True)
print(f"cargo test --release: {end - start:.1f} s in all ({built - start:.1f} s building, "
      f"{end - built:.1f} s running {len(times)} tests); the budget: 90 s after the quick start")
print("the ten slowest:")
for seconds, name in times[:10]:
    print(f"  {seconds:6.2f} s  {name}")
EOF
