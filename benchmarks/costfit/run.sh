#!/usr/bin/env bash
# Measures and fits the cold-build model on real packages and generated pairs, then prints the
# held-out table of benchmarks/results/2026-11-23-cold-build-reference-fit.md.
#
#   benchmarks/costfit/run.sh [--out DIR]     (about 30 minutes; nothing else should run meanwhile)
#
# 1. builds firebreak and firebreak-file-features (release);
# 2. measure_real.py: three cold `swift build --target T` of 26 modules from 19 mirrored packages
#    (cloned into DIR, never into this repository);
# 3. `firebreak calibrate --runs 2 --validate`: the generated pairs, fitting and held out;
# 4. fit.py: prices every build as `analyze` does, fits, prints the held-out errors.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${TMPDIR:-/tmp}/firebreak-costfit"
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done
swift build -c release --scratch-path .build-release --product firebreak >&2
swift build -c release --scratch-path .build-release --product firebreak-file-features >&2
bin=.build-release/release
mkdir -p "$out"
python3 benchmarks/costfit/measure_real.py --runs 3 --work "$out/real" --out "$out/real-measurements.json"
[ -f "$out/calibration.json" ] || "$bin/firebreak" calibrate --runs 2 --validate --work-dir "$out/packages" \
    --output "$out/calibration.json" > "$out/validation.md"
python3 benchmarks/costfit/fit.py --real "$out/real-measurements.json" --generated "$out/calibration.json" \
    --firebreak "$bin/firebreak" --features "$bin/firebreak-file-features" --write "$out/fit.json" --markdown "$out/fit.md"
