#!/usr/bin/env bash
# Fits what the type checker spends on a function body from its syntax, and checks the fit on code
# it never saw: the tables of benchmarks/results/2026-11-24-type-check-body-fit.md.
#
#   benchmarks/typecheck/run.sh [--out DIR]     (about 25 minutes; nothing else should run meanwhile)
#
# Every build is a cold debug `swift build` with `-debug-time-function-bodies`, which prints each
# body's type-checking milliseconds. Fitted: the real modules of benchmarks/costfit (their checkouts
# from measure_real.py, in DIR/real), the calibrator's fitting packages and the probes of
# generate_probes.py. Checked, never fitted: the calibrator's held-out packages, the independent
# pairs and one-module pairs (benchmarks/independent), two packages of the rebuild fit's generator
# (benchmarks/rebuild) and four mirrored packages no fit uses.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$PWD"
out="${TMPDIR:-/tmp}/firebreak-costfit"
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --scratch-path .build-release --product firebreak >&2
swift build -c release --scratch-path .build-release --product firebreak-file-features >&2
bin="$repo/.build-release/release"
logs="$out/typecheck"
mkdir -p "$logs"
timed() {  # DIR TARGET LOG: one cold build of TARGET (all targets when empty) with body timings
    rm -rf "$1/.build/x86_64-unknown-linux-gnu" "$1/.build/debug"
    (cd "$1" && swift build ${2:+--target "$2"} -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies > "$3" 2>&1) || true
}
[ -f "$out/real-measurements.json" ] || python3 benchmarks/costfit/measure_real.py --runs 1 --work "$out/real" --out "$out/real-measurements.json"
python3 - "$out/real-measurements.json" > "$logs/targets.txt" <<'PY'
import json, sys
for m in json.load(open(sys.argv[1]))["measurements"]:
    print(m["checkout"], m["target"])
PY
fit=()
while read -r dir target; do
    timed "$dir" "$target" "$logs/real-$(basename "$dir")-$target.txt"
    fit+=("$logs/real-$(basename "$dir")-$target.txt")
done < "$logs/targets.txt"
rm -rf "$logs/packages" && "$bin/firebreak" calibrate --generate "$logs/packages" > /dev/null
check=()
for package in "$logs"/packages/*-naive; do
    name=$(basename "$package")
    timed "$package" Feature "$logs/gen-$name.txt"
    case "$name" in HeldOut*) check+=("$logs/gen-$name.txt") ;; *) fit+=("$logs/gen-$name.txt") ;; esac
done
rm -rf "$logs/probes" && python3 benchmarks/typecheck/generate_probes.py "$logs/probes"
timed "$logs/probes" "" "$logs/probes.txt"
fit+=("$logs/probes.txt")
for style in records:"--files 12 --functions 10" inference:"--files 8 --functions 14"; do
    name=${style%%:*}
    rm -rf "$logs/independent/$name"
    python3 benchmarks/independent/generate_pair.py "$logs/independent/$name" --style "$name" ${style#*:}
    timed "$logs/independent/$name/naive" Screens "$logs/independent-$name.txt"
    check+=("$logs/independent-$name.txt")
done
for style in records inference arithmetic; do  # run_single.py's one-module styles at the default size, never fitted
    rm -rf "$logs/single/$style"
    python3 benchmarks/independent/generate_single.py "$logs/single/$style" --style "$style"
    timed "$logs/single/$style/naive" App "$logs/single-$style.txt"
    check+=("$logs/single-$style.txt")
done
rm -rf "$logs/rebuild" && python3 benchmarks/rebuild/generate.py "$logs/rebuild" --only Heavy30,Mixed40 > /dev/null
for package in Heavy30 Mixed40; do  # the rebuild fit's generator, never fitted here
    timed "$logs/rebuild/$package-naive" "" "$logs/rebuild-$package.txt"
    check+=("$logs/rebuild-$package.txt")
done
mkdir -p "$out/held-real"
for entry in OpenCombine/OpenCombine:0.14.0:OpenCombine swiftcsv/SwiftCSV:0.10.0:SwiftCSV \
             stencilproject/Stencil:0.15.1:Stencil apple/swift-async-algorithms:1.1.4:AsyncAlgorithms; do
    IFS=: read -r repo version target <<< "$entry"
    dir="$out/held-real/$(basename "$repo")"
    [ -d "$dir" ] || git clone -q --branch "$version" "/opt/swift-packages/$repo.git" "$dir"
    (cd "$dir" && swift package resolve > /dev/null)
    timed "$dir" "$target" "$logs/held-$(basename "$repo").txt"
    check+=("$logs/held-$(basename "$repo").txt")
done
python3 benchmarks/typecheck/fit_bodies.py --features "$bin/firebreak-file-features" --save "$out/typecheck.json" \
    --fit "${fit[@]}" --check "${check[@]}"
