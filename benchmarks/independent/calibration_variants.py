#!/usr/bin/env python3
"""The independent cold pairs priced by three ways of scaling the reference to one calibration.

    python3 benchmarks/independent/calibration_variants.py DAY_DIR [CALIBRATION_FILE]

DAY_DIR holds `cold_pairs.json` (run.py --write) and a calibration of the same session
(`firebreak calibrate --output`, default `calibration.json`), whose `measurements` are the
calibrator's timed builds. The reference coefficients are read back from the file (each
coefficient ÷ its part's factor). Each way fits its factors to those builds by least squares on
relative errors, every factor ≥ 0, as `ColdBuildScale` does, and prices each pair's saving:

- `shipped`: one factor for the fixed part (overhead, framework load), one for compiling files,
  type-checking included (what `firebreak calibrate` writes);
- `type-checking unscaled`: the same two factors with the type-checking term left at the
  reference's, fitted on what the rest of each build took;
- `three factors`: a third factor for type-checking alone.
"""
import json, os, statistics, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from nnls import nnls  # noqa: E402

FIXED = ["overhead", "frameworkLoad"]


def parts(features, reference):
    """A build's reference seconds: fixed part, compiling other than type-checking, type-checking."""
    fixed = reference["overhead"] + reference["frameworkLoad"] * min(features["frameworkModules"], 1)
    compile = (reference["perFile"] * features["files"]
               + reference["perThousandSignatureTokens"] * (features["tokens"] - features["bodyTokens"]) / 1000)
    return fixed, compile, reference["perTypeCheckSecond"] * features["typeCheckSeconds"]


def columns(way, fixed, compile, check):
    return {"shipped": [fixed, compile + check], "type-checking unscaled": [fixed, compile],
            "three factors": [fixed, compile, check]}[way]


def price(features, reference, way, factors):
    fixed, compile, check = parts(features, reference)
    unscaled = check if way == "type-checking unscaled" else 0
    return unscaled + sum(f * c for f, c in zip(factors, columns(way, fixed, compile, check)))


def main():
    day = sys.argv[1]
    calibration = json.load(open(os.path.join(day, sys.argv[2] if len(sys.argv) > 2 else "calibration.json")))
    reference = {name: value / (calibration["fixedFactor"] if name in FIXED else calibration["compileFactor"])
                 for name, value in calibration["coefficients"].items()}
    builds = [(m["features"], statistics.median(m["seconds"])) for m in calibration["measurements"]]
    pairs = json.load(open(os.path.join(day, "cold_pairs.json")))["pairs"]
    print(f"{os.path.basename(os.path.normpath(day))}: {len(builds)} calibration builds, {len(pairs)} pairs")
    print("| way | factors | pairs within ±20 % | mean error | " + " | ".join(p["name"] for p in pairs) + " |")
    print("|---|---|---:|---:|" + "---:|" * len(pairs))
    for way in ["shipped", "type-checking unscaled", "three factors"]:
        rows, targets = [], []
        for features, seconds in builds:
            fixed, compile, check = parts(features, reference)
            unscaled = check if way == "type-checking unscaled" else 0
            rows.append([c / seconds for c in columns(way, fixed, compile, check)])
            targets.append((seconds - unscaled) / seconds)
        factors = list(nnls(rows, targets))
        errors = []
        for pair in pairs:
            measured = statistics.median(pair["naiveRuns"]) - statistics.median(pair["firewalledRuns"])
            saving = price(pair["build"], reference, way, factors) - price(pair["firewalledBuild"], reference, way, factors)
            errors.append((saving - measured) / measured * 100)
        print(f"| {way} | {', '.join(f'{f:.3f}' for f in factors)} | {sum(abs(e) <= 20 for e in errors)} of {len(errors)} "
              f"| {statistics.mean(abs(e) for e in errors):.0f} % | " + " | ".join(f"{e:+.0f} %" for e in errors) + " |")


if __name__ == "__main__":
    main()
