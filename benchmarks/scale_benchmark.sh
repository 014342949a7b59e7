#!/usr/bin/env bash
# Measures firebreak against the physical floor on generated trees (and optionally a real app),
# in one session and side by side, and prints a markdown table.
#
#   benchmarks/scale_benchmark.sh [--sizes "10000 100000 1500000"] [--app DIR] [--runs 3] [--swift-format-max 250000]
#
# Per tree: (1) parse-only baseline: every file read and parsed with SwiftParser on all cores;
# (2) `firebreak lint` without the facts cache, with an empty cache (filling it), warm with nothing
# changed, and warm with one file changed; (3) `firebreak analyze` without the cache and warm;
# (4) `swift-format lint -r --parallel`, the peer, on
# trees up to --swift-format-max lines (it needs gigabytes beyond that). Wall seconds are the median
# of --runs runs; peak memory is the largest maximum resident set size seen. Release binaries are
# built first (swift-syntax in release takes ~10 minutes the first time).
set -euo pipefail
cd "$(dirname "$0")/.."

sizes="10000 100000 1500000"
app=""
runs=3
swift_format_max=250000
while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) sizes="$2"; shift 2 ;;
        --app) app="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --swift-format-max) swift_format_max="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

scratch=.build-release
swift build -c release --scratch-path "$scratch" --product firebreak >&2
swift build -c release --scratch-path "$scratch" --product firebreak-parse-baseline >&2
bin="$scratch/release"
work="${TMPDIR:-/tmp}/firebreak-scale"
mkdir -p "$work"

# median wall seconds and max peak MB of a command over $runs runs; exit statuses 0 and 1 are fine.
# $prepare, when set, is evaluated before each run and not timed.
prepare=""
measure() {
    local walls=() peak=0
    for _ in $(seq "$runs"); do
        local out
        [ -n "$prepare" ] && eval "$prepare"
        /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>&1 || true
        out=$(tail -1 "$work/time.txt")
        walls+=("${out% *}")
        local kb="${out#* }"
        [ "$kb" -gt "$peak" ] && peak="$kb"
    done
    local median
    median=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    echo "$median $((peak / 1024))"
}

row() { # tree lines files label "median peak" baseline
    local ratio
    ratio=$(awk -v s="${5% *}" -v b="$6" 'BEGIN { if (b > 0) printf "%.2f×", s / b; else print "" }')
    echo "| $1 | $2 | $3 | $4 | ${5% *} | ${5#* } | $ratio |"
}

echo "| tree | lines | files | measure | seconds (median of $runs) | peak MB | × parse baseline |"
echo "|---|---:|---:|---|---:|---:|---:|"
trees=()
for size in $sizes; do
    tree="$work/generated-$size"
    if [ ! -d "$tree" ]; then
        modules=12; [ "$size" -gt 200000 ] && modules=40
        python3 benchmarks/generate_codebase.py "$tree" --lines "$size" --modules "$modules" >&2
    fi
    trees+=("$tree")
done
[ -n "$app" ] && trees+=("$app")

for tree in "${trees[@]}"; do
    read -r files lines _ < <("$bin/firebreak-parse-baseline" "$tree")
    name=$(basename "$tree")
    baseline=$(measure "$bin/firebreak-parse-baseline" "$tree")
    base_seconds="${baseline% *}"
    row "$name" "$lines" "$files" "parse-only baseline" "$baseline" "$base_seconds"
    cache="$work/cache-$name"
    edited=$(find "$tree" -name '*.swift' ! -name 'Package.swift' | sort | sed -n 1p)
    cp "$edited" "$work/edited.orig"
    row "$name" "$lines" "$files" "firebreak lint --no-cache" "$(measure "$bin/firebreak" lint "$tree" --no-cache --format json --output /dev/null)" "$base_seconds"
    prepare="rm -rf '$cache'"
    row "$name" "$lines" "$files" "firebreak lint, cold (empty cache, filling it)" "$(measure "$bin/firebreak" lint "$tree" --cache-dir "$cache" --format json --output /dev/null)" "$base_seconds"
    prepare=""
    row "$name" "$lines" "$files" "firebreak lint, warm (nothing changed)" "$(measure "$bin/firebreak" lint "$tree" --cache-dir "$cache" --format json --output /dev/null)" "$base_seconds"
    prepare="echo \"// edit \$RANDOM\" >> '$edited'"
    row "$name" "$lines" "$files" "firebreak lint, warm (one file changed)" "$(measure "$bin/firebreak" lint "$tree" --cache-dir "$cache" --format json --output /dev/null)" "$base_seconds"
    prepare=""
    cp "$work/edited.orig" "$edited"
    row "$name" "$lines" "$files" "firebreak analyze --no-cache" "$(measure "$bin/firebreak" analyze "$tree" --no-cache --format json --output /dev/null)" "$base_seconds"
    "$bin/firebreak" lint "$tree" --cache-dir "$cache" --format json --output /dev/null || true
    row "$name" "$lines" "$files" "firebreak analyze, warm" "$(measure "$bin/firebreak" analyze "$tree" --cache-dir "$cache" --format json --output /dev/null)" "$base_seconds"
    rm -rf "$cache"
    if [ "$lines" -le "$swift_format_max" ] && command -v swift-format >/dev/null; then
        row "$name" "$lines" "$files" "swift-format lint -r --parallel" "$(measure swift-format lint -r --parallel "$tree")" "$base_seconds"
    fi
done
