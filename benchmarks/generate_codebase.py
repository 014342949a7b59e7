#!/usr/bin/env python3
"""Writes a deterministic synthetic multi-module SwiftUI codebase of about --lines lines.

A root Package.swift declares a Core module (domain protocols and models), infrastructure modules
(clients with `static let shared`, importing CoreData, Firebase, Alamofire…) and feature modules
(views, view models, models and a logic file per screen). A share of view models read singletons
and import infrastructure modules directly (the naive pattern, which firebreak reports); the rest
take protocols from Core through init. Files average about 90 lines (DuckDuckGo's: 137). Same
arguments, same tree, byte for byte.

    python3 benchmarks/generate_codebase.py OUT_DIR --lines 100000 [--modules 12] [--seed 1]
"""
import argparse, os, random, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from generate_app import INFRA, infra_client, model_file  # noqa: E402

INFRA_MODULES = {"Networking": ["APIClient", "ImageCache", "Sync"], "Persistence": ["Database", "Keychain"],
                 "Analytics": ["Analytics", "Telemetry", "FeatureFlags"]}


def core_file(name):
    """What features see of a client: its protocol and value types, owned by Core."""
    return f"""import Foundation

public struct {name}Request: Codable, Sendable {{
    public let id: Int
    public let query: String

    public init(id: Int, query: String) {{
        self.id = id
        self.query = query
    }}
}}

public struct {name}Response: Codable, Sendable {{
    public let id: Int
    public let value: String
    public let elapsed: TimeInterval
}}

public protocol {name}Providing: Sendable {{
    func operation0(_ input: {name}Request) async throws -> {name}Response
}}
"""


def adapter_file(name, rng):
    """The concrete client, with its value types moved to Core, conforming to Core's protocol."""
    text = infra_client(name, rng, helpers=3)
    text = re.sub(r"struct " + name + r"(Request|Response): Codable \{.*?\n\}\n\n", "", text, flags=re.S)
    text = text.replace("import Foundation\nimport Foundation\n", "import Foundation\n")
    return "import Core\n" + text + f"\nextension {name}: {name}Providing {{}}\n"


def logic_file(feature, rng):
    """Formatting, validation and mapping helpers: the bulk of a real screen's code."""
    functions = []
    for index in range(rng.randint(24, 48)):
        kind = rng.randrange(4)
        if kind == 0:
            functions.append(f"""    static func format{index}(_ items: [{feature}Item], limit: Int) -> [String] {{
        items
            .filter {{ $0.score > Double({index}) }}
            .sorted {{ $0.score > $1.score }}
            .prefix(limit)
            .map {{ "\\($0.title) (\\(Int($0.score)))" }}
    }}""")
        elif kind == 1:
            functions.append(f"""    static func validate{index}(_ text: String) -> Result<String, {feature}Error> {{
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {{ return .failure(.empty) }}
        guard trimmed.count <= {20 + index * 3} else {{ return .failure(.tooLong(trimmed.count)) }}
        if trimmed.contains(where: {{ $0.isNewline }}) {{ return .failure(.invalid("line break")) }}
        return .success(trimmed)
    }}""")
        elif kind == 2:
            functions.append(f"""    static func summary{index}(_ items: [{feature}Item]) -> [String: Double] {{
        var totals: [String: Double] = [:]
        for item in items {{
            let key = item.subtitle.isEmpty ? "other" : item.subtitle
            totals[key, default: 0] += item.score * {index + 1}.0
        }}
        return totals.mapValues {{ ($0 * 100).rounded() / 100 }}
    }}""")
        else:
            functions.append(f"""    static func group{index}(_ items: [{feature}Item]) -> [[{feature}Item]] {{
        let buckets = Dictionary(grouping: items) {{ Int($0.score) % {index + 2} }}
        return buckets.keys.sorted().compactMap {{ key in
            guard let bucket = buckets[key], !bucket.isEmpty else {{ return nil }}
            return bucket.sorted {{ $0.id < $1.id }}
        }}
    }}""")
    body = "\n\n".join(functions)
    return f"""import Foundation

enum {feature}Error: Error, Equatable {{
    case empty
    case tooLong(Int)
    case invalid(String)
}}

/// Pure helpers for the {feature} screen.
enum {feature}Logic {{
{body}
}}
"""


def view_model(feature, infra, naive, module_of):
    if naive:
        imports = "".join(f"import {module_of[name]}\n" for name in sorted({n for n in infra}, key=str))
        imports = "".join(sorted(set(imports.splitlines(keepends=True))))
        props = "\n".join(f"    private let {n[0].lower() + n[1:]} = {n}.shared" for n in infra)
        init = ""
    else:
        imports = "import Core\n"
        props = "\n".join(f"    private let {n[0].lower() + n[1:]}: any {n}Providing" for n in infra)
        params = ", ".join(f"{n[0].lower() + n[1:]}: any {n}Providing" for n in infra)
        assigns = "\n".join(f"        self.{n[0].lower() + n[1:]} = {n[0].lower() + n[1:]}" for n in infra)
        init = f"\n    init({params}) {{\n{assigns}\n    }}\n"
    uses = "\n".join(f"        _ = try? await {n[0].lower() + n[1:]}.operation0({n}Request(id: 1, query: \"{feature}\"))" for n in infra)
    return f"""import Combine
{imports}import Foundation

@MainActor
final class {feature}ViewModel: ObservableObject {{
    @Published var items: [{feature}Item] = []
    @Published var isLoading = false
{props}
{init}
    func load() async {{
        isLoading = true
{uses}
        items = (0..<20).map {{ {feature}Item(id: $0, title: "Item \\($0)", subtitle: "{feature}", score: Double($0)) }}
        isLoading = false
    }}

    var headlines: [String] {{ {feature}Logic.format0(items, limit: 5) }}
}}
"""


def view(feature, naive):
    state = f"@StateObject private var viewModel = {feature}ViewModel()" if naive else f"@ObservedObject var viewModel: {feature}ViewModel"
    return f"""import SwiftUI

struct {feature}View: View {{
    {state}

    var body: some View {{
        List(viewModel.items) {{ item in
            {feature}Row(item: item)
        }}
        .overlay {{ if viewModel.isLoading {{ ProgressView() }} }}
        .navigationTitle("{feature}")
        .task {{ await viewModel.load() }}
    }}
}}

struct {feature}Row: View {{
    let item: {feature}Item

    var body: some View {{
        VStack(alignment: .leading) {{
            Text(item.title).font(.headline)
            Text(item.subtitle).font(.subheadline)
        }}
    }}
}}
"""


def package(features, infra_modules):
    targets = ['        .target(name: "Core"),']
    for module in infra_modules:
        targets.append(f'        .target(name: "{module}", dependencies: ["Core"]),')
    for module, deps in features:
        listed = ", ".join(f'"{d}"' for d in ["Core"] + sorted(deps))
        targets.append(f'        .target(name: "{module}", dependencies: [{listed}]),')
    return """// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Generated",
    targets: [
""" + "\n".join(targets) + """
    ]
)
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--lines", type=int, default=100_000, help="approximate total lines")
    parser.add_argument("--modules", type=int, default=12, help="feature modules")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=float, default=0.3, help="share of view models that read singletons")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    module_of = {name: module for module, names in INFRA_MODULES.items() for name in names}
    files = {}
    for module, names in INFRA_MODULES.items():
        for name in names:
            files[f"Sources/{module}/{name}.swift"] = adapter_file(name, rng)
    for name in INFRA:
        files[f"Sources/Core/{name}Providing.swift"] = core_file(name)
    features = [[f"Feature{m:02d}", set()] for m in range(args.modules)]
    total = sum(text.count("\n") for text in files.values())
    screen = 0
    while total < args.lines:
        module = features[screen % args.modules]
        name = f"Screen{screen:05d}"
        naive = rng.random() < args.naive
        infra = sorted(rng.sample(INFRA, rng.randint(1, 3)))
        if naive:
            module[1].update(module_of[n] for n in infra)
        base = f"Sources/{module[0]}/{name}"
        for path, text in [(f"{base}/{name}View.swift", view(name, naive)),
                           (f"{base}/{name}ViewModel.swift", view_model(name, infra, naive, module_of)),
                           (f"{base}/{name}Item.swift", model_file(name)),
                           (f"{base}/{name}Logic.swift", logic_file(name, rng))]:
            files[path] = text
            total += text.count("\n")
        screen += 1
    files["Package.swift"] = package(features, INFRA_MODULES.keys())
    for path, text in files.items():
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)
    print(f"{args.out}: {len(files)} files, {total} lines, {args.modules} feature modules, {screen} screens")


if __name__ == "__main__":
    main()
