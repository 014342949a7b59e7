#!/usr/bin/env python3
"""The independent cold-build pairs against `analyze`, as measured on one day, with that day's speed.

    python3 benchmarks/independent/day_check.py [DAY_DIR] [--firebreak BIN --calibration FILE ...]

DAY_DIR (default: the newest day-* folder beside this script) holds what one session measured:
`cold_pairs.json` (run.py --write: each pair's cold builds and the estimate) and, optionally,
`real_modules.json` (benchmarks/costfit/measure_real.py --out: one cold build of each real fitting
module; without it there is no day's speed). The day's
speed is the median, over the real modules, of the day's seconds ÷ the reference fit's recorded
seconds (benchmarks/costfit/measurements.json); each pair's error is printed as the estimate
stands and with the estimate scaled by that speed (a baseline measured in the same session).

With --firebreak and --calibration, each calibration file (`firebreak calibrate --output`) adds a
column: the pair's naive package is written again (generate_pair.py, same arguments, same bytes)
and `BIN analyze --calibration FILE` prices its saving, as a user with that calibration sees it.
With --firebreak, the reference (as `BIN analyze` reports its coefficients) and each calibration
also price the day's real modules (code neither the calibrator nor this folder wrote) from the
features the reference fit recorded for them, in the terms of benchmarks/costfit/fit.py's chosen
form.
"""
import argparse, glob, json, os, statistics, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "costfit"))
from fit import CHOSEN, FORMS, SWIFT_NAMES, VALUES  # noqa: E402
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("day", nargs="?", default=sorted(glob.glob(os.path.join(here, "day-*")))[-1])
parser.add_argument("--firebreak")
parser.add_argument("--calibration", nargs="*", default=[])
args = parser.parse_args()
if args.calibration and not args.firebreak:
    parser.error("--calibration needs --firebreak")
day = args.day
reference = json.load(open(os.path.join(here, "..", "costfit", "measurements.json")))
recorded = {b["name"]: statistics.median(b["runs"]) for b in reference["fitting"] + reference["heldOutReal"]}
features = {b["name"]: b["features"] for b in reference["fitting"] + reference["heldOutReal"]}
ratios, real_today = [], {}
# A day without real_modules.json (the calibrations and the pairs only) has no day's speed.
real_path = os.path.join(day, "real_modules.json")
for m in json.load(open(real_path))["measurements"] if os.path.exists(real_path) else []:
    name = m["package"].split("/")[-1] + ":" + m["target"]
    if name in recorded:
        ratios.append(statistics.median(m["seconds"]) / recorded[name])
        real_today[name] = statistics.median(m["seconds"])
speed = statistics.median(ratios) if ratios else None
if speed is None:
    print(f"{os.path.basename(day)}: no real modules measured, so no day's speed")
else:
    print(f"{os.path.basename(day)}: {len(ratios)} real modules, each today ÷ recorded: median {speed:.2f} "
          f"({min(ratios):.2f} to {max(ratios):.2f})")


def calibrated_saving(options, calibration, work):
    """The first `Screens` view's saving as `analyze --calibration` prints it on the naive package."""
    root = os.path.join(work, "pair")
    subprocess.run([sys.executable, os.path.join(here, "generate_pair.py"), root] + options, check=True, capture_output=True)
    report = json.loads(subprocess.run(
        [os.path.abspath(args.firebreak), "analyze", ".", "--format", "json", "--no-cache", "--calibration", os.path.abspath(calibration)],
        cwd=os.path.join(root, "naive"), capture_output=True, text=True, check=True).stdout)
    subprocess.run(["rm", "-rf", root], check=True)
    savings = min((v for v in report["views"] if v["module"] == "Screens"), key=lambda v: v["name"])["savings"]
    return savings["estimatedSeconds"], savings.get("low"), savings.get("high")


labels = [os.path.basename(c) for c in args.calibration]
print()
print("| pair | naive build | firewalled build | measured saving | estimated saving | error | estimate × day's speed | error |"
      + "".join(f" `{label}` | error |" for label in labels))
print("|---|---:|---:|---:|---:|---:|---:|---:|" + "---:|---:|" * len(labels))
errors = {label: [] for label in ["as printed", "scaled"] + labels}
outside = {label: 0 for label in labels}
with tempfile.TemporaryDirectory() as work:
    for pair in json.load(open(os.path.join(day, "cold_pairs.json")))["pairs"]:
        naive, firewalled = statistics.median(pair["naiveRuns"]), statistics.median(pair["firewalledRuns"])
        measured, estimate = naive - firewalled, pair["estimatedSaving"]
        error = lambda value: (value - measured) / measured * 100
        scaled = (f"{estimate * speed:.2f} s | {error(estimate * speed):+.0f}%" if speed else "— | —")
        row = (f"| {pair['name']} | {naive:.2f} s | {firewalled:.2f} s | {measured:.2f} s | {estimate:.2f} s "
               f"| {error(estimate):+.0f}% | {scaled} |")
        errors["as printed"].append(error(estimate))
        if speed:
            errors["scaled"].append(error(estimate * speed))
        for calibration, label in zip(args.calibration, labels):
            saving, low, high = calibrated_saving(pair["options"], calibration, work)
            inside = low is not None and low <= measured <= high
            row += f" {saving:.2f} s ({low} to {high}) | {error(saving):+.0f}%{'' if inside else ', outside its range'} |"
            errors[label].append(error(saving))
            outside[label] += 0 if inside else 1
        print(row, flush=True)
print()
for label, values in errors.items():
    if not values:
        continue
    ranges = f", {len(values) - outside[label]} of {len(values)} inside the printed range" if label in outside else ""
    print(f"- {label}: {sum(abs(v) <= 20 for v in values)} of {len(values)} within ±20 %, "
          f"mean |error| {statistics.mean(abs(v) for v in values):.0f} %{ranges}")


def priced(coefficients, build):
    """A cold build's seconds with these coefficients, in the chosen form's terms."""
    return coefficients["overhead"] + sum(coefficients[SWIFT_NAMES[t]] * VALUES[t](build) for t in FORMS[CHOSEN])


if not args.firebreak or not real_today:
    sys.exit(0)
print()
print("The day's real modules, priced:")
example = os.path.join(here, "..", "..", "Examples", "ClinicApp")
shipped = json.loads(subprocess.run([os.path.abspath(args.firebreak), "analyze", example, "--format", "json", "--no-cache"],
                                    capture_output=True, text=True, check=True).stdout)["costModel"]["coefficients"]
for label, coefficients in [("reference", shipped)] + [(os.path.basename(c), json.load(open(c))["coefficients"]) for c in args.calibration]:
    values = [(priced(coefficients, features[name]) - seconds) / seconds * 100 for name, seconds in real_today.items()]
    print(f"- {label}: {sum(abs(v) <= 20 for v in values)} of {len(values)} within ±20 %, mean |error| "
          f"{statistics.mean(abs(v) for v in values):.0f} %, median error {statistics.median(values):+.0f} % "
          f"({min(values):+.0f} % to {max(values):+.0f} %)")
