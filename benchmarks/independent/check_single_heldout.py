#!/usr/bin/env python3
"""One-module pairs of sizes no fit saw, against `analyze`: the held-out table of benchmarks/results/2026-11-24-one-module-heldout-sizes.md.

    python3 benchmarks/independent/check_single_heldout.py BIN [MEASUREMENTS [WORK]]

MEASUREMENTS (default: single_heldout_measurements.json beside this script) is benchmarks/rebuild/measure.py's
output for Arithmetic40 (a fitted pair, measured again as the session's baseline), Arithmetic60,
Inference24 and Records90 (generate_single.py, options below). Measured savings are divided by the
baseline's median ratio to its recorded savings (this machine's speed against the reference's),
then set beside BIN's `rebuilds[]` on freshly generated naive packages (in WORK); the last column is
the estimate's error against the day's saving as measured, without that division.
"""
import json, statistics, subprocess, sys, os
here = os.path.dirname(os.path.abspath(__file__))
bin_ = os.path.abspath(sys.argv[1]); factor_pair = "Arithmetic40"
measurements = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "single_heldout_measurements.json")
work = sys.argv[3] if len(sys.argv) > 3 else "/tmp/firebreak-single-heldout"
ms = {m["package"]: m for m in json.load(open(measurements))["measurements"]}
rec = {(e["pair"], e["edit"]): e for e in json.load(open(os.path.join(here, "single_measurements.json")))["edits"]}
def saving(pair, client):
    n = next(e for e in ms[pair + "-naive"]["edits"] if e["edit"] == "interface:" + client)
    f = next(e for e in ms[pair + "-firewalled"]["edits"] if e["edit"] == "interface:" + client)
    return (statistics.median(r["net"] for r in n["runs"]) - statistics.median(r["net"] for r in f["runs"]),
            statistics.median(len(r["files"]) for r in n["runs"]))
ratios = []
for c in ("APIClient", "Database", "Tracker"):
    s, _ = saving(factor_pair, c); r = rec[(factor_pair, c)]["measuredSaving"]; ratios.append(s / r)
    print(f"baseline {factor_pair}/{c}: today {s:.2f} s, recorded {r:.2f} s, ratio {s/r:.2f}")
factor = statistics.median(ratios); print(f"machine factor (median) {factor:.2f}")
pairs = sorted({p.rsplit('-', 1)[0] for p in ms})
for pair in pairs:
    opts = {"Arithmetic40": "--style arithmetic --screens 40 --functions 8", "Arithmetic60": "--style arithmetic --screens 60 --functions 5",
            "Inference24": "--style inference --screens 24 --functions 9", "Records90": "--style records --screens 90 --functions 8"}[pair].split()
    fresh = os.path.join(work, pair)
    if not os.path.isdir(fresh):
        subprocess.run([sys.executable, os.path.join(here, "generate_single.py"), fresh] + opts, check=True)
    rep = json.loads(subprocess.run([bin_, "analyze", ".", "--format", "json", "--no-cache"], cwd=fresh + "/naive", capture_output=True, text=True, check=True).stdout)
    rb = {r["type"]: r for r in rep["rebuilds"]}
    for c in ("APIClient", "Database", "Tracker"):
        s, files = saving(pair, c); est = rb[c]["estimatedSeconds"] - rb[c]["firewalled"]["estimatedSeconds"]
        ref = s / factor
        print(f"| {pair} | {c} | {files:g} | {rb[c]['files']} | {(rb[c]['files']-files)/files*100:+.1f}% | {s:.2f} s | {ref:.2f} s | {est:.2f} s | {(est-ref)/ref*100:+.0f}% | {(est-s)/s*100:+.0f}% |")
