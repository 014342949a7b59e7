#!/usr/bin/env python3
"""Fuzzing of file names: no name may put a line of its own into a report or reach a terminal raw.

    python3 benchmarks/fuzz/fuzz_names.py --firebreak .build/release/firebreak [--rounds 200] [--seed 1]

Each round writes a small project whose files have random names made of control characters (line
feed, carriage return, ESC sequences, BEL, DEL, C1 controls), bidirectional overrides, GitHub
workflow commands (`::error file=…::`), Markdown and HTML (`<img …>`, `|`, backticks) and invalid
UTF-8, each holding a singleton read that lint reports. It runs `lint` in every line-based format
and checks each report: one line per finding (github, xcode) or no line starting with `::` (text,
markdown), no control character but the line feed, and in Markdown no `<` outside code spans.
A failing report is saved under `--out/`. Prints one summary line; exits 1 when anything was found.
"""
import argparse, json, os, random, shutil, subprocess, sys

PIECES = ["\n", "\r", "\r\n", "\x1b[2J", "\x1b]0;pwned\x07", "\x07", "\x7f", "\u0085", "\u009b31m", "\u202e", "\u2066",
          "::error file=x.swift::pwned", "::set-output name=x::y", "<img src=x onerror=alert(1)>", "|", "`", "**", "[x](javascript:1)",
          "%0A", "\\x0A", "é", " ", "\t"]
INVALID = [b"\xff", b"\xc3", b"\xed\xa0\x80"]
VIEW_MODEL = "final class Model{n}ViewModel {{\n    func load() -> String {{ APIClient.shared.fetch() }}\n}}\n"
CLIENT = "final class APIClient {\n    static let shared = APIClient()\n    func fetch() -> String { \"\" }\n}\n"


def random_name(rng, number):
    parts = [rng.choice(PIECES).encode() for _ in range(rng.randrange(1, 4))]
    if rng.random() < 0.2:
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(INVALID))
    return b"Evil%d" % number + b"".join(parts).replace(b"/", b"") + b".swift"


def problems(format, stdout, findings):
    """What is wrong with one report, as a list of reasons."""
    found = []
    text = stdout.decode("utf-8", errors="replace")
    if any(ord(c) < 0x20 and c != "\n" or 0x7F <= ord(c) <= 0x9F or c in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
           for c in text):
        found.append("a control character")
    lines = [line for line in text.split("\n") if line]
    if format == "github" and len(lines) != findings:
        found.append(f"{len(lines)} lines for {findings} findings")
    if format == "xcode" and len(lines) != findings:
        found.append(f"{len(lines)} lines for {findings} findings")
    if format in ("text", "markdown") and any(line.startswith("::") for line in lines):
        found.append("a line starting with ::")
    if format == "markdown" and "<" in "".join(text.split("`")[0::2]).replace("<sub>", "").replace("</sub>", ""):
        found.append("< outside code spans")
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-fuzz-names"))
    args = parser.parse_args()
    firebreak = os.path.abspath(args.firebreak)
    rng = random.Random(args.seed)
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    failures = 0
    for round_number in range(args.rounds):
        root = os.path.join(args.out, "project").encode()
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        with open(os.path.join(root, b"APIClient.swift"), "w") as handle:
            handle.write(CLIENT)
        for n in range(3):
            with open(os.path.join(root, random_name(rng, n)), "w") as handle:
                handle.write(VIEW_MODEL.format(n=n))
        report = subprocess.run([firebreak, "lint", ".", "--no-cache", "--format", "json"], cwd=root, capture_output=True)
        findings = len(json.loads(report.stdout)["findings"]) if report.returncode in (0, 1) else -1
        if findings < 3:
            failures += 1
            with open(os.path.join(args.out, f"round{round_number}-json.txt"), "wb") as handle:
                handle.write(f"{findings} findings of 3\n".encode() + report.stdout + report.stderr)
        for format in ["text", "xcode", "github", "markdown"]:
            result = subprocess.run([firebreak, "lint", ".", "--no-cache", "--format", format], cwd=root, capture_output=True)
            reasons = problems(format, result.stdout, findings) + ([f"exit {result.returncode}"] if result.returncode not in (0, 1) else [])
            if reasons:
                failures += 1
                saved = os.path.join(args.out, f"round{round_number}-{format}.txt")
                with open(saved, "wb") as handle:
                    handle.write(("; ".join(reasons) + "\n").encode() + result.stdout + result.stderr)
    shutil.rmtree(os.path.join(args.out, "project"), ignore_errors=True)
    print(f"firebreak fuzz-names: {args.rounds} projects of 3 names each, 4 formats; {failures} failing reports; in {args.out}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
