#!/usr/bin/env python3
"""Compares cost-model forms: leave-one-out on the fitting builds, and held-out errors on the real
builds, the calibrator's held-out pairs and the independent pairs (never fitted).

    python3 benchmarks/independent/compare_forms.py --features .build/debug/firebreak-file-features \
        --real REAL_MEASUREMENTS.json --calibration-packages DIR --independent DIR \
        --records NAIVE_S FIREWALLED_S --inference NAIVE_S FIREWALLED_S

REAL_MEASUREMENTS.json and its checkouts come from benchmarks/costfit/measure_real.py; DIR of
calibration packages from `firebreak calibrate --generate DIR`; the independent pairs and their
median seconds from run.py. Extra terms come from firebreak-file-features' `expression` object:
functions (bodies), roots (outermost expressions a statement holds), and the sum of each root's
squared token count (expression size, which the type checker's solver pays more than linearly).
With --typecheck COEFFICIENTS (benchmarks/typecheck/fit_bodies.py --save), `tc`: the build's
predicted seconds of type-checking function bodies.
"""
import glob, json, os, statistics, subprocess, sys
import argparse
import numpy as np
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from nnls import nnls  # noqa: E402
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--features", required=True)
parser.add_argument("--real", required=True)
parser.add_argument("--calibration-packages", required=True)
parser.add_argument("--independent", required=True)
parser.add_argument("--records", type=float, nargs=2, required=True, metavar=("NAIVE", "FIREWALLED"))
parser.add_argument("--inference", type=float, nargs=2, required=True, metavar=("NAIVE", "FIREWALLED"))
parser.add_argument("--typecheck", help="coefficients from benchmarks/typecheck/fit_bodies.py --save: adds the `tc` term")
args = parser.parse_args()
sys.path.insert(0, os.path.join(HERE, "..", "typecheck"))
from bodies import read_bodies, predicted_ms  # noqa: E402
TC = json.load(open(args.typecheck)) if args.typecheck else None
tc_cache = {}
def tc_seconds(files):
    todo = [os.path.realpath(f) for f in files if os.path.realpath(f) not in tc_cache]
    per_file = {}
    for path, body in read_bodies(TOOL, todo):
        per_file.setdefault(path, []).append(body)
    for path in todo:
        tc_cache[path] = predicted_ms(TC, per_file.get(path, [])) / 1000
    return sum(tc_cache[os.path.realpath(f)] for f in files)
TOOL = os.path.abspath(args.features)
cache = {}
def feats(files):
    todo = [f for f in files if f not in cache]
    for i in range(0, len(todo), 400):
        out = subprocess.run([TOOL] + todo[i:i+400], capture_output=True, text=True, check=True).stdout
        for e in map(json.loads, out.splitlines()):
            cache[os.path.realpath(e["path"])] = e
    return [cache[os.path.realpath(f)] for f in files]
def summarize(entries, modules, framework):
    s = {"files": len(entries), "modules": modules, "frameworkLoad": framework,
         "tc": tc_seconds([e["path"] for e in entries]) if TC else 0}
    for k in ("tokens", "closures", "complexity", "lines"):
        s[k] = sum(e[k] for e in entries)
    for k in ("roots", "rootTokens", "squared", "functions"):
        s[k] = sum(e["expression"][k] for e in entries)
    return s
builds = []
real = json.load(open(args.real))["measurements"]
realb = []
for m in real:
    files = [os.path.join(m["checkout"], f) for mod in m["modules"].values() for f in mod]
    es = feats(files)
    loads = 0
    for mod, paths in m["modules"].items():
        l = False
        for p, e in zip(paths, feats([os.path.join(m["checkout"], p) for p in paths])):
            l = l or any(n not in m["modules"] for n in e["frameworkImports"])
        loads += l
    realb.append({"name": f"{m['package'].split('/')[1]}:{m['target']}", "kind": "real", "f": summarize(es, len(m["modules"]), min(loads, 1)), "s": statistics.median(m["seconds"])})
realb.sort(key=lambda b: b["name"].lower())
held_real = {b["name"] for b in realb[2::5]}
ref = json.load(open(os.path.join(HERE, "..", "calibration", "reference.json")))
INFRA = {"Networking", "Persistence", "Analytics"}
def gen_files(d, shape):
    out = []
    for mod in sorted(os.listdir(d + "/Sources")):
        if mod == "App" or (shape == "firewalled" and mod in INFRA): continue
        out += sorted(glob.glob(f"{d}/Sources/{mod}/*.swift"))
    return out
def gen(name):
    shape = name.rsplit("-", 1)[1]
    fs = gen_files(os.path.join(args.calibration_packages, name), shape)
    mods = len({f.split("/Sources/")[1].split("/")[0] for f in fs})
    return summarize(feats(fs), mods, 0)
fitting = [b for b in realb if b["name"] not in held_real]
for m in ref["measurements"]:
    fitting.append({"name": m["name"], "kind": "gen", "f": gen(m["name"]), "s": statistics.median(m["seconds"])})
heldpairs = []
for p in ref["heldOut"]:
    heldpairs.append((p["name"], gen(p["name"] + "-naive"), gen(p["name"] + "-firewalled"),
                      statistics.median(p["naive"]["seconds"]), statistics.median(p["firewalled"]["seconds"])))
def indie(d, shape):
    fs = []
    for mod in sorted(os.listdir(d + "/Sources")):
        if mod == "Main" or (shape == "firewalled" and mod in {"Transport", "Store", "Telemetry"}): continue
        fs += sorted(glob.glob(f"{d}/Sources/{mod}/*.swift"))
    return summarize(feats(fs), len({f.split('/Sources/')[1].split('/')[0] for f in fs}), 0)
indies = [("records", indie(os.path.join(args.independent, "records", "naive"), "naive"), indie(os.path.join(args.independent, "records", "firewalled"), "firewalled"), *args.records),
          ("inference", indie(os.path.join(args.independent, "inference", "naive"), "naive"), indie(os.path.join(args.independent, "inference", "firewalled"), "firewalled"), *args.inference)]
V = {"files": lambda f: f["files"], "kt": lambda f: f["tokens"]/1000, "kcl": lambda f: f["closures"]/1000,
     "kother": lambda f: (f["complexity"]-f["closures"])/1000, "fw": lambda f: f["frameworkLoad"],
     "kroots": lambda f: f["roots"]/1000, "krt": lambda f: f["rootTokens"]/1000, "ksq": lambda f: f["squared"]/100000,
     "kfn": lambda f: f["functions"]/1000, "tc": lambda f: f["tc"], "kntok": lambda f: (f["tokens"]-f["rootTokens"])/1000, "modules": lambda f: f["modules"]}
def row(f, terms): return [1.0] + [V[t](f) for t in terms]
def fit(terms, bs): return nnls([row(b["f"], terms) for b in bs], [b["s"] for b in bs])
def est(c, f, terms): return float(np.dot(c, row(f, terms)))
FORMS = {
 "tc+fn": ["files","kfn","tc","fw"],
 "tc+fn+kt": ["files","kfn","kt","tc","fw"],
 "tc+fn+mod": ["files","kfn","tc","fw","modules"],
 "tc+ntok": ["files","kntok","tc","fw"],
 "tc+ntok+other": ["files","kntok","tc","kother","fw"],
 "tc+ntok+fn": ["files","kntok","kfn","tc","fw"],
 "tc+ntok+mod": ["files","kntok","tc","fw","modules"],
 "tc": ["files","kt","tc","fw"],
 "tc+cl": ["files","kt","tc","kcl","fw"],
 "tc only": ["files","tc","fw"],
 "fn": ["files","kfn","kcl","fw"],
 "fn+sq": ["files","kfn","kcl","fw","ksq"],
 "fn+roots+sq": ["files","kfn","kroots","kcl","fw","ksq"],
 "fn+kt+sq": ["files","kfn","kt","fw","ksq"],
 "fn+kt+sq+cl": ["files","kfn","kt","kcl","fw","ksq"],
 "chosen": ["files","kt","kcl","kother","fw"],
 "+sq": ["files","kt","kcl","kother","fw","ksq"],
 "+fn": ["files","kt","kcl","kother","fw","kfn"],
 "+sq+fn": ["files","kt","kcl","kother","fw","ksq","kfn"],
 "roots split": ["files","kntok","krt","kcl","fw","ksq","kroots"],
 "sq only": ["files","kt","fw","ksq"],
 "sq+cl": ["files","kt","kcl","fw","ksq"],
}
for label, terms in FORMS.items():
    errs = []
    for i, b in enumerate(fitting):
        c = fit(terms, fitting[:i]+fitting[i+1:]); errs.append(abs(est(c,b["f"],terms)-b["s"])/b["s"])
    c = fit(terms, fitting)
    hr = [ (est(c,b["f"],terms)-b["s"])/b["s"] for b in realb if b["name"] in held_real]
    hp = [ ((est(c,n,terms)-est(c,w,terms)) - (sn-sw))/(sn-sw) for _,n,w,sn,sw in heldpairs]
    ip = [ ((est(c,n,terms)-est(c,w,terms)) - (sn-sw))/(sn-sw) for _,n,w,sn,sw in indies]
    print(f"{label:12s} loo {statistics.mean(errs)*100:5.1f}%  coef " + " ".join(f"{v:.4g}" for v in c))
    print("   held real " + " ".join(f"{e*100:+.0f}%" for e in hr) + " | held pairs " + " ".join(f"{e*100:+.0f}%" for e in hp) + " | indie " + " ".join(f"{e*100:+.0f}%" for e in ip))
for name, n, w, sn, sw in indies + [(h[0],)+h[1:] for h in heldpairs]:
    print(name, {k: n[k]-w[k] for k in ("tokens","closures","roots","rootTokens","squared","functions","files")}, round(sn-sw,2))
