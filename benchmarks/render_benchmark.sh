#!/usr/bin/env bash
# Times `firebreak graph` end to end (scan, graph, layout, render) on a real app:
# the module graph and the closure of the app's largest view, as PNG and SVG.
#
#   benchmarks/render_benchmark.sh APP_DIR [--runs N]
#
# Uses .build-release/release/firebreak when it exists, else the debug binary.
set -euo pipefail
cd "$(dirname "$0")/.."
app=${1:?usage: benchmarks/render_benchmark.sh APP_DIR [--runs N]}
runs=3
if [ "${2:-}" = "--runs" ]; then runs=$3; fi
bin=.build-release/release/firebreak
[ -x "$bin" ] || bin=.build/debug/firebreak
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
largest=$("$bin" analyze "$app" --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["summary"]["largestClosure"]["name"])')
echo "binary: $bin; largest view: $largest"
printf '%-40s %-6s %s\n' drawing format "wall seconds per run"
for what in "--modules" "--view $largest" "--view $largest --depth 3 --max-nodes 200"; do
  for format in png svg; do
    times=""
    for run in $(seq "$runs"); do
      start=$(date +%s.%N)
      # shellcheck disable=SC2086
      "$bin" graph "$app" $what --format "$format" --output "$work/out.$format" 2>/dev/null
      times="$times $(printf '%.2f' "$(echo "$(date +%s.%N) - $start" | bc)")"
    done
    printf '%-40s %-6s%s\n' "$what" "$format" "$times"
  done
done
