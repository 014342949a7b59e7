#!/usr/bin/env python3
"""Measures the cold-build saving of the independent pairs and sets `analyze`'s estimate beside it.

    python3 benchmarks/independent/run.py --firebreak BIN [--work DIR] [--runs 3] [--write FILE]
        [--recorded FILE] [--only NAME ...]

For each pair (generate_pair.py, three styles; --only NAME … for some): writes the naive and firewalled packages into DIR,
times `swift build --target Screens` cold (build folder removed) --runs times per shape, and runs
`BIN analyze --format json` on the naive package: the first `Screens` view's `savings.estimatedSeconds`
is the estimate, the median naive build minus the median firewalled build the measurement.
Nothing else should run on the machine meanwhile. --write FILE records each pair's runs and the
estimate's features (`build`, `firewalledBuild`), so a unit test can check the shipped coefficients
against them (Tests/FirebreakAnalysisTests/CostFitTests.swift). --recorded FILE takes each pair's
runs from an earlier --write instead of building: for pricing the same measurements with a new model.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, time

PAIRS = [("records", ["--style", "records", "--files", "12", "--functions", "10"]),
         ("inference", ["--style", "inference", "--files", "8", "--functions", "14"]),
         ("records-medium", ["--style", "records", "--files", "24", "--functions", "14"]),
         ("records-large", ["--style", "records", "--files", "40", "--functions", "20"]),
         ("inference-large", ["--style", "inference", "--files", "20", "--functions", "14"]),
         ("operators", ["--style", "operators", "--files", "8", "--functions", "10"]),
         ("operators-large", ["--style", "operators", "--files", "16", "--functions", "14"])]


def cold_build(directory):
    shutil.rmtree(os.path.join(directory, ".build"), ignore_errors=True)
    start = time.monotonic()
    subprocess.run(["swift", "build", "--target", "Screens"], cwd=directory, check=True, capture_output=True)
    return time.monotonic() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-independent"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write")
    parser.add_argument("--recorded", help="reuse the runs of an earlier --write instead of building")
    parser.add_argument("--only", nargs="*", help="these pairs only (by name)")
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    firebreak = os.path.abspath(args.firebreak)
    print("| pair | naive build (runs) | firewalled build (runs) | measured saving | estimated saving | error |")
    print("|---|---|---|---:|---:|---:|")
    recorded = []
    for name, options in PAIRS:
        if args.only and name not in args.only:
            continue
        root = os.path.join(args.work, name)
        shutil.rmtree(root, ignore_errors=True)
        subprocess.run([sys.executable, os.path.join(here, "generate_pair.py"), root] + options, check=True)
        if args.recorded:
            earlier = next((p for p in json.load(open(args.recorded))["pairs"] if p["name"] == name), None)
            if earlier is None:
                continue
            runs = {"naive": earlier["naiveRuns"], "firewalled": earlier["firewalledRuns"]}
        else:
            runs = {shape: [cold_build(os.path.join(root, shape)) for _ in range(args.runs)] for shape in ("naive", "firewalled")}
        report = json.loads(subprocess.run([firebreak, "analyze", ".", "--format", "json", "--no-cache"], cwd=os.path.join(root, "naive"),
                                           capture_output=True, text=True, check=True).stdout)
        view = min((v for v in report["views"] if v["module"] == "Screens"), key=lambda v: v["name"])
        estimate = view["savings"]["estimatedSeconds"]
        measured = statistics.median(runs["naive"]) - statistics.median(runs["firewalled"])
        cell = lambda xs: f"{statistics.median(xs):.2f} s ({', '.join(f'{x:.2f}' for x in xs)})"
        print(f"| {name} | {cell(runs['naive'])} | {cell(runs['firewalled'])} | {measured:.2f} s | {estimate:.2f} s "
              f"| {(estimate - measured) / measured * 100:+.0f}% |", flush=True)
        recorded.append({"name": name, "options": options, "naiveRuns": runs["naive"], "firewalledRuns": runs["firewalled"],
                         "build": view["build"], "firewalledBuild": view["firewalledBuild"],
                         "modelVersion": report["modelVersion"], "estimatedSaving": estimate})
    if args.write:
        with open(args.write, "w") as out:
            json.dump({"pairs": recorded}, out, indent=1, sort_keys=True)
            out.write("\n")


if __name__ == "__main__":
    main()
