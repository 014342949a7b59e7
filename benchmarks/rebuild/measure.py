#!/usr/bin/env python3
"""Times incremental rebuilds of the generated single-module packages after interface edits.

    benchmarks/rebuild/measure.py PACKAGE_DIR... [--runs 3] [--out FILE] [--swift swift]

For each package: a cold `swift build` (timed, not used by the rebuild fit), then three no-op
builds (the median is the baseline every rebuild is measured net of), then for each edit, --runs
times: edit the file, `swift build -v`, time it, and read which files the driver compiled (the
distinct `-primary-file` paths of the App module's frontend jobs). Edits:

- `interface:TYPE`: a new method in TYPE's class body (a new member: its interface changes);
- `body:APIClient`: a changed literal inside a method body (the interface does not change).

Each run makes a new edit, so every build has something to do. Results go to --out as JSON,
appended to what is there (a package already measured is skipped). Nothing else should run on
the machine meanwhile.
"""
import argparse, json, os, re, statistics, subprocess, sys, time

EDITS = ["interface:APIClient", "interface:Database", "interface:Tracker", "body:APIClient"]
MARKER = "    // firebreak-benchmark: interface edits go above this line\n"

# `swift build -v` prints paths unquoted, spaces included: a primary file runs to the `.swift`
# that ends a word (`\S+` cut "Parsable Properties/Flag.swift" to "Parsable").
PRIMARY_FILE = re.compile(r"-primary-file (.+?\.swift)(?=\s|$)")


def build(directory, swift, verbose=False):
    command = [swift, "build"] + (["-v"] if verbose else [])
    start = time.monotonic()
    result = subprocess.run(command, cwd=directory, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    if result.returncode != 0:
        sys.exit(f"{directory}: swift build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return elapsed, result.stdout + result.stderr


def compiled_files(log, directory):
    """Distinct primary files of the App module's frontend jobs."""
    app = os.path.join(os.path.realpath(directory), "Sources", "App") + "/"
    files = set()
    for line in log.splitlines():
        if "-frontend" not in line or "-primary-file" not in line:
            continue
        for match in PRIMARY_FILE.finditer(line):
            path = os.path.realpath(match.group(1))
            if path.startswith(app):
                files.add(os.path.relpath(path, os.path.realpath(directory)))
    return sorted(files)


def edit(directory, kind, counter):
    # An edit in the same wall-clock second as the build before it is sometimes not seen: the
    # build then links and compiles nothing, and the next build does its work. Editing in the
    # next second makes every edit count (measured: 3 of 6 quick edits in a row were missed).
    time.sleep(1.05 - time.time() % 1)
    what, type_name = kind.split(":")
    path = os.path.join(directory, "Sources", "App", "Infrastructure", f"{type_name}.swift")
    with open(path) as handle:
        text = handle.read()
    if what == "interface":
        text = text.replace(MARKER, f"    func addedMember{counter}() -> Int {{ {counter} }}\n" + MARKER)
    else:
        text = re.sub(r"let salt = \d+", f"let salt = {counter}", text)
    with open(path, "w") as handle:
        handle.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("packages", nargs="+")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", default="/tmp/firebreak-rebuild/measurements.json")
    parser.add_argument("--swift", default="swift")
    args = parser.parse_args()
    results = []
    if os.path.exists(args.out):
        with open(args.out) as handle:
            results = json.load(handle)["measurements"]
    done = {m["package"] for m in results}
    for directory in args.packages:
        name = os.path.basename(os.path.normpath(directory))
        if name in done:
            continue
        subprocess.run(["rm", "-rf", os.path.join(directory, ".build")], check=True)
        cold, _ = build(directory, args.swift)
        noops = [build(directory, args.swift)[0] for _ in range(3)]
        noop = statistics.median(noops)
        print(f"{name}: cold {cold:.2f} s, no-op {noop:.2f} s", file=sys.stderr, flush=True)
        counter = 1
        edits = []
        for kind in EDITS:
            runs = []
            for _ in range(args.runs):
                edit(directory, kind, counter)
                counter += 1
                elapsed, log = build(directory, args.swift, verbose=True)
                files = compiled_files(log, directory)
                runs.append({"seconds": round(elapsed, 3), "net": round(elapsed - noop, 3), "files": files})
                print(f"{name} {kind}: {elapsed:.2f} s ({elapsed - noop:.2f} net), {len(files)} files",
                      file=sys.stderr, flush=True)
            edits.append({"edit": kind, "runs": runs})
        results.append({"package": name, "directory": os.path.realpath(directory), "coldSeconds": round(cold, 3),
                        "noopSeconds": [round(n, 3) for n in noops], "edits": edits})
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out + ".tmp", "w") as handle:
            json.dump({"measurements": results}, handle, indent=1, sort_keys=True)
        os.replace(args.out + ".tmp", args.out)


if __name__ == "__main__":
    main()
