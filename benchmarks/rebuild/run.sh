#!/usr/bin/env bash
# Measures incremental rebuilds of generated single-module packages and checks the rebuild model
# against them (docs/closure-model.md, "Incremental rebuilds").
#
#   benchmarks/rebuild/run.sh [--runs 3] [--out DIR]   (about 20 minutes; nothing else should run meanwhile)
#
# 1. builds firebreak and firebreak-file-features (release);
# 2. generate.py writes 7 shapes x {naive, firewalled} into DIR/packages;
# 3. measure.py: per package a cold build, 3 no-op builds, then --runs rebuilds after each of
#    three interface edits and one body edit, timed, with the files the driver compiled;
# 4. fit.py: the coefficients fitted on the measured rebuilds (held-out shapes left out) and on the
#    recorded one-module pairs of benchmarks/independent (--single), then the
#    validation table: what `analyze` says of fresh copies of the naive packages against the
#    measurements.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=3
out="${TMPDIR:-/tmp}/firebreak-rebuild"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --scratch-path .build-release --product firebreak >&2
swift build -c release --scratch-path .build-release --product firebreak-file-features >&2
bin=.build-release/release
mkdir -p "$out"
python3 benchmarks/rebuild/generate.py "$out/packages" > /dev/null
python3 benchmarks/rebuild/measure.py "$out"/packages/*-naive "$out"/packages/*-firewalled --runs "$runs" \
    --out "$out/measurements.json"
python3 benchmarks/rebuild/fit.py "$out/measurements.json" --features "$bin/firebreak-file-features" \
    --single benchmarks/independent/single_measurements.json
python3 benchmarks/rebuild/generate.py "$out/fresh" > /dev/null
python3 benchmarks/rebuild/fit.py "$out/measurements.json" --validate --firebreak "$bin/firebreak" \
    --packages "$out/fresh" --markdown "$out/validation.md"
