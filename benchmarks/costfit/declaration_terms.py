#!/usr/bin/env python3
"""Would a term per kind of declaration fix what the cold-build model misprices? A check, not a fit.

    benchmarks/costfit/declaration_terms.py --checkouts DIR --firebreak BIN --features FEATURES_BIN

The reference fit (model 5) overprices large builds of cheap value code (the independent
records-large pair, +28 %) and token-heavy generic signatures (HeldOutGeneric, +36 %). This
refits it with each declaration count `firebreak-file-features` reports (types, stored properties,
enum cases, generic declarations, inherited types, protocols, extensions, bodies) beside or in
place of the tokens outside bodies, on the same builds, and prints for each form the
leave-one-out error, the held-out real builds, the held-out generated pairs and the independent
pairs. Nothing is written.

--checkouts: the folder `measure_real.py --work` cloned the real packages into (each at its
measured version, resolved, so its dependencies are under .build/checkouts). Each build's files
are the target's Swift sources and those of every target it depends on, from `swift package
describe`; the script stops if they do not give the recorded files and tokens. The generated
pairs are written again by `firebreak calibrate --generate` and the independent pairs by
generate_pair.py, both deterministic.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from nnls import nnls  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
DECLARATIONS = ["types", "storedProperties", "enumCases", "generics", "inherited", "protocols", "extensions", "bodies"]


def describe(root, cache={}):
    if root not in cache:
        out = subprocess.run(["swift", "package", "describe", "--type", "json"], cwd=root, capture_output=True, text=True).stdout
        cache[root] = json.loads(out[out.index("{"):])
    return cache[root]


def build_files(roots, target):
    """Swift files of `target` and every target and product it depends on, over the packages at `roots`."""
    targets = {}
    for root in roots:
        for t in describe(root)["targets"]:
            t = dict(t, root=root)
            targets.setdefault(t["name"], t)
            targets.setdefault(os.path.basename(t["path"]), t)  # a target renamed, its folder kept
    todo, seen = [target], []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo += (targets[name].get("target_dependencies") or []) + (targets[name].get("product_dependencies") or [])
    return [os.path.join(targets[n]["root"], targets[n]["path"], s) for n in seen
            for s in targets[n].get("sources", []) if s.endswith(".swift")]


def features(tool, files, framework=0):
    out = subprocess.run([tool] + files, capture_output=True, text=True, check=True).stdout
    f = {"files": 0, "tokens": 0, "bodyTokens": 0, "tc": 0.0, "fw": framework} | {d: 0 for d in DECLARATIONS}
    for entry in map(json.loads, out.splitlines()):
        f["files"] += 1
        f["tokens"] += entry["tokens"]
        f["bodyTokens"] += entry["bodyTokens"]
        f["tc"] += entry["typeCheckSeconds"]
        for d in DECLARATIONS:
            f[d] += entry["declarations"][d]
    f["ksig"] = (f["tokens"] - f["bodyTokens"]) / 1000
    for d in DECLARATIONS:
        f[d] /= 100
    return f


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--checkouts", required=True)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--features", required=True)
    args = parser.parse_args()
    tool, median = os.path.abspath(args.features), statistics.median

    recorded = json.load(open(os.path.join(HERE, "measurements.json")))
    real = {"fit": [], "held": []}
    for role, builds in (("fit", [b for b in recorded["fitting"] if b["kind"] == "real"]), ("held", recorded["heldOutReal"])):
        for b in builds:
            package, target = b["name"].split(":")
            root = os.path.join(args.checkouts, package)
            checkouts = os.path.join(root, ".build", "checkouts")
            roots = [root] + ([os.path.join(checkouts, c) for c in sorted(os.listdir(checkouts))] if os.path.isdir(checkouts) else [])
            f = features(tool, build_files(roots, target), min(b["features"]["frameworkModules"], 1))
            if (f["files"], f["tokens"]) != (b["features"]["files"], b["features"]["tokens"]):
                sys.exit(f"{b['name']}: {f['files']} files, {f['tokens']} tokens, recorded {b['features']['files']}, {b['features']['tokens']}")
            real[role].append((f, b["seconds"], b["name"]))

    reference = json.load(open(os.path.join(ROOT, "benchmarks/calibration/reference.json")))
    independent = json.load(open(os.path.join(ROOT, "benchmarks/independent/measurements.json")))["pairs"]
    with tempfile.TemporaryDirectory() as work:
        subprocess.run([os.path.abspath(args.firebreak), "calibrate", "--generate", work], check=True, capture_output=True)
        fitting = real["fit"] + [(features(tool, build_files([os.path.join(work, m["name"])], "Feature")), median(m["seconds"]), m["name"])
                                 for m in reference["measurements"]]
        held_pairs = []
        for h in reference["heldOut"]:
            base = h["firewalled"]["name"].replace("-firewalled", "")
            held_pairs.append((features(tool, build_files([os.path.join(work, base + "-naive")], "Feature")),
                               features(tool, build_files([os.path.join(work, base + "-firewalled")], "Feature")),
                               median(h["naive"]["seconds"]) - median(h["firewalled"]["seconds"]), base))
        independent_pairs = []
        for p in independent:
            out = os.path.join(work, "independent", p["name"])
            subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks/independent/generate_pair.py"), out] + p["options"],
                           check=True, capture_output=True)
            independent_pairs.append((features(tool, build_files([os.path.join(out, "naive")], "Screens")),
                                      features(tool, build_files([os.path.join(out, "firewalled")], "Screens")),
                                      median(p["naiveRuns"]) - median(p["firewalledRuns"]), p["name"]))

    def row(f, terms):
        return [1.0] + [f[t] for t in terms]

    def fit(terms, data):
        return nnls([row(f, terms) for f, _, _ in data], [s for _, s, _ in data])

    def saving(c, terms, naive, firewalled):
        return float(np.dot(c, row(naive, terms)) - np.dot(c, row(firewalled, terms)))

    base = ["files", "ksig", "tc", "fw"]
    forms = {"model 5: files, tokens outside bodies, type-checking, framework": base}
    for d in DECLARATIONS:
        forms[f"model 5 + {d}"] = base + [d]
        forms[f"{d} in place of tokens outside bodies"] = ["files", d, "tc", "fw"]
    forms["model 5 + types, stored properties, enum cases"] = base + ["types", "storedProperties", "enumCases"]
    forms["generics, inherited, protocols, extensions in place of tokens"] = ["files", "tc", "fw", "generics", "inherited", "protocols", "extensions"]

    signed = lambda errors: " ".join(f"{e * 100:+.0f}%" for e in errors)
    print("| form | leave-one-out | held-out real (" + ", ".join(n for _, _, n in real["held"]) + ") | held-out pairs ("
          + ", ".join(n for *_, n in held_pairs) + ") | independent pairs (" + ", ".join(n for *_, n in independent_pairs) + ") |")
    print("|---|---:|---|---|---|")
    for label, terms in forms.items():
        c = fit(terms, fitting)
        loo = statistics.mean(abs(float(np.dot(fit(terms, fitting[:i] + fitting[i + 1:]), row(f, terms))) - s) / s
                              for i, (f, s, _) in enumerate(fitting))
        held_real = [(float(np.dot(c, row(f, terms))) - s) / s for f, s, _ in real["held"]]
        pairs = [(saving(c, terms, n, w) - s) / s for n, w, s, _ in held_pairs]
        independents = [(saving(c, terms, n, w) - s) / s for n, w, s, _ in independent_pairs]
        print(f"| {label} | {loo * 100:.1f}% | {signed(held_real)} | {signed(pairs)} | {signed(independents)} |")


if __name__ == "__main__":
    main()
