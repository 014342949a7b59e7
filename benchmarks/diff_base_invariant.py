#!/usr/bin/env python3
"""`diff --base HEAD` on a clean tree must report no change at all, on any app.

    python3 benchmarks/diff_base_invariant.py --firebreak .build/release/firebreak APP_DIR [APP_DIR ...]

For each folder (a git work tree, uncommitted changes refused) runs
`firebreak diff --base HEAD --no-cache --format json` and checks the diff is empty: no finding
fixed, new or moved, no view smaller, larger, added, removed or refactored, no rebuild changed,
closures equal and 0 s. Prints one line per app, and what was not empty; exits 1 when any app
reports a change. Xcode projects and workspaces, XcodeGen specs and SwiftPM packages alike.
"""
import argparse, json, os, subprocess, sys


def changes(diff):
    """What a diff of a tree with itself reports, as readable items; empty when nothing."""
    found = []
    summary = diff["summary"]
    for key in ("fixedFindings", "newFindings", "movedFindings", "viewsImproved", "viewsRegressed", "viewsAdded", "viewsRemoved"):
        if summary.get(key, 0):
            found.append(f"{key} {summary[key]}")
    if summary.get("closureLinesBefore") != summary.get("closureLinesAfter"):
        found.append(f"closure lines {summary.get('closureLinesBefore')} → {summary.get('closureLinesAfter')}")
    if summary.get("estimatedSecondsSaved", 0):
        found.append(f"{summary['estimatedSecondsSaved']} s saved")
    for key in ("fixed", "new", "moved", "improved", "regressed", "addedViews", "removedViews", "refactored", "rebuilds"):
        items = diff.get(key) or []
        if items:
            first = items[0]
            found.append(f"{key}: {len(items)} (first: {first if isinstance(first, str) else first.get('view') or first.get('type') or first.get('symbol')})")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("apps", nargs="+")
    args = parser.parse_args()
    firebreak = os.path.abspath(args.firebreak)
    failures = 0
    for app in args.apps:
        name = os.path.basename(os.path.abspath(app))
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=app, capture_output=True, text=True).stdout
        if dirty.strip():
            print(f"{name}: skipped, the work tree has uncommitted changes")
            failures += 1
            continue
        result = subprocess.run([firebreak, "diff", "--base", "HEAD", "--no-cache", "--format", "json"], cwd=app,
                                capture_output=True, text=True)
        if result.returncode != 0:
            print(f"{name}: exit {result.returncode}: {result.stderr.strip()[-300:]}")
            failures += 1
            continue
        found = changes(json.loads(result.stdout))
        print(f"{name}: {'no change' if not found else 'CHANGED: ' + '; '.join(found)}")
        failures += bool(found)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
