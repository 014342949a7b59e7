#!/usr/bin/env python3
"""Writes a one-module naive/firewalled package pair unlike the rebuild fit's generator.

A check on the incremental-rebuild model with code it was not fitted on: written apart from
`benchmarks/rebuild/generate.py` (a protocol-based UI shim instead of its SwiftUI stub, a class, an
actor-free struct and a final class as clients with other access patterns, clients read by every
screen, every second and every third, and screen code in this folder's two styles).

    python3 benchmarks/independent/generate_single.py OUT_DIR --style records|inference|arithmetic
        [--screens 40] [--functions 6]

Writes OUT_DIR/naive and OUT_DIR/firewalled, each a package of two targets: `UIShim` (the View
protocol, named in .firebreak.yml's `view_protocols`) and `App`, the whole app. Its clients are
`APIClient` (read by every screen), `Database` (every second) and `Tracker` (every third), in
`Sources/App/Infrastructure/`, each with the line `benchmarks/rebuild/measure.py` edits above. Each
screen file holds a view and its model; the model has --functions functions in --style (the
styles of generate_pair.py, and `arithmetic`: the mixed-literal arithmetic of `inference` with no
closures, type-checking the rebuild fit cannot learn from closure counts). Naive: models read `APIClient.shared`, `Database.main`,
`Tracker.standard`. Firewalled: models take protocols declared in `Sources/App/Ports/`, and
`main.swift` conforms the clients and injects them. Same arguments, same bytes.
"""
import argparse, os

from generate_pair import UI_SHIM  # the same protocol-based UI shim

MARKER = "    // firebreak-benchmark: interface edits go above this line\n"

# type, accessor, protocol, requirement, implementation, every n-th screen
CLIENTS = [
    ("APIClient", "shared", "Loading", "func load(_ path: String) -> [Int]",
     "func load(_ path: String) -> [Int] {\n        let salt = 0\n        return path.utf8.map { Int($0) &+ salt }\n    }", 1),
    ("Database", "main", "Saving", "func save(_ values: [Int]) -> Bool",
     "func save(_ values: [Int]) -> Bool {\n        rows += values.count\n        return rows % 2 == 0\n    }\n    private var rows = 0", 2),
    ("Tracker", "standard", "Tracking", "func track(_ name: String, count: Int)",
     "func track(_ name: String, count: Int) { _ = name.count + count }", 3),
]


def client_file(name, accessor, body):
    kind = "struct" if name == "Tracker" else "final class"
    sendable = ": Sendable" if kind == "struct" else ": @unchecked Sendable"
    return f"""import Foundation

{kind} {name}{sendable} {{
    static let {accessor} = {name}()

    {body}

{MARKER}}}
"""


RECORDS_TYPES = """enum Size: Sendable { case small(Int), large(Int), none }

struct Entry: Sendable {
    var id: Int
    var label: String
    var size: Size
    var note: String?
}

enum Outcome: Sendable { case accepted(Entry), rejected(reason: String), deferred(Int) }
"""


def records_function(i):
    return f"""
    func record{i}(_ input: Entry) -> Outcome {{
        switch input.size {{
        case .small(let n) where n > {i % 7 + 1}:
            return .accepted(Entry(id: input.id &+ {i}, label: input.label, size: .large(n), note: nil))
        case .small:
            return .rejected(reason: "small-{i}")
        case .large(let n):
            guard let note = input.note else {{ return .deferred(n &* {i % 5 + 2}) }}
            return note.isEmpty ? .deferred(n) : .accepted(input)
        case .none:
            return .rejected(reason: input.label)
        }}
    }}
"""


def inference_function(i):
    a, b, c = i % 9 + 2, i % 13 + 3, i % 5 + 1
    return f"""
    func score{i}(_ xs: [Int], weight: Double) -> [String: Double] {{
        let base = Double(xs.count) * {a}.5 + weight / {b}.0 - Double({c} * xs.count) * 0.25 + 1
        let scaled = xs.enumerated().map {{ (offset, x) in (Double(x) * weight + Double(offset) * {c}) / (base + {a}) }}
        let kept = scaled.filter {{ $0 > {b}.0 || $0 < -{a}.5 }}.sorted {{ abs($0) > abs($1) }}
        let mean = kept.isEmpty ? base : kept.reduce(0, +) / Double(kept.count) + Double({a}) * 0.5
        return ["mean": mean, "base": base, "k{i}": Double("{i}".count) + mean]
    }}
"""


def arithmetic_function(i):
    a, b, c = i % 9 + 2, i % 13 + 3, i % 5 + 1
    return f"""
    func blend{i}(_ n: Int, weight: Double) -> Double {{
        let base = Double(n) * {a}.5 + weight / {b}.0 - Double({c} * n) * 0.25 + 1
        let scaled = (Double(n) * weight + Double({c}) * {a}) / (base + {a}) - weight * {c}.5
        let mixed = base * 0.5 + scaled / {b}.0 - Double(n % {a}) * 2 + weight * {c}
        return mixed > {b}.0 ? mixed - base / {a}.0 : scaled * {c} + Double(n) / 3.0
    }}
"""


STYLES = {"records": records_function, "inference": inference_function, "arithmetic": arithmetic_function}


def clients_of(i):
    return [c for c in CLIENTS if i % c[5] == 0]


def screen(i, shape, style, functions):
    used = clients_of(i)
    body = "".join(STYLES[style](i * functions + k)
                   for k in range(functions))
    if shape == "naive":
        stored, init, calls = "", "    init() {}\n", []
        for name, accessor, _, _, _, _ in used:
            calls.append({"APIClient": f"{name}.{accessor}.load(\"screen{i}\").count",
                          "Database": f"({name}.{accessor}.save([{i}]) ? 1 : 0)",
                          "Tracker": f"{{ {name}.{accessor}.track(\"screen{i}\", count: {i}); return 1 }}()"}[name])
    else:
        stored = "".join(f"    let {proto.lower()}: any {proto}\n" for _, _, proto, _, _, _ in used)
        params = ", ".join(f"{proto.lower()}: any {proto}" for _, _, proto, _, _, _ in used)
        assigns = "".join(f"        self.{proto.lower()} = {proto.lower()}\n" for _, _, proto, _, _, _ in used)
        init = f"    init({params}) {{\n{assigns}    }}\n"
        calls = []
        for name, _, proto, _, _, _ in used:
            p = proto.lower()
            calls.append({"APIClient": f"{p}.load(\"screen{i}\").count",
                          "Database": f"({p}.save([{i}]) ? 1 : 0)",
                          "Tracker": f"{{ {p}.track(\"screen{i}\", count: {i}); return 1 }}()"}[name])
    total = " + ".join(calls)
    return f"""import UIShim

final class Screen{i}Model {{
{stored}{init}
    func summary() -> String {{
        let total = {total}
        return "screen{i}: \\(total)"
    }}
{body}}}

struct Screen{i}: View {{
    let model: Screen{i}Model
    var body: Label {{ Label(model.summary()) }}
}}
"""


def main_file(shape, screens):
    lines = ["import UIShim", ""]
    if shape == "firewalled":
        lines += [f"extension {name}: {proto} {{}}" for name, _, proto, _, _, _ in CLIENTS] + [""]
    for i in range(screens):
        if shape == "naive":
            arguments = ""
        else:
            arguments = ", ".join(f"{proto.lower()}: {name}.{accessor}" for name, accessor, proto, _, _, _ in clients_of(i))
        lines.append(f"print(Screen{i}(model: Screen{i}Model({arguments})).body.text)")
    return "\n".join(lines) + "\n"


MANIFEST = """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "SingleModuleApp",
    targets: [
        .target(name: "UIShim"),
        .executableTarget(name: "App", dependencies: ["UIShim"]),
    ]
)
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--style", choices=sorted(STYLES), required=True)
    parser.add_argument("--screens", type=int, default=40)
    parser.add_argument("--functions", type=int, default=6)
    args = parser.parse_args()
    for shape in ("naive", "firewalled"):
        files = {"Package.swift": MANIFEST, ".firebreak.yml": 'view_protocols: ["UIShim.View"]\n',
                 "Sources/UIShim/UIShim.swift": UI_SHIM, "Sources/App/main.swift": main_file(shape, args.screens)}
        if args.style == "records":
            files["Sources/App/Models/Records.swift"] = RECORDS_TYPES
        for name, accessor, _, _, body, _ in CLIENTS:
            files[f"Sources/App/Infrastructure/{name}.swift"] = client_file(name, accessor, body)
        if shape == "firewalled":
            files["Sources/App/Ports/Ports.swift"] = "".join(
                f"protocol {proto}: AnyObject {{ {requirement} }}\n" if name != "Tracker" else f"protocol {proto} {{ {requirement} }}\n"
                for name, _, proto, requirement, _, _ in CLIENTS)
        for i in range(args.screens):
            files[f"Sources/App/Screens/Screen{i}.swift"] = screen(i, shape, args.style, args.functions)
        for path, text in files.items():
            full = os.path.join(args.out, shape, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as handle:
                handle.write(text)


if __name__ == "__main__":
    main()
