#!/usr/bin/env python3
"""A random sample of an app's findings, each with the code a reviewer needs to judge it blind.

    python3 benchmarks/findings_sample.py --firebreak .build/release/firebreak --app ~/apps/Mlem \
        [--count 25] [--seed 1] > sample.md

Runs `firebreak lint --format json` on the app, draws `--count` findings at random (same seed, same
sample), and writes Markdown: per finding its rule, message and place, twelve lines around it, and
the declaration of the type it names when the app declares it (where a reviewer tells a service
from a value, a logger or a state holder). No verdicts: give the file and the rules to a reviewer
who has not seen firebreak's code, and count what they mark tp, fp and arguable. Keep the app and
the sample outside the repository.
"""
import argparse, json, os, random, re, subprocess, sys


def type_of(finding):
    """The type a finding names: `APIClient` of `APIClient.shared()`, `Foo` of `Foo`."""
    symbol = finding["symbol"].removesuffix("()")
    parts = symbol.split(".")
    if len(parts) > 1 and parts[-1][:1].islower():
        return parts[-2]
    return parts[-1]


def declaration(app, name, limit=40):
    """The first declaration of `name` in the app's Swift files, as (path, lines)."""
    pattern = re.compile(r"^\s*(?:(?:public|internal|private|fileprivate|open|final|@\w+)\s+)*(?:class|struct|actor|enum)\s+" + re.escape(name) + r"\b")
    for base, dirs, files in os.walk(app):
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("Pods", "Carthage", "DerivedData", ".build")]
        for file in sorted(files):
            if not file.endswith(".swift"):
                continue
            path = os.path.join(base, file)
            with open(path, errors="replace") as handle:
                lines = handle.read().split("\n")
            for index, line in enumerate(lines):
                if pattern.match(line):
                    return os.path.relpath(path, app), lines[index:index + limit]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--app", required=True)
    parser.add_argument("--count", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = subprocess.run([os.path.abspath(args.firebreak), "lint", ".", "--no-cache", "--format", "json"], cwd=args.app,
                            capture_output=True, text=True)
    if result.returncode not in (0, 1):
        sys.exit(result.stderr)
    findings = json.loads(result.stdout)["findings"]
    sample = random.Random(args.seed).sample(findings, min(args.count, len(findings)))
    print(f"# {os.path.basename(os.path.abspath(args.app))}: {len(sample)} of {len(findings)} findings, seed {args.seed}\n")
    for number, finding in enumerate(sample, 1):
        with open(os.path.join(args.app, finding["path"]), errors="replace") as handle:
            lines = handle.read().split("\n")
        start = max(0, finding["line"] - 7)
        context = "\n".join(f"{start + i + 1:5} {'>' if start + i + 1 == finding['line'] else ' '} {line}"
                            for i, line in enumerate(lines[start:finding["line"] + 5]))
        print(f"## {number}. {finding['rule']}: {finding['message']}\n\n`{finding['path']}:{finding['line']}`\n\n```swift\n{context}\n```\n")
        found = declaration(args.app, type_of(finding))
        if found:
            print(f"Declaration of `{type_of(finding)}` (`{found[0]}`):\n\n```swift\n" + "\n".join(found[1]) + "\n```\n")


if __name__ == "__main__":
    main()
