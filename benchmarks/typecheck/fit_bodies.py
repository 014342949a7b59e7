#!/usr/bin/env python3
"""Fits a function body's type-checking milliseconds from its syntax, and checks it on held-out code.

    python3 benchmarks/typecheck/fit_bodies.py --features BIN --fit LOG... --check LOG... [--with TERM...]

LOGs are `swift build -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies` outputs. A body
costs `perToken × tokens + Σ over its outermost expressions of exp(b · x)`, where x holds the
expression's operators, literals, conversions, closures and the like: the constraint solver's
work grows with the choices an expression leaves open, not with its length.
"""
import argparse, json, math, os, sys
import numpy as np
from scipy.optimize import least_squares
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bodies import joined  # noqa: E402

ROOT_TERMS = ["operators", "integers", "floats", "typeCalls", "calls", "closures", "elements", "ternaries",
              "interpolations", "members", "implicitMembers"]
# Tried beside them (`--with`), not shipped: benchmarks/results/2026-11-24-type-check-*.md say what they did.
DERIVED = {
    # An operator count scaled by a trait of its expression: a conversion of a solved argument in it,
    # a closure in it, the share of its operands that are literals rather than declared values.
    "operatorsWithOpaque": lambda r: r["operators"] * (r["opaqueConversions"] > 0),
    "operatorsWithClosures": lambda r: r["operators"] * (r["closures"] > 0),
    "operatorsByLiteralShare": lambda r: r["operators"] * (r["integers"] + r["floats"])
    / (r["integers"] + r["floats"] + r["identifiers"] + 1),
}
EXTRA_TERMS = ["opaqueConversions", "identifiers"] + list(DERIVED)


def root_matrix(bodies):
    rows, owner = [], []
    for index, body in enumerate(bodies):
        for root in body["roots"]:
            rows.append([DERIVED[t](root) if t in DERIVED else root[t] for t in ROOT_TERMS] + [root["tokens"] / 10])
            owner.append(index)
    return np.array(rows, dtype=float), np.array(owner)


def predict(params, bodies, roots, owner):
    per_token, base, log_cap, b = params[0], params[1], params[2], params[3:]
    tokens = np.array([body["tokens"] for body in bodies], dtype=float)
    raw = np.exp(np.minimum(base + roots @ b, 30))
    cap = math.exp(log_cap)
    each = raw * cap / (raw + cap)  # no expression costs more than `cap` ms: the solver gives up
    sums = np.bincount(owner, weights=each, minlength=len(bodies))
    return per_token * tokens + sums


def fit(bodies, ms, groups, weight):
    """Least squares on each body's log time, plus each module's log total weighed by `weight`."""
    roots, owner = root_matrix(bodies)
    group_ids = sorted(set(groups))
    index = np.array([group_ids.index(g) for g in groups])
    measured_totals = np.bincount(index, weights=ms)
    start = np.concatenate([[0.005, -3.0, 4.0], np.zeros(roots.shape[1])])
    def residual(params):
        predicted = predict(params, bodies, roots, owner)
        totals = np.bincount(index, weights=predicted)
        return np.concatenate([np.log1p(predicted * 10) - np.log1p(ms * 10),
                               weight * (np.log(totals) - np.log(measured_totals))])
    lower = np.concatenate([[0, -20, 0], np.full(roots.shape[1], -1.0)])
    upper = np.concatenate([[1, 5, 10], np.full(roots.shape[1], 3.0)])
    return least_squares(residual, start, bounds=(lower, upper)).x


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--features", required=True)
    parser.add_argument("--fit", nargs="+", required=True)
    parser.add_argument("--check", nargs="*", default=[])
    parser.add_argument("--weight", type=float, default=20)
    parser.add_argument("--save", help="write the coefficients to this JSON file")
    parser.add_argument("--with", dest="extra", nargs="*", default=[], choices=EXTRA_TERMS,
                        help="experimental root terms to fit beside the shipped ones")
    args = parser.parse_args()
    ROOT_TERMS.extend(args.extra)
    data, groups = [], []
    for log in args.fit:
        part = joined(args.features, [log])
        data += part
        groups += [log] * len(part)
    bodies = [b for b, _ in data]
    ms = np.array([m for _, m in data])
    params = fit(bodies, ms, groups, args.weight)
    print(f"fitted on {len(bodies)} bodies, {ms.sum() / 1000:.2f} s measured")
    print("perToken", round(params[0], 5), "base", round(params[1], 3), "cap", round(math.exp(params[2]), 1), "ms")
    for name, value in zip(ROOT_TERMS + ["tokens/10"], params[3:]):
        print(f"  {name:16s} {value:+.3f}")
    if args.save:
        with open(args.save, "w") as handle:
            json.dump({"perToken": params[0], "base": params[1], "cap": math.exp(params[2]),
                       "root": dict(zip(ROOT_TERMS + ["tokens/10"], params[3:].tolist()))}, handle, indent=1, sort_keys=True)
    roots, owner = root_matrix(bodies)
    total = predict(params, bodies, roots, owner).sum()
    print(f"fit total: measured {ms.sum() / 1000:.2f} s, predicted {total / 1000:.2f} s")
    for log in args.check + args.fit:
        part = joined(args.features, [log])
        if not part:
            continue
        pb = [b for b, _ in part]
        pm = np.array([m for _, m in part])
        r, o = root_matrix(pb)
        p = predict(params, pb, r, o) if len(r) else params[0] * np.array([b["tokens"] for b in pb])
        tag = "check" if log in args.check else "fit  "
        print(f"{tag} {os.path.basename(log):50s} bodies {len(pb):5d} measured {pm.sum() / 1000:7.2f} s "
              f"predicted {p.sum() / 1000:7.2f} s  ({(p.sum() - pm.sum()) / pm.sum() * 100:+.0f}%)")


if __name__ == "__main__":
    main()
