#!/usr/bin/env python3
"""Writes single-module SwiftUI-shaped packages, naive and firewalled, for timing incremental rebuilds.

    benchmarks/rebuild/generate.py DIR [--only NAME,...]

Each package has two targets: `SwiftUIStub` (a stand-in for SwiftUI, which Linux lacks; named in
the package's .firebreak.yml through `view_protocols`) and `App`, the whole app in one module:
infrastructure clients with shared instances (`APIClient`, `Database`, `Tracker`) and the code
behind them, model values, screens (a view model and a view per file), helpers, and a composition
root (`main.swift`). Naive: view models read the clients' `.shared` instances. Firewalled: view
models take protocols the high-level side owns, and `main.swift` conforms the clients and injects
them. APIClient is read by every screen, Database by every second, Tracker by every fourth, so one
package gives three sizes of rebuild.
"""
import argparse, os

# name: (screens, infrastructure part files, helper files, style, functions per screen, layout)
# Layout `joined`: a screen's view and view model share a file, and main.swift constructs the view
# models. `split`: each view has a file of its own and constructs its view model (naive) or is
# given it (firewalled).
SHAPES = {
    "Plain20": (20, 10, 5, "plain", 3, "joined"),
    "Plain60": (60, 30, 10, "plain", 3, "joined"),
    "Plain120": (120, 40, 20, "plain", 2, "joined"),
    "Heavy30": (30, 15, 5, "heavy", 4, "joined"),
    "Heavy60": (60, 20, 10, "heavy", 3, "joined"),
    "Mixed40": (40, 20, 10, "mixed", 3, "joined"),
    "Mixed90": (90, 30, 15, "mixed", 3, "joined"),
    "Split50": (50, 20, 10, "plain", 3, "split"),
    "SplitHeavy30": (30, 15, 5, "heavy", 3, "split"),
}

CLIENTS = [  # type, protocol, requirement, body, which screens use it
    ("APIClient", "ItemsProviding", "func fetchItems() -> [Item]",
     "func fetchItems() -> [Item] {\n        let salt = 0\n        return (0..<5).map { Item(id: $0 + salt, title: \"item \\($0)\") }\n    }", 1),
    ("Database", "ItemStoring", "func save(_ items: [Item])",
     "func save(_ items: [Item]) { stored += items.count }\n    private(set) var stored = 0", 2),
    ("Tracker", "EventTracking", "func track(_ event: String)",
     "func track(_ event: String) { events.append(event) }\n    private(set) var events: [String] = []", 4),
]

STUB = """public protocol View {
    associatedtype Body: View
    var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("no body") }
}

public struct Text: View {
    public let content: String
    public init(_ content: String) { self.content = content }
    public var body: Never { fatalError("no body") }
}

public struct TupleView<T>: View {
    public let value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { fatalError("no body") }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
}

public struct VStack<Content: View>: View {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { fatalError("no body") }
}
"""


def plain_function(index, salt):
    return f"""    func step{index}(_ items: [Item]) -> Int {{
        var total = {salt}
        for item in items where item.id % {index % 5 + 2} == 0 {{
            total += item.id
            if total > {1000 + salt} {{ total -= {salt % 7 + 1} }}
        }}
        let label = "step {index}: " + String(total)
        return label.count + total
    }}

"""


def heavy_function(index, salt):
    return f"""    func score{index}(_ items: [Item]) -> Double {{
        let values = items.map {{ Double($0.id) * 1.5 + 2.0 - Double($0.title.count) / 3.0 + {salt}.0 }}
        let kept = values.filter {{ $0 > 1 && $0 < {100 + salt}.0 }}.sorted {{ $0 * 2 - 1 > $1 * 2 - 1 }}
        let pairs = Dictionary(grouping: kept, by: {{ Int($0) % {index % 4 + 2} }}).mapValues {{ $0.reduce(0, +) / Double(max($0.count, 1)) }}
        return pairs.values.reduce(0) {{ $0 + $1 * 0.5 - 1.0 }} + Double(items.count) * 0.25 + {salt}.0 - 2.0 * 3.0
    }}

"""


def function(style, screen, index):
    heavy = style == "heavy" or (style == "mixed" and screen % 2 == 1)
    return heavy_function(index, screen * 7 + index) if heavy else plain_function(index, screen * 7 + index)


def users(screen):
    return [c for c in CLIENTS if screen % c[4] == 0]


def view_text(screen, shape, layout):
    model = f"let model = Screen{screen}ViewModel()" if layout == "split" and shape == "naive" else f"let model: Screen{screen}ViewModel"
    return f"""struct Screen{screen}View: View {{
    {model}

    var body: some View {{
        VStack {{
            Text("Screen {screen}")
            Text("\\(model.items.count) items")
        }}
    }}
}}
"""


def screen_file(screen, shape, style, functions, layout):
    used = users(screen)
    if shape == "naive":
        properties = "\n".join(f"    let {c[0][0].lower() + c[0][1:]} = {c[0]}.shared" for c in used)
        init = "    init() {}"
    else:
        properties = "\n".join(f"    let {c[0][0].lower() + c[0][1:]}: any {c[1]}" for c in used)
        params = ", ".join(f"{c[0][0].lower() + c[0][1:]}: any {c[1]}" for c in used)
        assigns = "\n".join(f"        self.{c[0][0].lower() + c[0][1:]} = {c[0][0].lower() + c[0][1:]}" for c in used)
        init = f"    init({params}) {{\n{assigns}\n    }}"
    calls = []
    for c in used:
        name = c[0][0].lower() + c[0][1:]
        if c[0] == "APIClient":
            calls.append(f"        items = {name}.fetchItems()")
        elif c[0] == "Database":
            calls.append(f"        {name}.save(items)")
        else:
            calls.append(f'        {name}.track("screen {screen}")')
    body = "".join(function(style, screen, i) for i in range(functions))
    text = f"""import SwiftUIStub

final class Screen{screen}ViewModel {{
{properties}
    private(set) var items: [Item] = []

{init}

    func load() {{
{chr(10).join(calls)}
    }}

{body}}}
"""
    return text + ("" if layout == "split" else "\n" + view_text(screen, shape, layout))


def client_file(client):
    name, _, _, body, _ = client
    return f"""final class {name} {{
    static let shared = {name}()
    private let parts = {name}Parts()

    init() {{}}

    {body}

    // firebreak-benchmark: interface edits go above this line
}}

final class {name}Parts {{
    func warmUp() -> Int {{ 0 }}
}}
"""


def part_file(index, style):
    functions = "".join(function(style if style != "mixed" else "plain", 1000 + index, i) for i in range(6))
    return f"""final class InfrastructurePart{index} {{
    let seed: Int

    init(seed: Int) {{ self.seed = seed }}

{functions}}}
"""


def helper_file(index):
    return f"""extension String {{
    func padded{index}(to width: Int) -> String {{
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }}
}}

struct Formatter{index} {{
    func describe(_ item: Item) -> String {{ "\\(item.id): \\(item.title)".padded{index}(to: {10 + index}) }}
}}
"""


def composition_root(shape, screens, layout):
    lines = ["import SwiftUIStub", ""]
    if shape == "firewalled":
        for c in CLIENTS:
            lines.append(f"extension {c[0]}: {c[1]} {{}}")
        lines.append("")
    if layout == "split" and shape == "naive":
        lines += [f"Screen{screen}View().model.load()" for screen in range(screens)]
        lines.append("print(type(of: Screen0View().body))")
        return "\n".join(lines) + "\n"
    for screen in range(screens):
        if shape == "naive":
            lines.append(f"let model{screen} = Screen{screen}ViewModel()")
        else:
            args = ", ".join(f"{c[0][0].lower() + c[0][1:]}: {c[0]}.shared" for c in users(screen))
            lines.append(f"let model{screen} = Screen{screen}ViewModel({args})")
        lines.append(f"model{screen}.load()")
    lines.append("print(type(of: Screen0View(model: model0).body))")
    return "\n".join(lines) + "\n"


def protocols_file():
    return "".join(f"protocol {c[1]} {{ {c[2]} }}\n" for c in CLIENTS)


def write(root, name, shape):
    screens, parts, helpers, style, functions, layout = SHAPES[name]
    files = {
        "Package.swift": f"""// swift-tools-version:5.9
// Generated by benchmarks/rebuild/generate.py ({name}, {shape}).
import PackageDescription

let package = Package(
    name: "{name}",
    targets: [
        .target(name: "SwiftUIStub"),
        .executableTarget(name: "App", dependencies: ["SwiftUIStub"]),
    ]
)
""",
        ".firebreak.yml": 'view_protocols: ["SwiftUIStub.View"]\n',
        "Sources/SwiftUIStub/SwiftUI.swift": STUB,
        "Sources/App/Models/Item.swift": "struct Item: Hashable {\n    let id: Int\n    let title: String\n}\n",
        "Sources/App/main.swift": composition_root(shape, screens, layout),
    }
    if shape == "firewalled":
        files["Sources/App/Domain/Protocols.swift"] = protocols_file()
    for client in CLIENTS:
        files[f"Sources/App/Infrastructure/{client[0]}.swift"] = client_file(client)
    for index in range(parts):
        files[f"Sources/App/Infrastructure/InfrastructurePart{index}.swift"] = part_file(index, style)
    for index in range(helpers):
        files[f"Sources/App/Helpers/Helper{index}.swift"] = helper_file(index)
    for screen in range(screens):
        files[f"Sources/App/Features/Screen{screen}.swift"] = screen_file(screen, shape, style, functions, layout)
        if layout == "split":
            files[f"Sources/App/Features/Screen{screen}View.swift"] = "import SwiftUIStub\n\n" + view_text(screen, shape, layout)
    directory = os.path.join(root, f"{name}-{shape}")
    for path, text in files.items():
        full = os.path.join(directory, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)
    return directory


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("directory")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    for name in SHAPES:
        if only and name not in only:
            continue
        for shape in ("naive", "firewalled"):
            print(write(args.directory, name, shape))


if __name__ == "__main__":
    main()
