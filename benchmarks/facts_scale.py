#!/usr/bin/env python3
"""Facts per module and the merge, measured on a generated monorepo, and the wall time they imply
on N remote workers with a shared cache (benchmarks/results/2026-11-24-facts-scale-out.md).

    python3 benchmarks/facts_scale.py --firebreak .build/release/firebreak [--tree DIR] [--lines 10000000]
        [--modules 400] [--direct] [--overhead 0.5] [--bandwidth 100]

1. Writes the tree with generate_codebase.py (same arguments, same tree) unless DIR holds one.
2. Runs `firebreak facts Sources/<M> --no-cache` for every module, one after another, timing each
   (each run uses every core: what one remote worker of this machine's size does), and one facts
   file for the root Package.swift.
3. Merges them in an empty folder (no source on disk): `lint --facts … --format json` and
   `analyze --facts … --format json --output FILE`, timed, with peak memory.
4. With --direct, also `lint --no-cache` over the sources, for comparison.
5. Projects the wall time of a cold build, a one-module change and a configuration change on N
   workers: facts actions spread over the workers, each costing its measured time plus --overhead
   seconds (queueing, sending the sources, fetching the result); the merge runs on one worker after
   fetching every facts file at --bandwidth MB/s. A configuration change reruns only the merge: facts
   do not depend on it.
"""
import argparse, glob, os, shutil, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, cwd):
    """Wall seconds and peak RSS (MB) of one run, measured by GNU time."""
    with tempfile.NamedTemporaryFile("r") as report:
        result = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", report.name] + command, cwd=cwd,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode not in (0, 1):
            sys.exit(f"{' '.join(command[:3])}…: exit {result.returncode}: {result.stderr.strip()[:500]}")
        wall, peak = report.read().split()[-2:]
    return float(wall), int(peak) / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--tree", default=os.path.join(tempfile.gettempdir(), "firebreak-scale-10m"))
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--modules", type=int, default=400)
    parser.add_argument("--direct", action="store_true")
    parser.add_argument("--overhead", type=float, default=0.5, help="seconds per remote action beyond its own run")
    parser.add_argument("--bandwidth", type=float, default=100, help="MB/s from the cache to the merging worker")
    args = parser.parse_args()
    firebreak = os.path.abspath(args.firebreak)
    tree = os.path.abspath(args.tree)
    if not os.path.exists(os.path.join(tree, "Package.swift")):
        subprocess.run([sys.executable, os.path.join(HERE, "generate_codebase.py"), tree, "--lines", str(args.lines),
                        "--modules", str(args.modules)], check=True)
    lines = 0
    for path in glob.glob(os.path.join(tree, "Sources", "**", "*.swift"), recursive=True):
        with open(path, "rb") as handle:
            lines += handle.read().count(b"\n")
    modules = sorted(os.listdir(os.path.join(tree, "Sources")))

    work = tempfile.mkdtemp(prefix="firebreak-scale-")
    try:
        facts_dir = os.path.join(work, "facts")
        os.mkdir(facts_dir)
        seconds = {}
        for module in modules:
            output = os.path.join(facts_dir, module + ".facts")
            seconds[module], _ = timed([firebreak, "facts", "Sources/" + module, "--no-cache", "--output", output], tree)
        timed([firebreak, "facts", "Package.swift", "--no-cache", "--output", os.path.join(facts_dir, "_package.facts")], tree)
        files = sorted(glob.glob(os.path.join(facts_dir, "*.facts")))
        megabytes = sum(os.path.getsize(f) for f in files) / 1e6
        bare = os.path.join(work, os.path.basename(tree))
        os.mkdir(bare)
        lint_seconds, lint_peak = timed([firebreak, "lint", "--format", "json", "--facts"] + files, bare)
        analyze_seconds, analyze_peak = timed([firebreak, "analyze", "--format", "json", "--output", os.path.join(work, "analysis.json"),
                                               "--facts"] + files, bare)
        direct = timed([firebreak, "lint", "--format", "json", "--no-cache"], tree) if args.direct else None
    finally:
        shutil.rmtree(work, ignore_errors=True)

    values = sorted(seconds.values())
    total = sum(values)
    print(f"Tree: {lines:,} lines in {len(modules)} modules ({tree}); {os.cpu_count()} cores.\n")
    print("| step | seconds | notes |")
    print("|---|---:|---|")
    print(f"| `facts`, one module (median / largest) | {statistics.median(values):.2f} / {values[-1]:.2f} | {lines / len(modules):,.0f} lines per module on average |")
    print(f"| `facts`, every module one after another | {total:.1f} | {len(files)} facts files, {megabytes:.0f} MB |")
    print(f"| merge: `lint --facts` | {lint_seconds:.1f} | peak {lint_peak:,.0f} MB |")
    print(f"| merge: `analyze --facts --output` | {analyze_seconds:.1f} | peak {analyze_peak:,.0f} MB |")
    if direct:
        print(f"| `lint --no-cache` over the sources, one process | {direct[0]:.1f} | peak {direct[1]:,.0f} MB |")
    fetch = megabytes / args.bandwidth
    print(f"\nProjected wall time (each facts action + {args.overhead} s, the merge after fetching {megabytes:.0f} MB at {args.bandwidth:.0f} MB/s):\n")
    print("| workers | cold: lint | cold: lint + analyze | one module changed: lint | configuration changed: lint |")
    print("|---:|---:|---:|---:|---:|")
    for workers in (1, 8, 32, 128, 400):
        # Longest-processing-time-first packing of the facts actions onto the workers.
        loads = [0.0] * workers
        for value in sorted(values, reverse=True):
            loads[loads.index(min(loads))] += value + args.overhead
        facts_wall = max(loads)
        one_module = max(values) + args.overhead
        print(f"| {workers} | {facts_wall + fetch + lint_seconds:.0f} s | {facts_wall + fetch + lint_seconds + analyze_seconds:.0f} s "
              f"| {one_module + fetch + lint_seconds:.0f} s | {fetch + lint_seconds:.0f} s |")


if __name__ == "__main__":
    main()
