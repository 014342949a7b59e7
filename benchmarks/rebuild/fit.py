#!/usr/bin/env python3
"""Fits the rebuild model on measured incremental rebuilds, and checks `analyze` against them.

    benchmarks/rebuild/fit.py MEASUREMENTS.json --features .build/release/firebreak-file-features \
        [--single benchmarks/independent/single_measurements.json]
    benchmarks/rebuild/fit.py MEASUREMENTS.json --validate --firebreak .build/release/firebreak [--packages DIR] [--markdown FILE]

Fit: every measured rebuild (each run of each edit of each package, held-out packages left out) is
priced by the files the driver actually compiled: their count, their tokens outside function
bodies, their closures and their estimated body type-checking, and the tokens of the whole module;
least squares with every coefficient >= 0 gives the coefficients of RebuildCoefficients.reference
(model 7; the per-module term cannot be fitted on one-module packages and is left at 0, and the
per-token and other complexity terms of model 3 are 0). With --single, the one-module pairs of
benchmarks/independent/run_single.py are fitted too (generated again into a temporary folder and
priced by the files each run compiled): the rebuild generator's code has no closure-free
arithmetic, and without such code in the fit the type-checking term comes out 0.

Validate: runs `firebreak analyze` on each naive package and compares its `rebuilds[]` entry for
each edited type with the measurement: the naive file count (target +-10 %), and the seconds a
firewall saves on each such edit, measured as the naive package's net rebuild minus the
firewalled package's (target +-25 %).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from nnls import nnls  # noqa: E402

HELD_OUT = {"Mixed40", "Heavy60"}  # fixed before any measurement was seen


def file_features(tool, directory):
    out = subprocess.run([tool, os.path.join(directory, "Sources", "App")], capture_output=True, text=True, check=True).stdout
    entries = [json.loads(line) for line in out.splitlines()]
    return {os.path.relpath(e["path"], os.path.realpath(directory)): e for e in entries}


def shape(package):
    return package.rsplit("-", 1)[0]


def price_row(features, files):
    """The design row of recompiling `files` of a module whose files are `features`."""
    chosen = [features[f] for f in files if f in features]
    return [1.0, sum(e["tokens"] for e in features.values()) / 1000, len(chosen),
            sum(f["tokens"] - f["bodyTokens"] for f in chosen) / 1000, sum(f["closures"] for f in chosen) / 1000,
            sum(f["typeCheckSeconds"] for f in chosen)]


def single_rows(args):
    """Rows of the recorded one-module pairs' rebuilds, their packages generated again."""
    recorded = json.load(open(args.single))["edits"]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "independent", "generate_single.py")
    rows, targets, names = [], [], []
    with tempfile.TemporaryDirectory() as work:
        features = {}
        for edit in recorded:
            if edit["pair"] not in features:
                out = os.path.join(work, edit["pair"])
                subprocess.run([sys.executable, here, out] + edit["options"], check=True, capture_output=True)
                features[edit["pair"]] = {shape: file_features(args.features, os.path.join(out, shape)) for shape in ("naive", "firewalled")}
            for shape in ("naive", "firewalled"):
                for net in edit[shape + "Net"]:
                    rows.append(price_row(features[edit["pair"]][shape], edit[shape + "Files"]))
                    targets.append(net)
                    names.append(f"{edit['pair']}-{shape} interface:{edit['edit']}")
    return rows, targets, names


def fit(args, measurements):
    rows, targets, names = [], [], []
    for m in measurements:
        if shape(m["package"]) in HELD_OUT:
            continue
        features = file_features(args.features, m["directory"])
        for edit in m["edits"]:
            for run in edit["runs"]:
                rows.append(price_row(features, run["files"]))
                targets.append(run["net"])
                names.append(f"{m['package']} {edit['edit']}")
    if args.single:
        more = single_rows(args)
        rows, targets, names = rows + more[0], targets + more[1], names + more[2]
    # Each rebuild weighs by 1 / its seconds: relative errors, so the many small rebuilds count as
    # much as the few long ones.
    weights = [1 / max(t, 0.1) for t in targets]
    c = nnls([[v * w for v in r] for r, w in zip(rows, weights)], [t * w for t, w in zip(targets, weights)])
    predictions = np.array(rows) @ c
    mean = statistics.mean(targets)
    r2 = 1 - sum((p - t) ** 2 for p, t in zip(predictions, targets)) / sum((t - mean) ** 2 for t in targets)
    print(f"{len(rows)} rebuilds fitted; R² {r2:.3f}")
    print(f"overhead: {float(c[0])!r}, perModule: 0, perThousandModuleTokens: {float(c[1])!r}, perFile: {float(c[2])!r}, "
          f"perThousandTokens: 0, perThousandSignatureTokens: {float(c[3])!r}, perThousandClosures: {float(c[4])!r}, "
          f"perTypeCheckSecond: {float(c[5])!r}, perThousandComplexity: 0")
    for name, row, target, prediction in zip(names, rows, targets, predictions):
        print(f"  {name}: {int(row[2])} files, measured {target:.2f} s, fitted {prediction:.2f} s")


def validate(args, measurements):
    by_package = {m["package"]: m for m in measurements}
    lines = ["| pair | edit | files measured | files estimated | error | saving measured | saving estimated | error | held out |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    large = []
    file_errors, saving_errors = [], []
    for name in sorted({shape(p) for p in by_package}):
        naive, firewalled = by_package.get(name + "-naive"), by_package.get(name + "-firewalled")
        if not naive or not firewalled:
            continue
        directory = os.path.join(args.packages, name + "-naive") if args.packages else naive["directory"]
        report = json.loads(subprocess.run([args.firebreak, "analyze", ".", "--format", "json", "--no-cache"],
                                           cwd=directory, capture_output=True, text=True, check=True).stdout)
        rebuilds = {r["type"]: r for r in report["rebuilds"]}
        for edit, edit_after in zip(naive["edits"], firewalled["edits"]):
            kind, type_name = edit["edit"].split(":")
            if kind != "interface":
                continue
            measured_files = statistics.median(len(r["files"]) for r in edit["runs"])
            measured_saving = statistics.median(r["net"] for r in edit["runs"]) - statistics.median(r["net"] for r in edit_after["runs"])
            estimate = rebuilds[type_name]
            saving = estimate["estimatedSeconds"] - estimate["firewalled"]["estimatedSeconds"]
            file_error = (estimate["files"] - measured_files) / measured_files
            saving_error = (saving - measured_saving) / measured_saving if measured_saving > 0 else float("nan")
            held = name in HELD_OUT
            file_errors.append((abs(file_error), held))
            saving_errors.append((abs(saving_error), held))
            if measured_saving >= 1:
                large.append((abs(saving_error), held))
            lines.append(f"| {name} | {type_name} | {measured_files:g} | {estimate['files']} | {file_error * 100:+.1f}% "
                         f"| {measured_saving:.2f} s | {saving:.2f} s | {saving_error * 100:+.1f}% ({saving - measured_saving:+.2f} s) "
                         f"| {'yes' if held else ''} |")
    lines.append("")
    for label, errors in (("file count", file_errors), ("seconds saved", saving_errors),
                          ("seconds saved, savings of 1 s or more", large)):
        held = [e for e, h in errors if h]
        fitted = [e for e, h in errors if not h]
        lines.append(f"- {label}: mean |error| {statistics.mean(fitted) * 100:.1f}% on fitted pairs (largest {max(fitted) * 100:.1f}%), "
                     f"{statistics.mean(held) * 100:.1f}% on held-out pairs (largest {max(held) * 100:.1f}%)")
    lines.append("")
    lines.append("Fixed part of a rebuild, measured (body-only edit of APIClient, one file recompiled, net of a no-op build):")
    lines.append("")
    for package in sorted(by_package):
        m = by_package[package]
        body = next(e for e in m["edits"] if e["edit"].startswith("body:"))
        lines.append(f"- {package}: no-op {statistics.median(m['noopSeconds']):.2f} s, body edit +{statistics.median(r['net'] for r in body['runs']):.2f} s "
                     f"({statistics.median(len(r['files']) for r in body['runs']):g} file)")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        open(args.markdown, "w").write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("measurements")
    parser.add_argument("--features")
    parser.add_argument("--single", help="also fit the recorded one-module pairs (single_measurements.json)")
    parser.add_argument("--validate", action="store_true")
    parser.add_argument("--firebreak")
    parser.add_argument("--markdown")
    parser.add_argument("--packages", help="freshly generated packages to analyse (default: the measured ones)")
    args = parser.parse_args()
    args.firebreak = args.firebreak and os.path.abspath(args.firebreak)
    args.features = args.features and os.path.abspath(args.features)
    measurements = json.load(open(args.measurements))["measurements"]
    if args.validate:
        validate(args, measurements)
    else:
        fit(args, measurements)


if __name__ == "__main__":
    main()
