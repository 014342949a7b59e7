#!/usr/bin/env python3
"""Applies `firebreak fix` to generated packages and checks what issue 18 asks of it: the fixed
package compiles (`swift build` from a clean scratch folder), no singleton-access finding is left
in the features, no screen's closure reaches an infrastructure file, and a second `fix --apply`
changes nothing. Prints one row per package.

    run.py --firebreak .build/debug/firebreak [--seeds 1 2 3] [--screens 12] [--work /tmp/firebreak-fix]

Packages: benchmarks/fix/generate_fixable.py (single module; each seed picks other view-model
shapes), and the naive half of benchmarks/independent/generate_pair.py (several modules, a
generator written apart from fix).
"""
import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(command, cwd, check=False):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed in {cwd}:\n{result.stdout}\n{result.stderr}")
    return result


def tree_digest(root):
    digest = hashlib.sha256()
    for folder, dirs, files in sorted(os.walk(root)):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".build") and d != ".git")
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(folder, name)
                digest.update(path.encode())
                digest.update(open(path, "rb").read())
    return digest.hexdigest()


def check(name, root, firebreak, infrastructure_marker):
    fixed = run([firebreak, "fix", "--no-cache", "--apply"], root)
    summary = fixed.stdout.splitlines()[0] if fixed.stdout else fixed.stderr.strip()
    shutil.rmtree(os.path.join(root, ".build"), ignore_errors=True)
    build = run(["swift", "build"], root)
    lint = json.loads(run([firebreak, "lint", "--no-cache", "--format", "json"], root).stdout)
    left = [f for f in lint["findings"] if f["rule"] in ("singleton-access", "concrete-instantiation")]
    analysis = json.loads(run([firebreak, "analyze", "--no-cache", "--format", "json"], root).stdout)
    reaching = [v["name"] for v in analysis["views"] if any(infrastructure_marker(p) for p in v["closure"]["paths"])]
    before = tree_digest(root)
    again = run([firebreak, "fix", "--no-cache", "--apply"], root)
    idempotent = again.stdout.strip() == "firebreak fix: nothing to fix" and tree_digest(root) == before
    print(f"| {name} | {summary.replace('firebreak fix: ', '')} | {'yes' if build.returncode == 0 else 'NO'} | "
          f"{len(left)} | {len(reaching)} of {len(analysis['views'])} | {'yes' if idempotent else 'NO'} |")
    if build.returncode != 0:
        print(build.stdout[-3000:], build.stderr[-2000:], file=sys.stderr)
    return build.returncode == 0 and not left and not reaching and idempotent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--screens", type=int, default=12)
    parser.add_argument("--work", default="/tmp/firebreak-fix")
    args = parser.parse_args()
    firebreak = os.path.abspath(args.firebreak)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    print("| package | fix --apply | compiles | singleton/instantiation findings left | views reaching infrastructure | second --apply a no-op |")
    print("|---|---|---|---:|---:|---|")
    ok = True
    for seed in args.seeds:
        root = os.path.join(args.work, f"single-{seed}")
        run([sys.executable, os.path.join(HERE, "generate_fixable.py"), root, "--screens", str(args.screens), "--seed", str(seed)], HERE, check=True)
        ok &= check(f"single module, seed {seed}", root, firebreak, lambda p: "/Infrastructure/" in p)
    for style in ("records", "inference"):
        pair = os.path.join(args.work, f"pair-{style}")
        run([sys.executable, os.path.join(HERE, "..", "independent", "generate_pair.py"), pair, "--style", style,
             "--screens", str(args.screens), "--files", "2", "--functions", "3"], HERE, check=True)
        infrastructure = ("/Transport/", "/Store/", "/Telemetry/")
        # The protocols sit beside the services in their modules; the services' own files must not be reached.
        ok &= check(f"several modules ({style})", os.path.join(pair, "naive"), firebreak,
                    lambda p: any(m in p for m in infrastructure) and not p.endswith(("Fetching.swift", "Providing.swift", "Emitting.swift", "Persisting.swift")))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
