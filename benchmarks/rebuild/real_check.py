#!/usr/bin/env python3
"""Checks the rebuild model's file sets on real packages: an interface edit of one type.

    benchmarks/rebuild/real_check.py --features .build/release/firebreak-file-features CHECKOUT TARGET TYPE [...]

Arguments come in threes. For each: `swift build --target TARGET`, a no-op build, then twice: add a
method to TYPE's declaration, rebuild with `-v`, and read the files of TARGET the driver compiled
(distinct `-primary-file` paths). Beside them, what `firebreak-file-features --rebuilt-by` says
the model recompiles (with --list, the files each side has alone). The checkouts are the ones measure_real.py cloned (outside this repository).
"""
import argparse, os, re, statistics, subprocess, sys, time

# `swift build -v` prints paths unquoted, spaces included: a primary file runs to the `.swift`
# that ends a word (`\S+` cut "Parsable Properties/Flag.swift" to "Parsable").
PRIMARY_FILE = re.compile(r"-primary-file (.+?\.swift)(?=\s|$)")


def build(checkout, target, verbose=False):
    start = time.monotonic()
    result = subprocess.run(["swift", "build", "--target", target] + (["-v"] if verbose else []), cwd=checkout,
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{checkout}: build failed\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return time.monotonic() - start, result.stdout + result.stderr


def declaration_file(checkout, target, type_name):
    pattern = re.compile(rf"^(\s*)(?:public |internal |package |@\w+ |final )*(?:struct|class|enum|actor) {re.escape(type_name)}\b[^{{]*\{{\s*$")
    for root, _, files in os.walk(os.path.join(checkout, "Sources", target)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                lines = open(path).read().split("\n")
                for index, line in enumerate(lines):
                    if pattern.match(line):
                        return path, index
    sys.exit(f"no declaration of {type_name} in {target}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--features", required=True)
    parser.add_argument("--list", action="store_true", help="also print the files each side has alone")
    parser.add_argument("cases", nargs="+")
    args = parser.parse_args()
    tool = os.path.abspath(args.features)
    print("| package | type | files measured | files estimated | error | estimated, not compiled | compiled, not estimated |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for checkout, target, type_name in zip(*[iter(args.cases)] * 3):
        checkout = os.path.abspath(checkout)
        module_dir = os.path.realpath(os.path.join(checkout, "Sources", target)) + "/"
        estimated = set(subprocess.run([tool, "--rebuilt-by", type_name, os.path.join(checkout, "Sources", target)],
                                       capture_output=True, text=True, check=True).stdout.split("\n")) - {""}
        estimated = {os.path.realpath(os.path.join(checkout, "Sources", target, p)) if not p.startswith("/") else os.path.realpath(p)
                     for p in estimated}
        build(checkout, target)
        build(checkout, target)
        path, index = declaration_file(checkout, target, type_name)
        original = open(path).read()
        counts, union = [], set()
        try:
            for run in range(2):
                lines = open(path).read().split("\n")
                lines.insert(index + 1, f"    func firebreakAdded{run}() -> Int {{ {run} }}")
                open(path, "w").write("\n".join(lines))
                _, log = build(checkout, target, verbose=True)
                files = {os.path.realpath(m.group(1)) for m in PRIMARY_FILE.finditer(log)}
                files = {f for f in files if f.startswith(module_dir)}
                counts.append(len(files))
                union |= files
        finally:
            open(path, "w").write(original)
        measured = statistics.median(counts)
        error = (len(estimated) - measured) / measured
        print(f"| {os.path.basename(checkout)} | {type_name} | {measured:g} | {len(estimated)} | {error * 100:+.1f}% "
              f"| {len(estimated - union)} | {len(union - estimated)} |", flush=True)
        if args.list:
            for label, alone in (("estimated, not compiled", estimated - union), ("compiled, not estimated", union - estimated)):
                for file in sorted(alone):
                    print(f"    {label}: {os.path.relpath(file, module_dir)}", flush=True)


if __name__ == "__main__":
    main()
