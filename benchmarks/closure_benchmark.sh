#!/usr/bin/env bash
# Times `firebreak analyze` phases on a generated 1,000-file SwiftUI app (and any extra trees given),
# separating scanning from the closure work that follows it.
#
#   benchmarks/closure_benchmark.sh [--runs N] [EXTRA_TREE ...]
#
# Uses .build-release/release/firebreak when it exists (build it with
#   swift build -c release --scratch-path .build-release --product firebreak),
# else the debug binary. Timings come from FIREBREAK_TIMINGS=1, printed by firebreak itself.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3
if [ "${1:-}" = "--runs" ]; then runs=$2; shift 2; fi
bin=.build-release/release/firebreak
[ -x "$bin" ] || bin=.build/debug/firebreak
[ -x "$bin" ] || swift build --product firebreak
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 benchmarks/generate_app.py "$work/gen1000" --files 1000 --seed 1 >/dev/null
echo "binary: $bin"
printf '%-22s %6s %8s %9s %9s %9s %11s %10s\n' tree run scan graph closures firewalled "cuts alone" total
for tree in "$work/gen1000" "$@"; do
  for run in $(seq "$runs"); do
    start=$(date +%s.%N)
    FIREBREAK_TIMINGS=1 "$bin" analyze "$tree" --format json --output "$work/out.json" 2>"$work/timings" || true
    end=$(date +%s.%N)
    get() { grep "^timing: $1" "$work/timings" | awk '{print $(NF-1)}'; }
    printf '%-22s %6s %8s %9s %9s %9s %11s %10.3f\n' "$(basename "$tree")" "$run" "$(get scan)" "$(get graph)" \
      "$(get closures)" "$(get firewalled)" "$(get each)" "$(echo "$end - $start" | bc)"
  done
done
