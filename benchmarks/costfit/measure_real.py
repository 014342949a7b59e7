#!/usr/bin/env python3
"""Times cold debug builds of modules of real Swift packages (the ones this machine mirrors).

    benchmarks/costfit/measure_real.py [--runs 2] [--work DIR] [--out FILE] [--only NAME,...]

For every (package, target) below: clone the package at its version from the local mirror into
DIR (outside the repository: their code is never committed), resolve it once, then --runs times
remove the build products (the resolved checkouts stay, so no clone is timed) and time
`swift build --target TARGET`. What was compiled is read from the build folder: every Swift
module's output-file-map.json lists its source files, so a measurement records the modules and
files of the whole cold build (the target and every module it needs). Features (files, tokens,
complexity) are added later by fit.py, which runs firebreak on those files.

Nothing else should run on the machine meanwhile: builds are timed by the wall clock.
"""
import argparse, json, os, shutil, subprocess, sys, time

MIRROR = "/opt/swift-packages"

# (owner/name, version, [targets]): Swift-only modules of varied size and style, 10 to 30 k lines.
PACKAGES = [
    ("apple/swift-log", "1.16.2", ["Logging"]),
    ("apple/swift-metrics", "2.13.0", ["CoreMetrics", "Metrics"]),
    ("apple/swift-service-context", "1.5.1", ["ServiceContextModule"]),
    ("apple/swift-http-types", "1.8.0", ["HTTPTypes"]),
    ("apple/swift-numerics", "1.1.1", ["RealModule", "ComplexModule"]),
    ("apple/swift-algorithms", "1.2.1", ["Algorithms"]),
    ("apple/swift-argument-parser", "1.8.2", ["ArgumentParserToolInfo", "ArgumentParser"]),
    ("apple/swift-collections", "1.6.0", ["InternalCollectionsUtilities", "DequeModule", "HeapModule",
                                          "OrderedCollections", "BitCollections"]),
    ("attaswift/BigInt", "6.0.1", ["BigInt"]),
    ("JohnSundell/Plot", "0.14.0", ["Plot"]),
    ("JohnSundell/Ink", "0.6.0", ["Ink"]),
    ("kylef/PathKit", "1.0.1", ["PathKit"]),
    ("mxcl/Version", "2.2.1", ["Version"]),
    ("onevcat/Rainbow", "4.2.2", ["Rainbow"]),
    ("pointfreeco/swift-tagged", "0.10.0", ["Tagged"]),
    ("davecom/SwiftGraph", "4.0.0", ["SwiftGraph"]),
    ("Swinject/Swinject", "2.10.0", ["Swinject"]),
    ("CoreOffice/XMLCoder", "0.18.2", ["XMLCoder"]),
    ("drmohundro/SWXMLHash", "8.1.1", ["SWXMLHash"]),
]


def run(command, cwd, log):
    with open(log, "ab") as handle:
        return subprocess.run(command, cwd=cwd, stdout=handle, stderr=subprocess.STDOUT).returncode


def triple_dirs(build):
    return [os.path.join(build, name) for name in os.listdir(build)
            if os.path.isdir(os.path.join(build, name)) and "-" in name and name not in ("checkouts", "repositories")]


def compiled_modules(checkout):
    """Swift modules of the last build, from each module's output-file-map.json."""
    modules = {}
    c_modules = []
    build = os.path.join(checkout, ".build")
    for triple in triple_dirs(build):
        debug = os.path.join(triple, "debug")
        if not os.path.isdir(debug):
            continue
        for entry in sorted(os.listdir(debug)):
            if not entry.endswith(".build"):
                continue
            module = entry[: -len(".build")]
            mapping = os.path.join(debug, entry, "output-file-map.json")
            objects = [n for n in os.listdir(os.path.join(debug, entry)) if n.endswith(".o")]
            if not objects:
                continue  # planned (every target gets a map) but not compiled
            if os.path.exists(mapping):
                with open(mapping) as handle:
                    files = sorted(k for k in json.load(handle) if k.endswith(".swift"))
                modules[module] = [os.path.relpath(f, checkout) for f in files]
            else:
                c_modules.append(module)
    return modules, sorted(c_modules)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--work", default="/tmp/firebreak-costfit/real")
    parser.add_argument("--out", default="/tmp/firebreak-costfit/real-measurements.json")
    parser.add_argument("--only", default="")
    parser.add_argument("--swift", default="swift")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    os.makedirs(args.work, exist_ok=True)
    results = []
    if os.path.exists(args.out):
        with open(args.out) as handle:
            results = json.load(handle)["measurements"]
    done = {(m["package"], m["target"]) for m in results}
    for repo, version, targets in PACKAGES:
        name = repo.split("/")[1]
        todo = [t for t in targets if (repo, t) not in done and (not only or t in only or name in only)]
        if not todo:
            continue
        checkout = os.path.join(args.work, name)
        log = os.path.join(args.work, name + ".log")
        if not os.path.isdir(checkout):
            subprocess.run(["git", "clone", "-q", "--branch", version, os.path.join(MIRROR, repo + ".git"), checkout],
                           check=True)
        if run([args.swift, "package", "resolve"], checkout, log) != 0:
            print(f"{repo}: resolve failed, see {log}", file=sys.stderr)
            continue
        for target in todo:
            seconds = []
            for index in range(args.runs):
                for triple in triple_dirs(os.path.join(checkout, ".build")):
                    shutil.rmtree(triple)
                for link in ("debug", "release"):
                    path = os.path.join(checkout, ".build", link)
                    if os.path.islink(path):
                        os.unlink(path)
                start = time.monotonic()
                status = run([args.swift, "build", "--target", target], checkout, log)
                elapsed = time.monotonic() - start
                if status != 0:
                    print(f"{repo} {target}: build failed, see {log}", file=sys.stderr)
                    break
                seconds.append(round(elapsed, 3))
                print(f"{repo} {target}: run {index + 1}: {elapsed:.2f} s", file=sys.stderr, flush=True)
            if len(seconds) != args.runs:
                continue
            modules, c_modules = compiled_modules(checkout)
            results.append({"package": repo, "version": version, "target": target, "checkout": checkout,
                            "seconds": seconds, "modules": modules, "cModules": c_modules})
            os.makedirs(os.path.dirname(args.out), exist_ok=True)
            with open(args.out + ".tmp", "w") as handle:
                json.dump({"measurements": results}, handle, indent=1, sort_keys=True)
            os.replace(args.out + ".tmp", args.out)


if __name__ == "__main__":
    main()
