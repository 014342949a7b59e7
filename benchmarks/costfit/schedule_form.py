#!/usr/bin/env python3
"""Fits a parallel-schedule form of the cold-build model beside model 5's sum, on the same builds.

    python3 benchmarks/costfit/schedule_form.py --real REAL.json --firebreak BIN --features BIN \
        --independent DIR

REAL.json: measure_real.py's output (each build's modules and their files; the runs are taken from
benchmarks/costfit/measurements.json). DIR: the independent pairs as benchmarks/independent/run.py
writes them (DIR/<pair>/naive, DIR/<pair>/firewalled). The generated pairs are written again by
`BIN calibrate --generate` (deterministic).

Per module, CPU = a·files + b·(tokens outside bodies)/1000 + c·(estimated type-checking seconds).
Schedule form: seconds = overhead + framework load (once) + max(longest chain of dependent modules,
each at CPU / p, p the fitted in-module parallelism; all CPU / 2 cores). Sum form: model 5. Both
fitted by least squares on the fitting builds of docs/closure-model.md; prints the held-out errors
(real modules, generated pairs, independent pairs) of each
(benchmarks/results/2026-11-24-code-or-day.md).
"""
import argparse, glob, json, os, re, statistics, subprocess, tempfile
import numpy as np
from scipy.optimize import least_squares

HERE = os.path.dirname(os.path.abspath(__file__))
KEYS = ("tokens", "typeCheckSeconds", "bodyTokens")
CORES = 2


def file_features(tool, paths):
    out = subprocess.run([tool] + paths, capture_output=True, text=True, check=True).stdout
    return {os.path.realpath(e["path"]): e for e in map(json.loads, out.splitlines())}


def module_features(tool, files_by_module):
    known = file_features(tool, [p for files in files_by_module.values() for p in files])
    modules = {}
    for module, files in files_by_module.items():
        f = {k: 0 for k in KEYS} | {"files": len(files), "framework": 0}
        for path in files:
            entry = known[os.path.realpath(path)]
            for k in KEYS:
                f[k] += entry[k]
            f["framework"] |= any(name not in files_by_module for name in entry["frameworkImports"])
        modules[module] = f
    return modules


def package_build(tool, root, target):
    """The modules `swift build --target target` compiles, from a generated manifest's plain targets."""
    text = open(os.path.join(root, "Package.swift")).read()
    declared = {name: re.findall(r'"(\w+)"', body or "") for name, body in
                re.findall(r'\.(?:target|executableTarget)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?', text)}
    needed, stack = set(), [target]
    while stack:
        module = stack.pop()
        if module not in needed:
            needed.add(module)
            stack += declared.get(module, [])
    files = {m: sorted(glob.glob(os.path.join(root, "Sources", m, "**", "*.swift"), recursive=True)) for m in needed}
    return {"modules": module_features(tool, files), "deps": {m: [d for d in declared.get(m, []) if d in needed] for m in needed}}


def estimate(build, x, form):
    cpu = {m: x[2] * f["files"] + x[3] * (f["tokens"] - f["bodyTokens"]) / 1000 + x[4] * f["typeCheckSeconds"]
           for m, f in build["modules"].items()}
    fixed = x[0] + (x[1] if any(f["framework"] for f in build["modules"].values()) else 0)
    if form == "sum":
        return fixed + sum(cpu.values())
    chains = {}

    def chain(m):
        if m not in chains:
            chains[m] = cpu[m] / x[5] + max([chain(d) for d in build["deps"][m]] or [0])
        return chains[m]
    return fixed + max(max(chain(m) for m in cpu), sum(cpu.values()) / CORES)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--real", required=True)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--features", required=True)
    parser.add_argument("--independent", required=True)
    args = parser.parse_args()
    tool = os.path.abspath(args.features)
    recorded = json.load(open(os.path.join(HERE, "measurements.json")))
    runs = {b["name"]: b["runs"] for b in recorded["fitting"] + recorded["heldOutReal"]}
    held_real = {b["name"] for b in recorded["heldOutReal"]}
    real = {}
    for m in json.load(open(args.real))["measurements"]:
        name = f"{m['package'].split('/')[1]}:{m['target']}"
        files = {module: [os.path.join(m["checkout"], f) for f in fs] for module, fs in m["modules"].items()}
        # A real build's other modules are what its target depends on.
        real[name] = {"modules": module_features(tool, files),
                      "deps": {module: [o for o in files if o != module] if module == m["target"] else [] for module in files}}
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([os.path.abspath(args.firebreak), "calibrate", "--generate", work], check=True, capture_output=True)
        generated = {name: package_build(tool, os.path.join(work, name), "Feature") for name in os.listdir(work)}
    reference = json.load(open(os.path.join(HERE, "..", "calibration", "reference.json")))
    pairs = json.load(open(os.path.join(HERE, "..", "independent", "measurements.json")))["pairs"]
    median = statistics.median
    fitting = [(real[n], median(runs[n])) for n in sorted(real) if n not in held_real]
    fitting += [(generated[m["name"]], median(m["seconds"])) for m in reference["measurements"]]
    held = [("real " + n, real[n], None, median(runs[n])) for n in sorted(held_real)]
    held += [("generated " + p["name"], generated[p["name"] + "-naive"], generated[p["name"] + "-firewalled"],
              median(p["naive"]["seconds"]) - median(p["firewalled"]["seconds"])) for p in reference["heldOut"]]
    for p in pairs:
        shapes = [package_build(tool, os.path.join(args.independent, p["name"], shape), "Screens") for shape in ("naive", "firewalled")]
        held.append(("independent " + p["name"], shapes[0], shapes[1], median(p["naiveRuns"]) - median(p["firewalledRuns"])))
    for form, start, low, high in (("sum", [4, 2.6, 0.01, 0.1, 0.6], [0] * 5, [20, 10, 1, 5, 5]),
                                   ("schedule", [4, 2.6, 0.01, 0.25, 1.2, 1.4], [0] * 5 + [1], [20, 10, 1, 5, 5, CORES])):
        x = least_squares(lambda v: [estimate(b, v, form) - t for b, t in fitting], start, bounds=(low, high)).x
        print(f"{form}: " + ", ".join(f"{k} {v:.4g}" for k, v in zip(
            ["overhead", "frameworkLoad", "perFile", "perThousandSignatureTokens", "perTypeCheckSecond", "inModuleParallelism"], x)))
        errors = []
        for label, naive, firewalled, measured in held:
            value = estimate(naive, x, form) - (estimate(firewalled, x, form) if firewalled else 0)
            errors.append((value - measured) / measured)
            print(f"  {label:40s} measured {measured:6.2f} s  estimated {value:6.2f} s  {errors[-1] * 100:+5.0f}%")
        print(f"  held out: mean |error| {np.mean(np.abs(errors)) * 100:.1f}%, largest {np.max(np.abs(errors)) * 100:.1f}%")


if __name__ == "__main__":
    main()
