#!/usr/bin/env python3
"""Every rebuild pair measured in one session, against the shipped model and against a fit of that
session alone: is a miss the day's speed or the model's form?

    python3 benchmarks/rebuild/same_day.py SHAPES.json SINGLES.json --firebreak BIN --features FEATURES_BIN
        [--work DIR] [--markdown FILE] [--calibration FILE]

SHAPES.json is benchmarks/rebuild/measure.py's output for the nine shapes of generate.py;
SINGLES.json the same for the one-module pairs of benchmarks/independent/generate_single.py
(Records60, Inference40 and Arithmetic40, which model 7 fits, and Arithmetic60, Inference24 and
Records90, which it never saw), in the folder names `NAME-naive` and `NAME-firewalled`.

For each interface edit: the saving measured today (the naive package's median net rebuild minus
the firewalled package's); `analyze`'s estimate on a freshly generated naive package (BIN), as it
stands and times the day's speed (the median, over the fitted pairs' savings of 1 s or more, of
today's saving ÷ the recorded one); and the estimate of the same model form fitted on today's
fitted rebuilds only (fit.py's fit, priced by the files each run compiled), which no speed
factor touches. If the held-out rows miss with the session's own fit too, the form misses; if
they hold with it and not with the shipped coefficients, the day does. With --calibration, also
`analyze --calibration FILE` (a `firebreak calibrate` run on the same machine and day, whose
rebuild fit saw none of these packages): every row is held out from it.
"""
import argparse, json, os, statistics, subprocess, sys
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, ".."))
from fit import HELD_OUT, file_features, price_row  # noqa: E402
from nnls import nnls  # noqa: E402

SINGLE_OPTIONS = {
    "Records60": "--style records --screens 60 --functions 6",
    "Inference40": "--style inference --screens 40 --functions 6",
    "Arithmetic40": "--style arithmetic --screens 40 --functions 8",
    "Arithmetic60": "--style arithmetic --screens 60 --functions 5",
    "Inference24": "--style inference --screens 24 --functions 9",
    "Records90": "--style records --screens 90 --functions 8",
}
SINGLE_HELD_OUT = {"Arithmetic60", "Inference24", "Records90"}
CLIENTS = ("APIClient", "Database", "Tracker")


def pair_name(package):
    return package.rsplit("-", 1)[0]


def saving(by_package, pair, client, price=None):
    """Median net rebuild of the naive package minus the firewalled one's, and the naive file count;
    with `price`, each run priced by the files it compiled instead of its seconds."""
    nets = []
    for shape in ("naive", "firewalled"):
        edit = next(e for e in by_package[f"{pair}-{shape}"]["edits"] if e["edit"] == "interface:" + client)
        nets.append(statistics.median(price(pair, shape, r["files"]) if price else r["net"] for r in edit["runs"]))
    naive = next(e for e in by_package[f"{pair}-naive"]["edits"] if e["edit"] == "interface:" + client)
    return nets[0] - nets[1], statistics.median(len(r["files"]) for r in naive["runs"])


def recorded_savings():
    recorded = {}
    old = {m["package"]: m for m in json.load(open(os.path.join(here, "measurements.json")))["measurements"]}
    for pair in {pair_name(p) for p in old}:
        for client in CLIENTS:
            recorded[(pair, client)] = saving(old, pair, client)[0]
    for edit in json.load(open(os.path.join(here, "..", "independent", "single_measurements.json")))["edits"]:
        recorded[(edit["pair"], edit["edit"])] = edit["measuredSaving"]
    return recorded


def fresh_naive(work, pair):
    """A naive package as the generators write it, never built or edited."""
    directory = os.path.join(work, pair)
    if not os.path.isdir(directory):
        if pair in SINGLE_OPTIONS:
            subprocess.run([sys.executable, os.path.join(here, "..", "independent", "generate_single.py"), directory]
                           + SINGLE_OPTIONS[pair].split(), check=True, capture_output=True)
        else:
            subprocess.run([sys.executable, os.path.join(here, "generate.py"), directory, "--only", pair],
                           check=True, capture_output=True)
            os.rename(os.path.join(directory, pair + "-naive"), os.path.join(directory, "naive"))
    return os.path.join(directory, "naive")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shapes")
    parser.add_argument("singles")
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--features", required=True)
    parser.add_argument("--work", default="/tmp/firebreak-same-day")
    parser.add_argument("--markdown")
    parser.add_argument("--calibration")
    args = parser.parse_args()
    args.firebreak, args.features = os.path.abspath(args.firebreak), os.path.abspath(args.features)
    measurements = json.load(open(args.shapes))["measurements"] + json.load(open(args.singles))["measurements"]
    by_package = {m["package"]: m for m in measurements}
    pairs = sorted({pair_name(p) for p in by_package}, key=lambda p: (p in SINGLE_OPTIONS, p))
    held_out = HELD_OUT | SINGLE_HELD_OUT
    recorded = recorded_savings()

    # The day's speed, from the fitted pairs' savings of a second or more.
    ratios = [saving(by_package, p, c)[0] / recorded[(p, c)] for p in pairs if p not in held_out
              for c in CLIENTS if recorded.get((p, c), 0) >= 1]
    speed = statistics.median(ratios)

    # The model's form fitted on today's fitted rebuilds alone, each weighed by 1 / its seconds.
    features = {m["package"]: file_features(args.features, m["directory"]) for m in measurements}
    rows, targets = [], []
    for m in measurements:
        if pair_name(m["package"]) in held_out:
            continue
        for edit in m["edits"]:
            for run in edit["runs"]:
                rows.append(price_row(features[m["package"]], run["files"]))
                targets.append(run["net"])
    weights = [1 / max(t, 0.1) for t in targets]
    coefficients = nnls([[v * w for v in r] for r, w in zip(rows, weights)], [t * w for t, w in zip(targets, weights)])

    def price(pair, shape, files):
        return float(np.array(price_row(features[f"{pair}-{shape}"], files)) @ coefficients)

    def analyzed(pair, *extra):
        report = json.loads(subprocess.run([args.firebreak, "analyze", ".", "--format", "json", "--no-cache", *extra],
                                           cwd=fresh_naive(args.work, pair), capture_output=True, text=True, check=True).stdout)
        return {r["type"]: r for r in report["rebuilds"]}

    calibrated_header = " calibrated | error |" if args.calibration else ""
    lines = [f"The day's speed: {speed:.2f} (median of {len(ratios)} fitted savings of 1 s or more, today ÷ recorded; "
             f"{min(ratios):.2f} to {max(ratios):.2f})",
             f"Today's fit ({len(rows)} rebuilds): " + ", ".join(f"{v:.4g}" for v in coefficients)
             + " (overhead, per 1,000 module tokens, per file, per 1,000 signature tokens, per 1,000 closures, per type-check second)",
             "",
             "| pair | edit | files measured | files estimated | saving today | recorded | shipped estimate | error | × day's speed | error | today's fit | error |"
             + calibrated_header + " held out |",
             "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|---:|" if args.calibration else "") + "---|"]
    summary = {}
    for pair in pairs:
        rebuilds = analyzed(pair)
        calibrated = analyzed(pair, "--calibration", os.path.abspath(args.calibration)) if args.calibration else None
        for client in CLIENTS:
            measured, files = saving(by_package, pair, client)
            refit = saving(by_package, pair, client, price)[0]
            estimate = rebuilds[client]["estimatedSeconds"] - rebuilds[client]["firewalled"]["estimatedSeconds"]
            values = [estimate, estimate * speed, refit]
            if calibrated:
                values.append(calibrated[client]["estimatedSeconds"] - calibrated[client]["firewalled"]["estimatedSeconds"])
            errors = [(value - measured) / measured for value in values]
            held = pair in held_out
            if measured >= 1:
                for label, error in zip(("shipped", "scaled", "refit"), errors):
                    summary.setdefault((label, held), []).append(abs(error))
                if calibrated:
                    summary.setdefault(("calibrated", True), []).append(abs(errors[3]))
            old = recorded.get((pair, client))
            lines.append(f"| {pair} | {client} | {files:g} | {rebuilds[client]['files']} | {measured:.2f} s | "
                         + (f"{old:.2f} s" if old is not None else "") + f" | {estimate:.2f} s | {errors[0] * 100:+.0f}% "
                         f"| {estimate * speed:.2f} s | {errors[1] * 100:+.0f}% | {refit:.2f} s | {errors[2] * 100:+.0f}% "
                         + (f"| {values[3]:.2f} s | {errors[3] * 100:+.0f}% " if calibrated else "")
                         + f"| {'yes' if held else ''} |")
    lines.append("")
    for label, name in (("shipped", "shipped estimate"), ("scaled", "shipped estimate × the day's speed"),
                        ("refit", "today's fit"), ("calibrated", "`analyze --calibration`, every pair held out")):
        parts = []
        for held, which in ((False, "fitted pairs"), (True, "held-out pairs" if label != "calibrated" else "all pairs")):
            errors = summary.get((label, held), [])
            if errors:
                within = sum(e <= 0.25 for e in errors)
                parts.append(f"{which} mean |error| {statistics.mean(errors) * 100:.0f}%, largest {max(errors) * 100:.0f}%, "
                             f"{within} of {len(errors)} within ±25 %")
        lines.append(f"- savings of 1 s or more, {name}: " + "; ".join(parts))
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        open(args.markdown, "w").write(text)


if __name__ == "__main__":
    main()
