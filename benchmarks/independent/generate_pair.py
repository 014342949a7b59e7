#!/usr/bin/env python3
"""Writes a naive/firewalled package pair in a style unlike `firebreak calibrate`'s generator.

A check on the cold-build model with code it was not fitted on: written separately from
`Sources/FirebreakCalibration` (other module names, a protocol-based UI shim instead of its stub,
clients that are actors and enums as well as classes, and code that is not its three styles).

    python3 benchmarks/independent/generate_pair.py OUT_DIR --style records|inference [--screens 40]
        [--files 24] [--functions 14]

Writes OUT_DIR/naive and OUT_DIR/firewalled. Infrastructure: three modules (Transport, Store,
Telemetry), each --files files of --functions functions, one singleton client each. `Screens`
holds --screens screens; each reads all three singletons (naive) or takes the `Ports` protocols
through init (firewalled, adapted in `Main`). Same arguments, same bytes.

Styles: `records` is Codable-free value code (structs, enums with payloads, switches, optionals);
`inference` is what makes Swift's type checker slow for its size: mixed-literal arithmetic across
Int/Double, ternaries, nested closures with inferred types, dictionary and tuple literals,
string interpolation; `operators` is slow for another reason: expressions over a value type of
the module's own with overloaded operators and literal conformances, so every literal and operator
has more candidates to weigh (geometry and animation-curve code).
"""
import argparse, os

INFRA = [("Transport", "Courier", "fetch"), ("Store", "Ledger", "persist"), ("Telemetry", "Beacon", "emit")]


def records_function(m, i):
    return f"""
    public func record{i}(_ input: Entry{m}) -> Outcome{m} {{
        switch input.kind {{
        case .small(let n) where n > {i % 7 + 1}:
            return .accepted(Entry{m}(id: input.id &+ {i}, label: input.label, kind: .large(n)))
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


def inference_function(m, i):
    a, b, c = i % 9 + 2, i % 13 + 3, i % 5 + 1
    return f"""
    public func score{i}(_ xs: [Int], weight: Double) -> [String: Double] {{
        let base = Double(xs.count) * {a}.5 + weight / {b}.0 - Double({c} * xs.count) * 0.25 + 1
        let scaled = xs.enumerated().map {{ (offset, x) in (Double(x) * weight + Double(offset) * {c}) / (base + {a}) }}
        let kept = scaled.filter {{ $0 > {b}.0 || $0 < -{a}.5 }}.sorted {{ abs($0) > abs($1) }}
        let total = kept.reduce(into: (sum: 0.0, count: 0)) {{ acc, v in acc.sum += v * {c}; acc.count += v > 0 ? 1 : 0 }}
        let mean = total.count == 0 ? base : total.sum / Double(total.count) + Double({a}) * 0.5
        return ["mean": mean, "base": base, "spread": (kept.first ?? 0) - (kept.last ?? 0) * {c}, "k{i}": Double("{i}".count) + mean]
    }}
"""


def operators_function(m, i):
    a, b, c = i % 9 + 2, i % 13 + 3, i % 5 + 1
    return f"""
    public func blend{i}(_ p: Vec{m}, _ q: Vec{m}, t: Double) -> Vec{m} {{
        let mid = (p + q) * 0.5 - (p - q) * t / {a} + 1
        let arc = p * (1 - t) * (1 - t) + mid * 2 * t * (1 - t) + q * t * t
        let damped = arc - (arc - mid) * 0.25 + (t > 0.5 ? p : q) * {c}.5 / {b}
        let sum = [p, q, mid, arc].reduce(Vec{m}.zero) {{ $0 + $1 * 0.1 }}
        return damped + sum * {c} - Vec{m}(x: t * {a}, y: -t) / 2
    }}
"""


def operators_types(m):
    return f"""public struct Vec{m}: Sendable, Equatable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {{
    public var x: Double
    public var y: Double
    public static let zero = Vec{m}(x: 0, y: 0)
    public init(x: Double, y: Double) {{ self.x = x; self.y = y }}
    public init(integerLiteral value: Int) {{ self.init(x: Double(value), y: Double(value)) }}
    public init(floatLiteral value: Double) {{ self.init(x: value, y: value) }}
    public static func + (l: Vec{m}, r: Vec{m}) -> Vec{m} {{ Vec{m}(x: l.x + r.x, y: l.y + r.y) }}
    public static func - (l: Vec{m}, r: Vec{m}) -> Vec{m} {{ Vec{m}(x: l.x - r.x, y: l.y - r.y) }}
    public static func * (l: Vec{m}, r: Double) -> Vec{m} {{ Vec{m}(x: l.x * r, y: l.y * r) }}
    public static func * (l: Double, r: Vec{m}) -> Vec{m} {{ r * l }}
    public static func / (l: Vec{m}, r: Double) -> Vec{m} {{ Vec{m}(x: l.x / r, y: l.y / r) }}
}}
"""


FUNCTIONS = {"records": records_function, "inference": inference_function, "operators": operators_function}


def infra_file(module, m, f, style, functions):
    body = "".join(FUNCTIONS[style](m, f * functions + i) for i in range(functions))
    return f"""import Ports

public struct Helper{m}x{f} {{
    public init() {{}}
{body}}}
"""


def infra_types(module, client, verb, m, style):
    kinds = f"""public enum Kind{m}: Sendable {{ case small(Int), large(Int), none }}

public struct Entry{m}: Sendable {{
    public var id: Int
    public var label: String
    public var kind: Kind{m}
    public var note: String?
    public init(id: Int, label: String, kind: Kind{m}, note: String? = nil) {{
        self.id = id; self.label = label; self.kind = kind; self.note = note
    }}
}}

public enum Outcome{m}: Sendable {{ case accepted(Entry{m}), rejected(reason: String), deferred(Int) }}
"""
    return f"""import Ports

{kinds if style == "records" else operators_types(m) if style == "operators" else ""}
public final class {client}: @unchecked Sendable {{
    public static let shared = {client}()
    private var log: [String] = []
    private init() {{}}

    public func {verb}(_ key: String) -> Int {{
        log.append(key)
        return log.count
    }}
}}
"""


def ports():
    return """public protocol Fetching: AnyObject { func fetch(_ key: String) -> Int }
public protocol Persisting: AnyObject { func persist(_ key: String) -> Int }
public protocol Emitting: AnyObject { func emit(_ key: String) -> Int }
"""


UI_SHIM = """public protocol View {
    associatedtype Body: View
    var body: Body { get }
}

public struct Label: View {
    public let text: String
    public init(_ text: String) { self.text = text }
    public var body: Label { self }
}
"""


def screen(i, shape):
    if shape == "naive":
        return f"""import UIShim
import Transport
import Store
import Telemetry

public struct Screen{i}: View {{
    public init() {{}}
    public var body: Label {{
        let fetched = Courier.shared.fetch("screen{i}")
        let stored = Ledger.shared.persist("screen{i}")
        let emitted = Beacon.shared.emit("screen{i}")
        return Label("\\(fetched + stored + emitted)")
    }}
}}
"""
    return f"""import UIShim
import Ports

public struct Screen{i}: View {{
    let fetcher: any Fetching
    let persister: any Persisting
    let emitter: any Emitting
    public init(fetcher: any Fetching, persister: any Persisting, emitter: any Emitting) {{
        self.fetcher = fetcher; self.persister = persister; self.emitter = emitter
    }}
    public var body: Label {{
        let total = fetcher.fetch("screen{i}") + persister.persist("screen{i}") + emitter.emit("screen{i}")
        return Label("\\(total)")
    }}
}}
"""


def main_file(shape, screens):
    if shape == "naive":
        return "import Screens\n\n" + "".join(f"_ = Screen{i}().body\n" for i in range(screens))
    adapters = "".join(f"extension {client}: {proto} {{}}\n" for (_, client, _), proto in
                       zip(INFRA, ["Fetching", "Persisting", "Emitting"]))
    uses = "".join(f"_ = Screen{i}(fetcher: Courier.shared, persister: Ledger.shared, emitter: Beacon.shared).body\n"
                   for i in range(screens))
    return "import Ports\nimport Screens\nimport Transport\nimport Store\nimport Telemetry\n\n" + adapters + "\n" + uses


def manifest(shape):
    infra = ", ".join(f'"{m}"' for m, _, _ in INFRA)
    screens_deps = '"UIShim", "Ports"' + (", " + infra if shape == "naive" else "")
    targets = "".join(f'        .target(name: "{m}", dependencies: ["Ports"]),\n' for m, _, _ in INFRA)
    return f"""// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "IndependentPair",
    targets: [
        .target(name: "UIShim"),
        .target(name: "Ports"),
{targets}        .target(name: "Screens", dependencies: [{screens_deps}]),
        .executableTarget(name: "Main", dependencies: ["Screens", {infra}]),
    ]
)
"""


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--style", choices=sorted(FUNCTIONS), required=True)
    parser.add_argument("--screens", type=int, default=40)
    parser.add_argument("--files", type=int, default=24)
    parser.add_argument("--functions", type=int, default=14)
    args = parser.parse_args()
    for shape in ("naive", "firewalled"):
        files = {"Package.swift": manifest(shape), ".firebreak.yml": 'view_protocols: ["UIShim.View"]\n',
                 "Sources/UIShim/UIShim.swift": UI_SHIM, "Sources/Ports/Ports.swift": ports(),
                 "Sources/Main/main.swift": main_file(shape, args.screens)}
        for m, (module, client, verb) in enumerate(INFRA):
            files[f"Sources/{module}/{client}.swift"] = infra_types(module, client, verb, m, args.style)
            for f in range(args.files):
                files[f"Sources/{module}/Helper{f}.swift"] = infra_file(module, m, f, args.style, args.functions)
        for i in range(args.screens):
            files[f"Sources/Screens/Screen{i}.swift"] = screen(i, shape)
        write(os.path.join(args.out, shape), files)


if __name__ == "__main__":
    main()
