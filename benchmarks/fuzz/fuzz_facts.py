#!/usr/bin/env python3
"""Fuzzing of facts files whose checksum holds: damage must be "damaged facts file" (exit 2), never a signal.

    python3 benchmarks/fuzz/fuzz_facts.py --firebreak .build/release/firebreak [--corpus DIR ...]
        [--mutants 2000] [--seed 1] [--out DIR]

Writes one facts file of each corpus folder with `firebreak facts`, then mutants of its payload
(byte flips, small numbers written over a byte, deleted or repeated chunks) with the header's
length and checksum computed again, so the decoder's own checks are all that stand between the
damage and the passes. Each mutant is read by `lint`, `analyze` and `modules`: an exit other than
0, 1 or 2, a signal, or more than `--bound` seconds is a finding, saved under `--out/findings/`.
Same seed, same mutants. Prints one summary line; exits 1 when anything was found.
"""
import argparse, os, random, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MASK = (1 << 64) - 1


def mix(a, b):
    product = a * b
    return ((product >> 64) ^ product) & MASK


def content_hash(data):
    """`ContentHash` of FirebreakScan: the facts file's payload checksum."""
    first, second = 0x243F6A8885A308D3, 0x13198A2E03707344
    offset, count = 0, len(data)
    while offset + 8 <= count:
        word = int.from_bytes(data[offset:offset + 8], "little")
        first, second = mix(first ^ word, 0xA0761D6478BD642F), mix(second ^ word, 0xE7037ED1A0B428DB)
        offset += 8
    tail = int.from_bytes(data[offset:], "little")
    first = mix(first ^ tail ^ count, 0x8EBC6AF09C88C6E3)
    second = mix(second ^ tail ^ ((count << 1 | 1) & MASK), 0x589965CC75374CC3)
    return mix(first, second ^ 0x1D8E4E27C47D124F), mix(second, first ^ 0xA0761D6478BD642F)


def varint(value):
    out = bytearray()
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def zigzag(value):
    return varint((value << 1) ^ (value >> 63) if value >= 0 else ((-value) << 1) - 1)


def read_varint(data, offset):
    value, shift = 0, 0
    while True:
        byte = data[offset]
        offset += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, offset
        shift += 7


def split(data):
    """(format, facts format, producer bytes, payload) of a facts file."""
    assert data[:4] == b"FBFS"
    offset = 4
    fmt, offset = read_varint(data, offset)
    facts_format, offset = read_varint(data, offset)
    length, offset = read_varint(data, offset)
    producer, offset = data[offset:offset + length], offset + length
    for _ in range(3):  # payload length, checksum high, checksum low
        _, offset = read_varint(data, offset)
    return fmt, facts_format, producer, data[offset:]


def join(fmt, facts_format, producer, payload):
    high, low = content_hash(payload)
    return (b"FBFS" + varint(fmt) + varint(facts_format) + varint(len(producer)) + producer
            + zigzag(len(payload)) + varint(high) + varint(low) + payload)


def mutate(payload, rng):
    data = bytearray(payload)
    kind = rng.choice(["flip", "small", "delete", "repeat"])
    position = rng.randrange(len(data)) if data else 0
    if kind == "flip":
        for _ in range(rng.choice([1, 2, 4])):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == "small":
        # A small number where one was: indexes, counts and lines go out of range.
        data[position] = rng.choice([0, 1, 2, 3, 0x7E, 0x7F, 0x40, 0x20])
    elif kind == "delete":
        del data[position:position + rng.randrange(1, 16)]
    else:
        chunk = data[position:position + rng.randrange(1, 16)]
        data[position:position] = chunk * rng.choice([1, 2, 8])
    return kind, bytes(data)


def run(firebreak, command, facts, root, bound):
    start = time.monotonic()
    try:
        result = subprocess.run([firebreak] + command + ["--no-cache", "--facts", facts], cwd=root,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=bound * 4)
        return result.returncode, time.monotonic() - start, result.stderr.decode(errors="replace")[-400:]
    except subprocess.TimeoutExpired:
        return None, time.monotonic() - start, "timed out"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--firebreak", required=True)
    parser.add_argument("--corpus", nargs="+", default=[os.path.join(ROOT, "Examples", "ClinicApp"),
                                                        os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "XcodeApp")])
    parser.add_argument("--mutants", type=int, default=500)
    parser.add_argument("--bound", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-fuzz-facts"))
    args = parser.parse_args()
    firebreak = os.path.abspath(args.firebreak)
    rng = random.Random(args.seed)
    shutil.rmtree(args.out, ignore_errors=True)
    found_dir = os.path.join(args.out, "findings")
    os.makedirs(found_dir)
    originals = []
    for corpus in args.corpus:
        path = os.path.join(args.out, f"original-{len(originals)}.facts")
        subprocess.run([firebreak, "facts", ".", "--no-cache", "--output", path], cwd=corpus, check=True, stderr=subprocess.DEVNULL)
        with open(path, "rb") as handle:
            originals.append((os.path.abspath(corpus), split(handle.read())))
    empty = tempfile.mkdtemp(prefix="firebreak-fuzz-facts-root-")
    outcomes, findings, kinds = {}, [], {}
    for index in range(args.mutants):
        corpus, (fmt, facts_format, producer, payload) = rng.choice(originals)
        kind, damaged = mutate(payload, rng)
        kinds[kind] = kinds.get(kind, 0) + 1
        mutant = os.path.join(args.out, "mutant.facts")
        with open(mutant, "wb") as handle:
            handle.write(join(fmt, facts_format, producer, damaged))
        command = rng.choice([["lint"], ["analyze"], ["modules"]])
        status, seconds, stderr = run(firebreak, command, mutant, empty, args.bound)
        outcomes[status] = outcomes.get(status, 0) + 1
        problem = ("stall" if status is None else "crash" if status not in (0, 1, 2)
                   else "slow" if seconds > args.bound else None)
        if problem:
            name = f"{problem}-{index}"
            findings.append(name)
            shutil.copy(mutant, os.path.join(found_dir, name + ".facts"))
            with open(os.path.join(found_dir, name + ".txt"), "w") as handle:
                handle.write(f"{problem}: {kind} of {corpus}; {' '.join(command)}; exit {status}; {seconds:.2f} s\n{stderr}\n")
    shutil.rmtree(empty, ignore_errors=True)
    print(f"firebreak fuzz-facts: {args.mutants} mutants of {len(originals)} facts files; "
          f"exits {', '.join(f'{k}: {v}' for k, v in sorted(outcomes.items(), key=lambda item: str(item[0])))}; "
          f"{len(findings)} findings; mutations: {', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}; findings in {found_dir}")
    sys.exit(1 if findings else 0)


if __name__ == "__main__":
    main()
