#!/usr/bin/env python3
"""The independent cold-build pairs against `analyze`, as measured on one day, with that day's speed.

    python3 benchmarks/independent/day_check.py [DAY_DIR]

DAY_DIR (default: the newest day-* folder beside this script) holds what one session measured:
`cold_pairs.json` (run.py --write: each pair's cold builds and the estimate) and `real_modules.json`
(benchmarks/costfit/measure_real.py --out: one cold build of each real fitting module). The day's
speed is the median, over the real modules, of the day's seconds ÷ the reference fit's recorded
seconds (benchmarks/costfit/measurements.json); each pair's error is printed as the estimate
stands and with the estimate scaled by that speed (a baseline measured in the same session).
"""
import glob, json, os, statistics, sys

here = os.path.dirname(os.path.abspath(__file__))
day = sys.argv[1] if len(sys.argv) > 1 else sorted(glob.glob(os.path.join(here, "day-*")))[-1]
reference = json.load(open(os.path.join(here, "..", "costfit", "measurements.json")))
recorded = {b["name"]: statistics.median(b["runs"]) for b in reference["fitting"] + reference["heldOutReal"]}
ratios = []
for m in json.load(open(os.path.join(day, "real_modules.json")))["measurements"]:
    name = m["package"].split("/")[-1] + ":" + m["target"]
    if name in recorded:
        ratios.append(statistics.median(m["seconds"]) / recorded[name])
speed = statistics.median(ratios)
print(f"{os.path.basename(day)}: {len(ratios)} real modules, each today ÷ recorded: median {speed:.2f} "
      f"({min(ratios):.2f} to {max(ratios):.2f})")
print()
print("| pair | naive build | firewalled build | measured saving | estimated saving | error | estimate × day's speed | error |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for pair in json.load(open(os.path.join(day, "cold_pairs.json")))["pairs"]:
    naive, firewalled = statistics.median(pair["naiveRuns"]), statistics.median(pair["firewalledRuns"])
    measured, estimate = naive - firewalled, pair["estimatedSaving"]
    print(f"| {pair['name']} | {naive:.2f} s | {firewalled:.2f} s | {measured:.2f} s | {estimate:.2f} s "
          f"| {(estimate - measured) / measured * 100:+.0f}% | {estimate * speed:.2f} s "
          f"| {(estimate * speed - measured) / measured * 100:+.0f}% |")
