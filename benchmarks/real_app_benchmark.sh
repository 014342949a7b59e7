#!/usr/bin/env bash
# Builds a 1.5-million-line tree from real public apps (Swift files only, kept outside the
# repository) and measures, in one session, the parse-only floor, a walk of every token, and
# `firebreak lint` and `firebreak analyze` with their phases, cold (--no-cache), with a warm
# facts cache, and warm with one file changed before each run; with --baseline, the same for
# another firebreak binary (for example a release build of an earlier commit), for before/after
# columns, and whether both wrote the same reports. Last, cold `lint` against the floor measured
# just before it, round after round, the two binaries taking turns to go first, each round's
# ratio and their median (robust to a machine whose speed drifts during the run).
#
#   benchmarks/real_app_benchmark.sh --home-assistant DIR --element-x DIR --pocket-casts DIR --icecubes DIR \
#       [--baseline BIN] [--runs 1] [--out DIR] [--release-dir DIR]
#
# --release-dir: a release build folder that already holds firebreak and firebreak-parse-baseline
# (default: build them into .build-release, about 10 minutes the first time).
# The tree: Home Assistant ×3, Element X ×2, Pocket Casts ×2, IceCubes ×1 (10,688 files and
# 1.51 million lines at the commits measured in benchmarks/results/). Clone the apps anywhere:
#   github.com/home-assistant/iOS, element-hq/element-x-ios, Automattic/pocket-casts-ios,
#   Dimillian/IceCubesApp
set -euo pipefail
cd "$(dirname "$0")/.."

runs=1
baseline_bin=""
out="${TMPDIR:-/tmp}/firebreak-realtree"
release_dir=""
declare -A apps=()
while [ $# -gt 0 ]; do
    case "$1" in
        --home-assistant) apps[home-assistant]="$2"; shift 2 ;;
        --element-x) apps[element-x]="$2"; shift 2 ;;
        --pocket-casts) apps[pocket-casts]="$2"; shift 2 ;;
        --icecubes) apps[icecubes]="$2"; shift 2 ;;
        --baseline) baseline_bin="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --release-dir) release_dir="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
for name in home-assistant element-x pocket-casts icecubes; do
    [ -n "${apps[$name]:-}" ] || { echo "missing --$name DIR" >&2; exit 2; }
done

bin="$release_dir"
if [ -z "$bin" ]; then
    swift build -c release --scratch-path .build-release --product firebreak >&2
    swift build -c release --scratch-path .build-release --product firebreak-parse-baseline >&2
    bin=.build-release/release
fi

mkdir -p "$out"
tree="$out/tree"
if [ ! -d "$tree" ]; then
    for spec in home-assistant:3 element-x:2 pocket-casts:2 icecubes:1; do
        name="${spec%:*}"
        for copy in $(seq "${spec#*:}"); do
            destination="$tree/$name-$copy"
            (cd "${apps[$name]}" && find . -name '*.swift' -type f -print0) | while IFS= read -r -d '' file; do
                mkdir -p "$destination/$(dirname "$file")"
                cp "${apps[$name]}/$file" "$destination/$file"
            done
        done
    done
fi
# Read once before anything is timed: these VMs reclaim page cache left idle for a minute or two,
# and the first measure would otherwise read the tree from disk (benchmarks/results/2026-11-27-by-the-clock.md).
find "$tree" -name '*.swift' -print0 | xargs -0 cat > /dev/null
read -r files lines _ < <("$bin/firebreak-parse-baseline" "$tree")

# median wall seconds and max peak MB over $runs runs, phases of the last run in $out/phases.txt;
# with $edit_file set, a comment is appended to that file before each run (one file changed)
edit_file=""
measure() {
    local walls=() peak=0
    for run in $(seq "$runs"); do
        [ -n "$edit_file" ] && echo "// firebreak benchmark edit $run" >> "$edit_file"
        FIREBREAK_TIMINGS=1 /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" >/dev/null 2>"$out/phases.txt" || true
        local result
        result=$(tail -1 "$out/time.txt")
        walls+=("${result% *}")
        local kb="${result#* }"
        [ "$kb" -gt "$peak" ] && peak="$kb"
    done
    printf '%s\n' "${walls[@]}" | sort -n | awk -v peak="$peak" '{a[NR]=$1} END {print a[int((NR+1)/2)], int(peak / 1024)}'
}

# empty when the run had no such phase (a recalled analysis builds no graph)
phase() { { grep -E "^timing: $1" "$out/phases.txt" || true; } | head -1 | awk '{print $(NF-1)}'; }

floor=$(measure "$bin/firebreak-parse-baseline" "$tree")
floor_seconds="${floor% *}"
echo "Tree: $files files, $lines lines ($tree). Runs per measure: $runs."
echo
echo "| binary | measure | seconds | peak MB | × parse-only | graph | each cut alone |"
echo "|---|---|---:|---:|---:|---:|---:|"
echo "| | parse-only (read + parse, all cores) | $floor_seconds | ${floor#* } | 1.00× | | |"
walk=$(measure "$bin/firebreak-parse-baseline" --walk "$tree")
echo "| | walk-only (parse + a SyntaxVisitor over every token) | ${walk% *} | ${walk#* } | $(awk -v s="${walk% *}" -v b="$floor_seconds" 'BEGIN { printf "%.2f×", s / b }') | | |"
for label in baseline current; do
    firebreak="$bin/firebreak"
    if [ "$label" = baseline ]; then
        [ -n "$baseline_bin" ] || continue
        firebreak="$baseline_bin"
    fi
    for command in lint analyze; do
        # Reports go to files, as in use (`--output` streams the analysis), to be compared below.
        output=(--output "$out/$command-$label.json")
        result=$(measure "$firebreak" "$command" "$tree" --no-cache --format json "${output[@]}")
        seconds="${result% *}"
        ratio=$(awk -v s="$seconds" -v b="$floor_seconds" 'BEGIN { printf "%.2f×", s / b }')
        graph=""; cuts=""
        if [ "$command" = analyze ]; then graph=$(phase "graph"); cuts=$(phase "each cut alone"); fi
        echo "| $label | $command --no-cache | $seconds | ${result#* } | $ratio | $graph | $cuts |"
        # Warm: the facts cache filled by one run, then measured.
        cache="$out/cache-$label"
        rm -rf "$cache"
        "$firebreak" "$command" "$tree" --cache-dir "$cache" --format json >/dev/null 2>&1 || true
        result=$(measure "$firebreak" "$command" "$tree" --cache-dir "$cache" --format json "${output[@]}")
        seconds="${result% *}"
        ratio=$(awk -v s="$seconds" -v b="$floor_seconds" 'BEGIN { printf "%.2f×", s / b }')
        graph=""; cuts=""
        if [ "$command" = analyze ]; then graph=$(phase "graph"); cuts=$(phase "each cut alone"); fi
        echo "| $label | $command, warm facts cache | $seconds | ${result#* } | $ratio | $graph | $cuts |"
        # Warm with one file changed before each run: its facts are parsed again, and the graph and
        # lint's recorded findings, whose inputs changed, are made again.
        edit_file=$(find "$tree" -name '*.swift' | sort | sed -n 1p)
        cp "$edit_file" "$out/edited.swift"
        result=$(measure "$firebreak" "$command" "$tree" --cache-dir "$cache" --format json "${output[@]}")
        cp "$out/edited.swift" "$edit_file"
        edit_file=""
        seconds="${result% *}"
        ratio=$(awk -v s="$seconds" -v b="$floor_seconds" 'BEGIN { printf "%.2f×", s / b }')
        graph=""; cuts=""
        if [ "$command" = analyze ]; then graph=$(phase "graph"); cuts=$(phase "each cut alone"); fi
        echo "| $label | $command, warm facts cache, one file changed | $seconds | ${result#* } | $ratio | $graph | $cuts |"
    done
done
# Cold `lint` against the floor measured just before it, round after round: drift on a shared
# machine then moves both alike, where the table above measures the floor once, first.
echo
echo "Cold lint, interleaved with the floor ($runs rounds: parse-only, then each binary's lint --no-cache, the two binaries taking turns to go first):"
echo
# `lint` exits 1 on findings: the time is still the last line `time` writes.
cold_lint() { { /usr/bin/time -f "%e" "$1" lint "$tree" --no-cache --format json >/dev/null || true; } 2>&1 | tail -1; }
for round in $(seq "$runs"); do
    line="$({ /usr/bin/time -f "%e" "$bin/firebreak-parse-baseline" "$tree" >/dev/null || true; } 2>&1 | tail -1)"
    if [ -z "$baseline_bin" ]; then
        line="$line $(cold_lint "$bin/firebreak")"
    elif [ $((round % 2)) -eq 1 ]; then
        before=$(cold_lint "$baseline_bin"); after=$(cold_lint "$bin/firebreak")
        line="$line $before $after"
    else
        # The second binary of a round ran later than the floor it is divided by: a machine that
        # slows under sustained load would favour whichever always went first.
        after=$(cold_lint "$bin/firebreak"); before=$(cold_lint "$baseline_bin")
        line="$line $before $after"
    fi
    echo "$line"
done | python3 -c '
import statistics, sys
labels = sys.argv[1:]
rounds = [list(map(float, line.split())) for line in sys.stdin if line.strip()]
print("| binary | median seconds | median of each round'"'"'s ratio to its floor | rounds |")
print("|---|---:|---:|---|")
floors = ", ".join("%.2f" % r[0] for r in rounds)
print(f"| parse-only | {statistics.median(r[0] for r in rounds):.2f} | 1.00× | {floors} |")
for column, label in enumerate(labels, start=1):
    ratios = [r[column] / r[0] for r in rounds]
    each = ", ".join("%.2f (%.2f×)" % (r[column], q) for r, q in zip(rounds, ratios))
    print(f"| {label} | {statistics.median(r[column] for r in rounds):.2f} | {statistics.median(ratios):.2f}× | {each} |")
' ${baseline_bin:+baseline} current
if [ -n "$baseline_bin" ]; then
    echo
    for command in lint analyze; do
        if cmp -s "$out/$command-baseline.json" "$out/$command-current.json"; then
            echo "Both binaries wrote the same $command report, byte for byte ($(wc -c < "$out/$command-current.json") bytes)."
        else
            echo "The two $command reports differ."
        fi
    done
fi
