"""Joins `-debug-time-function-bodies` output with firebreak-file-features --functions."""
import json, os, re, subprocess

TIMING = re.compile(r"^([\d.]+)ms\t(/\S+?\.swift):(\d+):(\d+)\t(.*)$")
ERROR = re.compile(r"^(/\S+?\.swift):(\d+):\d+: error:")


def read_errors(log_paths):
    """{realpath: [lines]} of compile errors: bodies that did not compile are not fitted."""
    errors = {}
    for log in log_paths:
        with open(log, errors="replace") as handle:
            for text in handle:
                match = ERROR.match(text)
                if match:
                    errors.setdefault(os.path.realpath(match.group(1)), set()).add(int(match.group(2)))
    return errors


def read_timings(log_paths):
    """{(realpath, line): milliseconds}, each body once (swift build echoes a job's output per file)."""
    seen, times = set(), {}
    for log in log_paths:
        with open(log, errors="replace") as handle:
            for text in handle:
                match = TIMING.match(text.rstrip("\n"))
                if not match:
                    continue
                key = (match.group(2), match.group(3), match.group(4), match.group(5))
                if key in seen:
                    continue
                seen.add(key)
                where = (os.path.realpath(match.group(2)), int(match.group(3)))
                times[where] = times.get(where, 0.0) + float(match.group(1))
    return times


def read_bodies(tool, files):
    """[(realpath, body)] for every function body of the files."""
    out = []
    for i in range(0, len(files), 300):
        text = subprocess.run([tool, "--functions"] + files[i:i + 300], capture_output=True, text=True, check=True).stdout
        for entry in map(json.loads, text.splitlines()):
            out += [(os.path.realpath(entry["path"]), body) for body in entry["bodies"]]
    return out


def joined(tool, log_paths):
    """[(body, ms)] for bodies that were timed; bodies sharing a line are summed together."""
    times = read_timings(log_paths)
    errors = read_errors(log_paths)
    files = sorted({path for path, _ in times})
    grouped = {}
    all_bodies = read_bodies(tool, files)
    starts = {}
    for path, body in all_bodies:
        starts.setdefault(path, []).append(body["line"])
    failed = set()
    for path, lines in errors.items():
        for line in lines:
            before = [start for start in starts.get(path, []) if start <= line]
            if before:
                failed.add((path, max(before)))
    for path, body in all_bodies:
        if (path, body["line"]) not in failed:
            grouped.setdefault((path, body["line"]), []).append(body)
    out = []
    for key, bodies in grouped.items():
        if key in times:
            merged = {"tokens": sum(b["tokens"] for b in bodies), "statements": sum(b["statements"] for b in bodies),
                      "roots": [r for b in bodies for r in b["roots"]], "path": key[0], "line": key[1]}
            out.append((merged, times[key]))
    return out


def predicted_ms(coefficients, bodies):
    """Milliseconds the fitted model gives a list of bodies (the same formula as TypeCheckEstimate)."""
    import math
    total = 0.0
    cap = coefficients["cap"]
    for body in bodies:
        total += coefficients["perToken"] * body["tokens"]
        for root in body["roots"]:
            x = coefficients["base"] + sum(value * (root["tokens"] / 10 if name == "tokens/10" else root[name])
                                           for name, value in coefficients["root"].items())
            raw = math.exp(min(x, 30))
            total += raw * cap / (raw + cap)
    return total
