#!/usr/bin/env python3
"""Writes a one-module package of random function bodies for fitting what the type checker costs.

    python3 benchmarks/typecheck/generate_probes.py OUT_DIR [--functions 600] [--seed 7]

Each function holds one to four statements drawn from a grammar of the expressions Swift's
constraint solver is known to pay for unevenly: operator chains over literals, variables and
conversions (`Double(n)`), with and without a declared type; chains of closures with inferred
types; string interpolations; collection literals; ternaries. Bodies are timed with
`-debug-time-function-bodies` (benchmarks/typecheck/measure.py); the independent pairs'
generator is a different script and is never fitted.
"""
import argparse, os, random

OPERANDS = {
    "int": lambda r: str(r.randint(1, 9)),
    "float": lambda r: f"{r.randint(1, 9)}.{r.randint(1, 9)}",
    "ivar": lambda r: r.choice(["n", "m", "xs.count"]),
    "dvar": lambda r: r.choice(["w", "v"]),
    "conv": lambda r: f"Double({r.choice(['n', 'm', 'xs.count'])})",
    "conv2": lambda r: f"Double({r.choice(['n', 'm'])} * {r.randint(2, 5)})",
    "call": lambda r: f"abs({r.choice(['w', 'v'])})",
}


def chain(r, terms, kinds):
    out = OPERANDS[r.choice(kinds)](r)
    for _ in range(terms - 1):
        out += f" {r.choice(['+', '-', '*', '/'])} " + OPERANDS[r.choice(kinds)](r)
    return out


def statement(r, i):
    form = r.choice(["dchain", "dchain", "ichain", "annotated", "closures", "interp", "dict", "ternary", "mixed"])
    terms = r.randint(2, 8)
    if form == "dchain":
        kinds = r.choice([["dvar", "float"], ["dvar", "float", "int"], ["conv", "float", "int", "dvar"], ["conv2", "float", "dvar", "call"]])
        return f"let d{i} = {chain(r, terms, kinds)}", "Double"
    if form == "ichain":
        return f"let d{i} = {chain(r, terms, ['ivar', 'int'])}", "Int"
    if form == "annotated":
        return f"let d{i}: Double = {chain(r, terms, ['conv', 'float', 'int', 'dvar'])}", "Double"
    if form == "closures":
        steps = [".map { $0 * " + OPERANDS[r.choice(['int', 'ivar'])](r) + " }",
                 ".filter { $0 > " + OPERANDS['int'](r) + " || $0 < -" + OPERANDS['int'](r) + " }",
                 ".map { Double($0) * " + OPERANDS['float'](r) + " + w }",
                 ".sorted { $0 > $1 }",
                 ".enumerated().map { (offset, x) in x + offset * " + OPERANDS['int'](r) + " }"]
        picked = [r.choice(steps[:2] + steps[3:]) for _ in range(r.randint(1, 3))]
        tail = r.choice(["", ".map { Double($0) * " + OPERANDS['float'](r) + " + w }"])
        end = ".reduce(0, +)" if tail else ".count"
        return f"let d{i} = xs{''.join(picked)}{tail}{end}", "Double" if tail else "Int"
    if form == "interp":
        parts = " ".join("\\(" + chain(r, r.randint(1, 3), ["ivar", "int"]) + ")" for _ in range(r.randint(1, 4)))
        return f'let d{i} = "{parts}"', "String"
    if form == "dict":
        return (f"let d{i} = [" + ", ".join(f'"k{k}": {chain(r, r.randint(1, 3), ["dvar", "float", "int"])}'
                                             for k in range(r.randint(2, 6))) + "]"), "[String: Double]"
    if form == "ternary":
        return f"let d{i} = n > {r.randint(1, 9)} ? {chain(r, r.randint(1, 3), ['dvar', 'float'])} : {chain(r, r.randint(1, 3), ['dvar', 'float', 'int'])}", "Double"
    return f"let d{i} = {chain(r, terms, ['conv', 'float', 'int', 'dvar', 'call'])} + {chain(r, 2, ['float', 'dvar'])}", "Double"


ANCHORED = {
    "dvar": lambda r: r.choice(["w", "v"]),
    "float": OPERANDS["float"],
    "int": OPERANDS["int"],
    "conv": lambda r: f"Double({r.choice(['n', 'm'])})",
    "conv2": lambda r: f"Double({r.randint(2, 5)} * {r.choice(['n', 'm'])})",
    "opaque": lambda r: f"Double({r.choice(['xs.count', 'xs.first!', 'abs(n)', 'xs[0]'])})",
}


def anchored_statement(r, i):
    """A chain whose operands have declared types, or conversions of them (the one-module pairs'
    arithmetic), with now and then a conversion of an operand the solver must type first."""
    earlier = [f"d{k}" for k in range(i)]
    kinds = ["dvar", "float", "int", "conv", "conv2"] + (["opaque"] if r.random() < 0.4 else [])
    terms = r.randint(2, 12)
    out = []
    for _ in range(terms):
        if earlier and r.random() < 0.2:
            out.append(r.choice(earlier))
        else:
            out.append(ANCHORED[r.choice(kinds)](r))
    text = out[0]
    for operand in out[1:]:
        text += f" {r.choice(['+', '-', '*', '/'])} {operand}"
    if r.random() < 0.2:
        text = f"{text} > {r.randint(1, 9)}.0 ? {text} : {out[0]} * {r.randint(2, 5)}"
    return f"let d{i} = {text}", "Double"


def function(r, index, family="mixed"):
    if family == "anchored":
        lines = [anchored_statement(r, i) for i in range(r.randint(1, 4))]
    else:
        lines = [statement(r, i) for i in range(r.randint(1, 4))]
    body = "\n".join("        " + text for text, _ in lines)
    uses = " + ".join(f"\"\\(d{i})\".count" for i in range(len(lines)))
    return f"""
    public func probe{index}(_ xs: [Int], n: Int, m: Int, w: Double, v: Double) -> Int {{
{body}
        return {uses}
    }}
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--functions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--family", choices=["mixed", "anchored"], default="mixed",
                        help="mixed: the grammar above (the shipped fit's probes); anchored: chains of declared operands")
    args = parser.parse_args()
    r = random.Random(args.seed)
    sources = os.path.join(args.out, "Sources", "Probes")
    os.makedirs(sources, exist_ok=True)
    with open(os.path.join(args.out, "Package.swift"), "w") as handle:
        handle.write('// swift-tools-version:5.9\nimport PackageDescription\n\n'
                     'let package = Package(name: "Probes", targets: [.target(name: "Probes")])\n')
    per_file = 20
    for f in range(0, args.functions, per_file):
        body = "".join(function(r, i, args.family) for i in range(f, min(f + per_file, args.functions)))
        with open(os.path.join(sources, f"Probes{f // per_file}.swift"), "w") as handle:
            handle.write(f"public struct Probes{f // per_file} {{\n    public init() {{}}\n{body}}}\n")


if __name__ == "__main__":
    main()
