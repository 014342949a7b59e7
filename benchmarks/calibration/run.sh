#!/usr/bin/env bash
# Fits the build cost model on this machine and checks it on held-out pairs.
#
#   benchmarks/calibration/run.sh [--runs 2] [--out DIR]
#
# 1. builds firebreak (release);
# 2. `firebreak calibrate --validate`: generates the 8 fitting packages and the 4 held-out packages
#    (Sources/FirebreakCalibration; `firebreak calibrate --generate DIR` writes them without
#    building), times `swift build --target Feature` cold --runs times for each shape, fits the
#    coefficients on the fitting pairs only, then prints, for every held-out pair, the measured
#    saving (naive build − firewalled build, as a fraction of the naive build) beside the saving
#    `analyze` estimates from the naive package alone;
# 3. writes DIR/calibration.json (coefficients and every measurement) and DIR/validation.md.
#
# Nothing else should run on the machine meanwhile: the builds are timed by the wall clock.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=2
out="${TMPDIR:-/tmp}/firebreak-calibration"
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) runs="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
done

swift build -c release --scratch-path .build-release --product firebreak >&2
mkdir -p "$out"
.build-release/release/firebreak calibrate --runs "$runs" --validate --work-dir "$out/packages" \
    --output "$out/calibration.json" > "$out/validation.md"
rm -rf "$out/packages"
cat "$out/validation.md"
echo "calibration: $out/calibration.json" >&2
