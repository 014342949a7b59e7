#!/usr/bin/env python3
"""Single-module SwiftUI-shaped packages whose view models read infrastructure singletons and
whose composition root builds every screen: what `firebreak fix --apply` must leave compiling.

Linux has no SwiftUI, so a small `View` protocol in the module stands in for it
(`view_protocols: ["View"]`). Every screen's view model reads its infrastructure one of several
ways, chosen by the seed: a stored property holding the singleton, calls straight through it, an
existing init, a memberwise struct, a main-actor service, an actor, reads inside closures.

    generate_fixable.py OUT_DIR [--screens N] [--seed S]
"""
import argparse
import os
import random

UI = """/// Stands in for SwiftUI on Linux: main-actor isolated, as SwiftUI's is.
@MainActor
protocol View {
    associatedtype Body: View
    var body: Body { get }
}

struct Label: View {
    let text: String
    init(_ text: String) { self.text = text }
    var body: Label { self }
}
"""

INFRASTRUCTURE = {
    "APIClient.swift": """import Foundation

struct User: Sendable {
    let id: String
    let name: String
}

final class APIClient: Sendable {
    static let shared = APIClient()
    let baseURL = URL(string: "https://example.com")!

    func fetchUser(id: String) async throws -> User { User(id: id, name: "user \\(id)") }
    func fetchFeed(page: Int, size: Int) async throws -> [String] { (0..<size).map { "item \\(page).\\($0)" } }
    func cancelAll() {}
}
""",
    "Database.swift": """final class Database: @unchecked Sendable {
    static let shared = Database()
    private var rows: [String: String] = [:]
    var count: Int { rows.count }

    @discardableResult
    func save(_ value: String, forKey key: String) -> Bool {
        rows[key] = value
        return true
    }

    func load<T: LosslessStringConvertible>(_ key: String, as type: T.Type) -> T? { rows[key].flatMap(T.init) }
}
""",
    "SessionStore.swift": """@MainActor
final class SessionStore {
    static let shared = SessionStore()
    var isLoggedIn: Bool { true }
    func logOut() {}
}
""",
    "Analytics.swift": """final class Analytics: Sendable {
    static let shared = Analytics()
    func track(_ event: String, properties: [String: String]) {}
}
""",
    "ImageCache.swift": """actor ImageCache {
    static let shared = ImageCache()
    private var images: [String: [UInt8]] = [:]
    func image(for key: String) -> [UInt8]? { images[key] }
    func store(_ bytes: [UInt8], for key: String) { images[key] = bytes }
}
""",
}


def view_model(i, kind):
    name = f"Screen{i}ViewModel"
    if kind == 0:
        return f"""final class {name}: @unchecked Sendable {{
    private let api = APIClient.shared
    private(set) var title = "Screen {i}"

    func load() async {{
        if let user = try? await api.fetchUser(id: "{i}") {{ title = user.name }}
        _ = try? await api.fetchFeed(page: 1, size: {i % 5 + 1})
    }}
}}
"""
    if kind == 1:
        return f"""final class {name} {{
    let title: String

    init(title: String) {{
        self.title = title
    }}

    func save() -> Int {{
        Database.shared.save(title, forKey: "screen{i}")
        return Database.shared.count + (Database.shared.load("screen{i}", as: Int.self) ?? 0)
    }}
}}
"""
    if kind == 2:
        return f"""@MainActor
final class {name} {{
    var title: String {{ SessionStore.shared.isLoggedIn ? "Screen {i}" : "Signed out" }}

    func signOut() {{
        SessionStore.shared.logOut()
        let events = ["signOut"]
        events.forEach {{ event in Analytics.shared.track(event, properties: ["screen": "{i}"]) }}
    }}
}}
"""
    return f"""struct {name} {{
    let id: Int
    var title: String {{ "Screen \\(id)" }}

    func thumbnail() async -> [UInt8] {{
        await ImageCache.shared.image(for: "screen\\(id)") ?? []
    }}
}}
"""


def construction(i, kind):
    name = f"Screen{i}ViewModel"
    return {0: f"{name}()", 1: f'{name}(title: "Screen {i}")', 2: f"{name}()", 3: f"{name}(id: {i})"}[kind]


def screen(i):
    return f"""struct Screen{i}View: View {{
    let viewModel: Screen{i}ViewModel

    var body: Label {{
        Label("\\(viewModel.title)")
    }}
}}
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--screens", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = [rng.randrange(4) for _ in range(args.screens)]
    files = {
        "Package.swift": """// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "Shop", targets: [.executableTarget(name: "Shop")])
""",
        ".firebreak.yml": 'view_protocols: ["View"]\n',
        ".gitignore": ".build/\nPackage.resolved\n",
        "Sources/Shop/UI/View.swift": UI,
    }
    for name, text in INFRASTRUCTURE.items():
        files[f"Sources/Shop/Infrastructure/{name}"] = text
    for i, kind in enumerate(kinds):
        files[f"Sources/Shop/Features/Screen{i}/Screen{i}ViewModel.swift"] = view_model(i, kind)
        files[f"Sources/Shop/Features/Screen{i}/Screen{i}View.swift"] = screen(i)
    screens = ",\n".join(f"            Screen{i}View(viewModel: {construction(i, kind)})" for i, kind in enumerate(kinds))
    files["Sources/Shop/App/ShopApp.swift"] = f"""@main
@MainActor
enum ShopApp {{
    static func main() {{
        let screens: [any View] = [
{screens},
        ]
        print(screens.count)
    }}
}}
"""
    for path, text in files.items():
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)


if __name__ == "__main__":
    main()
