#!/usr/bin/env python3
"""Measures incremental-rebuild savings of the independent one-module pairs and sets `analyze`'s
estimate beside them.

    python3 benchmarks/independent/run_single.py --firebreak BIN --features FEATURES_BIN [--work DIR]
        [--runs 3] [--measurements FILE] [--write FILE]

For each pair (generate_single.py, three styles): writes the naive and firewalled packages into
DIR, and `benchmarks/rebuild/measure.py` times, --runs times each, the incremental `swift build`
after an interface edit of each client (net of a no-op build) and reads the files the driver
compiled (skipped for packages already in --measurements). Then `BIN analyze --format json` on a
fresh naive package: its `rebuilds[]` entry for each client against the measurement (the naive file
count, and the seconds a protocol saves: the naive package's net rebuild minus the firewalled
package's). Rebuild model 7 is fitted on them (`benchmarks/rebuild/fit.py --single`); pairs of
other sizes are its check (check_single_heldout.py). --write FILE records each edit's measured savings and the
model's features of the files each package compiled (from FEATURES_BIN, `firebreak-file-features`)
and those files, so a unit test can check the shipped rebuild coefficients against them and
`benchmarks/rebuild/fit.py --single` can fit on them
(Tests/FirebreakAnalysisTests/RebuildInvalidationTests.swift). Nothing else should run meanwhile.
"""
import argparse, json, os, shutil, statistics, subprocess, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "rebuild"))
from fit import file_features  # noqa: E402  (the rebuild fit's reading of the same tool)

PAIRS = [("Records60", ["--style", "records", "--screens", "60", "--functions", "6"]),
         ("Inference40", ["--style", "inference", "--screens", "40", "--functions", "6"]),
         ("Arithmetic40", ["--style", "arithmetic", "--screens", "40", "--functions", "8"])]
EDITS = ["APIClient", "Database", "Tracker"]


def generate(here, root, name, options):
    scratch = os.path.join(root, name + "-generated")
    shutil.rmtree(scratch, ignore_errors=True)
    subprocess.run([sys.executable, os.path.join(here, "generate_single.py"), scratch] + options, check=True)
    for shape in ("naive", "firewalled"):
        target = os.path.join(root, f"{name}-{shape}")
        shutil.rmtree(target, ignore_errors=True)
        os.rename(os.path.join(scratch, shape), target)
    os.rmdir(scratch)


def rebuild_features(files, by_path):
    """RebuildFeatures of recompiling `files`, as the model prices them."""
    chosen = [by_path[f] for f in files if f in by_path]
    return {"modules": 1 if chosen else 0, "moduleTokens": sum(e["tokens"] for e in by_path.values()) if chosen else 0,
            "files": len(chosen), "tokens": sum(e["tokens"] for e in chosen), "bodyTokens": sum(e["bodyTokens"] for e in chosen),
            "complexity": sum(e["complexity"] for e in chosen), "closures": sum(e["closures"] for e in chosen),
            "typeCheckSeconds": round(sum(e["typeCheckSeconds"] for e in chosen), 6)}


def median_run(runs):
    ordered = sorted(runs, key=lambda r: r["net"])
    return ordered[len(ordered) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--features", required=True)
    parser.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-independent-single"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--measurements", help="measure.py's output (default: WORK/measurements.json)")
    parser.add_argument("--write")
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    measurements_file = args.measurements or os.path.join(args.work, "measurements.json")
    measured = {}
    if os.path.exists(measurements_file):
        measured = {m["package"]: m for m in json.load(open(measurements_file))["measurements"]}
    os.makedirs(args.work, exist_ok=True)
    for name, options in PAIRS:
        if f"{name}-naive" in measured and f"{name}-firewalled" in measured:
            continue
        generate(here, os.path.join(args.work, "measured"), name, options)
        packages = [os.path.join(args.work, "measured", f"{name}-{shape}") for shape in ("naive", "firewalled")]
        subprocess.run([sys.executable, os.path.join(here, "..", "rebuild", "measure.py")] + packages
                       + ["--runs", str(args.runs), "--out", measurements_file], check=True)
    measured = {m["package"]: m for m in json.load(open(measurements_file))["measurements"]}

    print("| pair | edit | files measured | files estimated | error | saving measured | saving estimated | error |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    recorded = []
    for name, options in PAIRS:
        generate(here, os.path.join(args.work, "fresh"), name, options)
        fresh = {shape: os.path.join(args.work, "fresh", f"{name}-{shape}") for shape in ("naive", "firewalled")}
        report = json.loads(subprocess.run([os.path.abspath(args.firebreak), "analyze", ".", "--format", "json", "--no-cache"],
                                           cwd=fresh["naive"], capture_output=True, text=True, check=True).stdout)
        rebuilds = {r["type"]: r for r in report["rebuilds"]}
        by_path = {shape: file_features(args.features, fresh[shape]) for shape in fresh}
        for client in EDITS:
            runs = {shape: next(e["runs"] for e in measured[f"{name}-{shape}"]["edits"] if e["edit"] == f"interface:{client}")
                    for shape in fresh}
            files = statistics.median(len(r["files"]) for r in runs["naive"])
            saving = statistics.median(r["net"] for r in runs["naive"]) - statistics.median(r["net"] for r in runs["firewalled"])
            estimate = rebuilds[client]
            estimated_saving = estimate["estimatedSeconds"] - estimate["firewalled"]["estimatedSeconds"]
            print(f"| {name} | {client} | {files:g} | {estimate['files']} | {(estimate['files'] - files) / files * 100:+.1f}% "
                  f"| {saving:.2f} s | {estimated_saving:.2f} s | {(estimated_saving - saving) / saving * 100:+.0f}% |", flush=True)
            recorded.append({
                "pair": name, "edit": client, "options": options,
                "naiveNet": [r["net"] for r in runs["naive"]], "firewalledNet": [r["net"] for r in runs["firewalled"]],
                "measuredFiles": files, "measuredSaving": round(saving, 3),
                "naiveFeatures": rebuild_features(median_run(runs["naive"])["files"], by_path["naive"]),
                "firewalledFeatures": rebuild_features(median_run(runs["firewalled"])["files"], by_path["firewalled"]),
                "naiveFiles": sorted(median_run(runs["naive"])["files"]),
                "firewalledFiles": sorted(median_run(runs["firewalled"])["files"]),
                "estimatedFiles": estimate["files"], "estimatedSaving": round(estimated_saving, 2),
                "modelVersion": report["modelVersion"]})
    if args.write:
        with open(args.write, "w") as out:
            json.dump({"edits": recorded}, out, indent=1, sort_keys=True)
            out.write("\n")


if __name__ == "__main__":
    main()
