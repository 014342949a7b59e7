#!/usr/bin/env python3
"""Fits the cold-build cost model on real packages and generated pairs, and checks it on held-out ones.

    benchmarks/costfit/fit.py --real real-measurements.json --generated calibration.json \
        --firebreak .build/release/firebreak --features .build/release/firebreak-file-features \
        [--write-measurements FILE] [--write-calibration FILE] [--markdown FILE]

1. Prices every measured build the way `analyze` does (BuildFeatures): files, tokens, closures, the
   rest of the complexity, and modules with a file importing a framework other than the standard
   library and libc (Foundation, …). Real builds: the files of every Swift module the build
   compiled (recorded by measure_real.py), through firebreak-file-features. Generated pairs:
   `firebreak calibrate --generate` writes the packages again (the generator is deterministic) and
   `firebreak analyze` gives the first Feature view's `build` and `firewalledBuild`.
2. Holds out, by a rule fixed before any result was seen, every fifth real module in name order
   (starting with the third) and the four pairs `calibrate --validate` holds out.
3. Fits overhead + per file + per 1,000 tokens outside function bodies + per second of estimated
   body type-checking + a framework load once per build that imports a framework (model 5), every
   coefficient >= 0, on the rest; prints the leave-one-out error of that form and of others (model 4:
   tokens outside expressions instead), for the record.
4. Prints every held-out error: seconds of each held-out real build, and the saving of each
   held-out generated pair (naive build minus firewalled build, measured, against the estimate
   from the naive package alone).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from nnls import nnls  # noqa: E402

FORMS = {
    "model 2 terms (files, tokens, complexity)": ["files", "ktokens", "kcomplexity"],
    "model 3: files, tokens, closures, other complexity, framework load once per build": ["files", "ktokens", "kclosures", "kother", "frameworkLoad"],
    "files, tokens, type-checking, framework load": ["files", "ktokens", "typeCheck", "frameworkLoad"],
    "model 4: files, tokens outside expressions, type-checking, framework load": ["files", "kdeclaration", "typeCheck", "frameworkLoad"],
    "model 4 + closures": ["files", "kdeclaration", "typeCheck", "kclosures", "frameworkLoad"],
    "chosen (model 5): files, tokens outside bodies, type-checking, framework load": ["files", "ksignature", "typeCheck", "frameworkLoad"],
    "chosen + tokens outside expressions": ["files", "ksignature", "kdeclaration", "typeCheck", "frameworkLoad"],
    "chosen + closures": ["files", "ksignature", "typeCheck", "kclosures", "frameworkLoad"],
    "chosen + per module": ["files", "ksignature", "typeCheck", "frameworkLoad", "modules"],
}
CHOSEN = "chosen (model 5): files, tokens outside bodies, type-checking, framework load"
VALUES = {
    "files": lambda f: f["files"], "ktokens": lambda f: f["tokens"] / 1000, "kcomplexity": lambda f: f["complexity"] / 1000,
    "kclosures": lambda f: f["closures"] / 1000, "kother": lambda f: (f["complexity"] - f["closures"]) / 1000,
    "frameworkModules": lambda f: f["frameworkModules"], "frameworkLoad": lambda f: min(f["frameworkModules"], 1),
    "modules": lambda f: f["modules"], "kdeclaration": lambda f: (f["tokens"] - f["expressionTokens"]) / 1000,
    "typeCheck": lambda f: f["typeCheckSeconds"], "ksignature": lambda f: (f["tokens"] - f["bodyTokens"]) / 1000,
}
SWIFT_NAMES = {"files": "perFile", "ktokens": "perThousandTokens", "kclosures": "perThousandClosures",
               "kother": "perThousandComplexity", "frameworkModules": "perFrameworkModule", "frameworkLoad": "frameworkLoad", "modules": "perModule",
               "kcomplexity": "perThousandComplexity", "kdeclaration": "perThousandDeclarationTokens",
               "typeCheck": "perTypeCheckSecond", "ksignature": "perThousandSignatureTokens"}


def row(features, terms):
    return [1.0] + [VALUES[t](features) for t in terms]


def real_builds(path, tool):
    builds = []
    for m in json.load(open(path))["measurements"]:
        files = [os.path.join(m["checkout"], f) for module in m["modules"].values() for f in module]
        out = subprocess.run([tool] + files, capture_output=True, text=True, check=True).stdout
        known = {e["path"]: e for e in map(json.loads, out.splitlines())}
        features = {"modules": len(m["modules"]), "files": 0, "lines": 0, "tokens": 0, "complexity": 0, "closures": 0,
                    "frameworkModules": 0, "expressionTokens": 0, "typeCheckSeconds": 0, "bodyTokens": 0, "measuredFiles": 0, "measuredSeconds": 0}
        for module, paths in m["modules"].items():
            loads = False
            for relative in paths:
                entry = known[os.path.realpath(os.path.join(m["checkout"], relative))]
                features["files"] += 1
                for key in ("lines", "tokens", "complexity", "closures", "expressionTokens", "typeCheckSeconds", "bodyTokens"):
                    features[key] += entry[key]
                loads = loads or any(name not in m["modules"] for name in entry["frameworkImports"])
            features["frameworkModules"] += loads
        builds.append({"name": f"{m['package'].split('/')[1]}:{m['target']}", "kind": "real", "features": features,
                       "seconds": statistics.median(m["seconds"]), "runs": m["seconds"], "cModules": m["cModules"]})
    return sorted(builds, key=lambda b: b["name"].lower())


def generated_features(firebreak, work):
    subprocess.run([firebreak, "calibrate", "--generate", work], check=True, capture_output=True)
    features = {}
    for name in sorted(os.listdir(work)):
        report = json.loads(subprocess.run([firebreak, "analyze", ".", "--format", "json", "--no-cache"],
                                           cwd=os.path.join(work, name), capture_output=True, text=True, check=True).stdout)
        views = sorted((v for v in report["views"] if v["module"] == "Feature"), key=lambda v: v["name"])
        features[name] = {"build": views[0]["build"], "firewalledBuild": views[0]["firewalledBuild"]}
    return features


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--real", required=True)
    parser.add_argument("--generated", required=True)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--features", required=True)
    parser.add_argument("--write-measurements")
    parser.add_argument("--write-calibration")
    parser.add_argument("--markdown")
    args = parser.parse_args()
    firebreak, tool = os.path.abspath(args.firebreak), os.path.abspath(args.features)

    real = real_builds(args.real, tool)
    held_real = {b["name"] for b in real[2::5]}
    recorded = json.load(open(args.generated))
    with tempfile.TemporaryDirectory() as work:
        generated = generated_features(firebreak, work)
    fitting = [b for b in real if b["name"] not in held_real]
    for m in recorded["measurements"]:
        fitting.append({"name": m["name"], "kind": "generated", "features": generated[m["name"]]["build"],
                        "seconds": statistics.median(m["seconds"]), "runs": m["seconds"]})

    def fit(terms, builds):
        return nnls([row(b["features"], terms) for b in builds], [b["seconds"] for b in builds])

    def loo(terms):
        errors = []
        for i, b in enumerate(fitting):
            c = fit(terms, fitting[:i] + fitting[i + 1:])
            errors.append(abs(float(np.dot(c, row(b["features"], terms))) - b["seconds"]) / b["seconds"])
        return statistics.mean(errors)

    lines = []
    lines.append("| form | leave-one-out mean error |")
    lines.append("|---|---:|")
    for label, terms in FORMS.items():
        lines.append(f"| {label} | {loo(terms) * 100:.1f}% |")
    terms = FORMS[CHOSEN]
    c = fit(terms, fitting)
    predictions = [float(np.dot(c, row(b["features"], terms))) for b in fitting]
    targets = [b["seconds"] for b in fitting]
    mean = statistics.mean(targets)
    r2 = 1 - sum((p - t) ** 2 for p, t in zip(predictions, targets)) / sum((t - mean) ** 2 for t in targets)
    mre = statistics.mean(abs(p - t) / t for p, t in zip(predictions, targets))
    coefficients = {"overhead": float(c[0])} | {SWIFT_NAMES[t]: float(v) for t, v in zip(terms, c[1:])}
    lines.append("")
    lines.append(f"Fit on {len(fitting)} builds ({sum(b['kind'] == 'real' for b in fitting)} real, "
                 f"{sum(b['kind'] == 'generated' for b in fitting)} generated): "
                 + ", ".join(f"{k} {v:.4g}" for k, v in coefficients.items()) + f"; R² {r2:.3f}, mean error {mre * 100:.1f}%.")
    lines.append("")
    lines.append("| held-out build | modules | framework modules | files | tokens | closures | measured | estimated | error |")
    lines.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    held = []
    for b in real:
        if b["name"] in held_real:
            f = b["features"]
            estimate = float(np.dot(c, row(f, terms)))
            error = (estimate - b["seconds"]) / b["seconds"]
            held.append(abs(error))
            lines.append(f"| {b['name']} (real) | {f['modules']} | {f['frameworkModules']} | {f['files']} | {f['tokens']:,} "
                         f"| {f['closures']:,} | {b['seconds']:.2f} s | {estimate:.2f} s | {error * 100:+.1f}% |")
    lines.append("")
    lines.append("| held-out pair | naive build | firewalled build | measured saving | estimated saving | error |")
    lines.append("|---|---:|---:|---:|---:|---:|")
    for pair in recorded.get("heldOut", []):
        naive, firewalled = statistics.median(pair["naive"]["seconds"]), statistics.median(pair["firewalled"]["seconds"])
        g = generated[pair["name"] + "-naive"]
        estimate = float(np.dot(c, row(g["build"], terms)) - np.dot(c, row(g["firewalledBuild"], terms)))
        measured = naive - firewalled
        error = (estimate - measured) / measured
        held.append(abs(error))
        lines.append(f"| {pair['name']} (generated) | {naive:.2f} s | {firewalled:.2f} s | {measured:.2f} s | {estimate:.2f} s | {error * 100:+.1f}% |")
    lines.append("")
    lines.append(f"Held out: mean |error| {statistics.mean(held) * 100:.1f}%, largest {max(held) * 100:.1f}%.")
    lines.append("")
    lines.append("| fitting build | kind | modules | framework modules | files | tokens | closures | measured (runs) | fitted |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---|---:|")
    for b, p in zip(fitting, predictions):
        f = b["features"]
        runs = ", ".join(f"{s:.2f}" for s in b["runs"])
        lines.append(f"| {b['name']} | {b['kind']} | {f['modules']} | {f['frameworkModules']} | {f['files']} | {f['tokens']:,} "
                     f"| {f['closures']:,} | {runs} | {p:.2f} s |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        open(args.markdown, "w").write(text)
    if args.write_measurements:
        strip = lambda b: {k: v for k, v in b.items() if k != "cModules"}
        json.dump({"coefficients": coefficients, "rSquared": r2, "meanRelativeError": mre,
                   "fitting": [strip(b) for b in fitting], "heldOutReal": [strip(b) for b in real if b["name"] in held_real]},
                  open(args.write_measurements, "w"), indent=1, sort_keys=True)
    if args.write_calibration:
        # The generated pairs as a calibration file with today's features, for
        # `firebreak calibrate --from-measurements` (a fit on generated code alone, like a user's).
        out = dict(recorded)
        out["schemaVersion"] = 4
        for m in out["measurements"]:
            m["features"] = generated[m["name"]]["build"]
        for pair in out.get("heldOut", []):
            pair["naive"]["features"] = generated[pair["name"] + "-naive"]["build"]
            pair["firewalled"]["features"] = generated[pair["name"] + "-firewalled"]["build"]
            pair["estimatedFirewalled"] = generated[pair["name"] + "-naive"]["firewalledBuild"]
        json.dump(out, open(args.write_calibration, "w"), indent=2, sort_keys=True)


if __name__ == "__main__":
    main()
