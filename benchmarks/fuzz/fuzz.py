#!/usr/bin/env python3
"""Mutation fuzzing of firebreak: no Swift file may crash a run, stall it, or take more than a bound.

    python3 benchmarks/fuzz/fuzz.py --firebreak .build/release/firebreak [--corpus DIR ...]
        [--minutes 10 | --mutants 10000] [--batch 200] [--bound 5] [--seed 1] [--out DIR]

Takes Swift files from the corpus (default: Examples/ and the test fixtures; point it at public
apps kept outside the repository for a real run), writes mutants of them in batches (truncation,
byte flips, deleted or repeated chunks, deep nesting of each bracket kind, runs of string
interpolations, CRLF line ends, a byte-order mark, invalid UTF-8, NUL bytes), and runs
`firebreak lint BATCH --no-cache --format json` on each batch. A batch that exits other than 0 or
1, dies of a signal, or outlasts `--bound` seconds per file is bisected file by file; every file
that crashes, stalls or takes longer than `--bound` seconds on its own is saved under
`--out/findings/` with its kind, to become a regression test. Same seed, same mutants.
Prints one summary line; exits 1 when anything was found.
"""
import argparse, os, random, shutil, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def corpus_files(directories):
    files = []
    for directory in directories:
        for base, dirs, names in os.walk(directory):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("Pods", "Carthage", "DerivedData"))
            files += [os.path.join(base, n) for n in sorted(names) if n.endswith(".swift")]
    return files


def nest(rng):
    depth = rng.choice([8, 16, 17, 24, 64, 500, 2000, 20000])
    opening, closing = rng.choice([("[", "]"), ("(", ")"), ("{", "}"), ("<", ">"), ("[[", "]]"), ("Array<", ">")])
    body = opening * depth + rng.choice([b"1", b"Int", b""]).decode() + (closing * depth if rng.random() < 0.5 else "")
    return ("nest", ("let x = " + body + "\n").encode())


def interpolation(rng):
    depth = rng.choice([4, 16, 32, 33, 100, 400])
    piece = rng.choice(['\\(', '"\\(', '\\(\\(', '#"\\#('])
    return ("interpolation", ('let s = "' + piece * depth + ("" if rng.random() < 0.5 else ")" * depth + '"') + "\n").encode())


def mutate(data, rng):
    """One mutant of `data` and the name of the mutation."""
    kind = rng.choice(["truncate", "flip", "delete", "repeat", "nest", "interpolation", "crlf", "bom", "invalid", "nul", "splice"])
    position = rng.randrange(len(data) + 1)
    if kind == "truncate":
        return kind, data[:position]
    if kind == "flip":
        out = bytearray(data)
        for _ in range(rng.choice([1, 2, 8, 64])):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
        return kind, bytes(out)
    if kind == "delete":
        return kind, data[:position] + data[position + rng.randrange(1, 400):]
    if kind == "repeat":
        chunk = data[position:position + rng.randrange(1, 200)]
        return kind, data[:position] + chunk * rng.choice([2, 10, 200]) + data[position:]
    if kind in ("nest", "interpolation"):
        name, insert = (nest if kind == "nest" else interpolation)(rng)
        return name, data[:position] + insert + data[position:]
    if kind == "crlf":
        return kind, data.replace(b"\n", b"\r\n")
    if kind == "bom":
        return kind, b"\xef\xbb\xbf" + data
    if kind == "invalid":
        return kind, data[:position] + bytes(rng.choice([[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]])) + data[position:]
    if kind == "nul":
        return kind, data[:position] + b"\x00" + data[position:]
    other = rng.randrange(len(data) + 1)
    return "splice", data[:position] + data[other:]


def run(firebreak, directory, timeout):
    start = time.monotonic()
    try:
        result = subprocess.run([firebreak, "lint", ".", "--no-cache", "--format", "json"], cwd=directory,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
        return result.returncode, time.monotonic() - start, result.stderr.decode(errors="replace")[-400:]
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start, "timed out"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--corpus", nargs="+", default=[os.path.join(ROOT, "Examples"), os.path.join(ROOT, "Tests")])
    parser.add_argument("--minutes", type=float)
    parser.add_argument("--mutants", type=int)
    parser.add_argument("--batch", type=int, default=200)
    parser.add_argument("--bound", type=float, default=5.0, help="seconds a single file may take (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-fuzz"))
    args = parser.parse_args()
    if args.minutes is None and args.mutants is None:
        args.mutants = 1000
    firebreak = os.path.abspath(args.firebreak)
    files = corpus_files(args.corpus)
    if not files:
        sys.exit("no .swift files in " + ", ".join(args.corpus))
    rng = random.Random(args.seed)
    shutil.rmtree(args.out, ignore_errors=True)
    batch_dir, single_dir, found_dir = (os.path.join(args.out, n) for n in ("batch", "single", "findings"))
    os.makedirs(found_dir)
    deadline = time.monotonic() + args.minutes * 60 if args.minutes else None
    made, batches, slowest, findings, kinds = 0, 0, (0.0, ""), [], {}
    while (args.mutants is None or made < args.mutants) and (deadline is None or time.monotonic() < deadline):
        shutil.rmtree(batch_dir, ignore_errors=True)
        os.makedirs(batch_dir)
        count = args.batch if args.mutants is None else min(args.batch, args.mutants - made)
        mutants = {}
        for index in range(count):
            source = rng.choice(files)
            with open(source, "rb") as handle:
                kind, data = mutate(handle.read(), rng)
            name = f"M{made + index}.swift"
            mutants[name] = (kind, source, data)
            kinds[kind] = kinds.get(kind, 0) + 1
            with open(os.path.join(batch_dir, name), "wb") as handle:
                handle.write(data)
        made += count
        batches += 1
        status, seconds, _ = run(firebreak, batch_dir, args.bound * count + 30)
        if status in (0, 1) and seconds <= args.bound:
            continue
        # Something crashed, stalled or was slow: find which files, one at a time.
        for name, (kind, source, data) in mutants.items():
            shutil.rmtree(single_dir, ignore_errors=True)
            os.makedirs(single_dir)
            with open(os.path.join(single_dir, name), "wb") as handle:
                handle.write(data)
            status, seconds, stderr = run(firebreak, single_dir, args.bound * 4)
            slowest = max(slowest, (seconds, f"{name} ({kind} of {source})"))
            problem = "stall" if status is None else "crash" if status not in (0, 1) else "slow" if seconds > args.bound else None
            if problem:
                findings.append((problem, name, kind, source, status, seconds))
                shutil.copy(os.path.join(single_dir, name), os.path.join(found_dir, f"{problem}-{name}"))
                with open(os.path.join(found_dir, f"{problem}-{name}.txt"), "w") as handle:
                    handle.write(f"{problem}: {kind} of {source}; exit {status}; {seconds:.2f} s\n{stderr}\n")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    counts = {p: sum(1 for f in findings if f[0] == p) for p in ("crash", "stall", "slow")}
    print(f"firebreak fuzz: {made} mutants of {len(files)} files in {batches} batches; "
          f"{counts['crash']} crashes, {counts['stall']} stalls, {counts['slow']} over {args.bound:g} s"
          + (f" (slowest bisected file {slowest[0]:.2f} s: {slowest[1]})" if slowest[1] else "")
          + f"; mutations: {summary}; findings in {found_dir}")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
