#!/usr/bin/env python3
"""Writes a deterministic synthetic SwiftUI app for benchmarks.

Features are screen folders (View, ViewModel, Model, optional Row view); infrastructure is a set of
clients (network, database, analytics…) with singletons; domain protocols sit between. A share of
view models reach singletons directly (the naive pattern), the rest take a protocol through init.
Same seed, same tree, byte for byte.

    python3 benchmarks/generate_app.py OUT_DIR [--files 1000] [--seed 1] [--naive 0.4]
"""
import argparse, os, random

INFRA = ["APIClient", "Database", "Analytics", "ImageCache", "Keychain", "FeatureFlags", "Telemetry", "Sync"]
FRAMEWORKS = {"APIClient": "Foundation", "Database": "CoreData", "Analytics": "FirebaseAnalytics",
              "ImageCache": "Foundation", "Keychain": "Security", "FeatureFlags": "Foundation",
              "Telemetry": "OSLog", "Sync": "CloudKit"}

def infra_client(name, rng, helpers):
    methods = "\n".join(
        f"""    func operation{i}(_ input: {name}Request) async throws -> {name}Response {{
        let started = Date()
        let payload = try encoder.encode(input)
        log("\\({name}.self) operation{i} \\(payload.count) bytes")
        let value = try await helper{i % helpers}.run(payload)
        return {name}Response(id: input.id, value: value, elapsed: Date().timeIntervalSince(started))
    }}""" for i in range(rng.randint(8, 14)))
    helper_types = "\n".join(
        f"""final class {name}Helper{h} {{
    private var cache: [Int: String] = [:]
    func run(_ data: Data) async throws -> String {{
        if let hit = cache[data.count] {{ return hit }}
        let text = String(decoding: data, as: UTF8.self)
        cache[data.count] = text
        return text.uppercased()
    }}
}}""" for h in range(helpers))
    helper_props = "\n".join(f"    private let helper{h} = {name}Helper{h}()" for h in range(helpers))
    return f"""import Foundation
import {FRAMEWORKS[name]}

struct {name}Request: Codable {{
    let id: Int
    let query: String
}}

struct {name}Response: Codable {{
    let id: Int
    let value: String
    let elapsed: TimeInterval
}}

final class {name} {{
    static let shared = {name}()
    private let encoder = JSONEncoder()
{helper_props}

{methods}

    private func log(_ message: String) {{
        print(message)
    }}
}}

{helper_types}
"""

def protocol_file(name):
    return f"""protocol {name}Providing {{
    func operation0(_ input: {name}Request) async throws -> {name}Response
}}

extension {name}: {name}Providing {{}}
"""

def model_file(feature):
    return f"""import Foundation

struct {feature}Item: Identifiable, Hashable {{
    let id: Int
    var title: String
    var subtitle: String
    var score: Double
}}
"""

def view_model_file(feature, infra, naive):
    if naive:
        uses = "\n".join(f"        _ = try? await {n}.shared.operation0({n}Request(id: 1, query: \"{feature}\"))" for n in infra)
        return f"""import Foundation
import Combine

@MainActor
final class {feature}ViewModel: ObservableObject {{
    @Published var items: [{feature}Item] = []
    @Published var isLoading = false

    func load() async {{
        isLoading = true
{uses}
        items = (0..<20).map {{ {feature}Item(id: $0, title: "Item \\($0)", subtitle: "{feature}", score: Double($0)) }}
        isLoading = false
    }}
}}
"""
    props = "\n".join(f"    private let {n[0].lower() + n[1:]}: any {n}Providing" for n in infra)
    params = ", ".join(f"{n[0].lower() + n[1:]}: any {n}Providing" for n in infra)
    assigns = "\n".join(f"        self.{n[0].lower() + n[1:]} = {n[0].lower() + n[1:]}" for n in infra)
    uses = "\n".join(f"        _ = try? await {n[0].lower() + n[1:]}.operation0({n}Request(id: 1, query: \"{feature}\"))" for n in infra)
    return f"""import Foundation
import Combine

@MainActor
final class {feature}ViewModel: ObservableObject {{
    @Published var items: [{feature}Item] = []
{props}

    init({params}) {{
{assigns}
    }}

    func load() async {{
{uses}
    }}
}}
"""

def view_file(feature, naive):
    init = f"@StateObject private var viewModel = {feature}ViewModel()" if naive else f"@ObservedObject var viewModel: {feature}ViewModel"
    return f"""import SwiftUI

struct {feature}View: View {{
    {init}

    var body: some View {{
        List(viewModel.items) {{ item in
            {feature}Row(item: item)
        }}
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

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--naive", type=float, default=0.4, help="share of view models that read singletons")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    files = {}
    for name in INFRA:
        files[f"Infrastructure/{name}.swift"] = infra_client(name, rng, helpers=3)
        files[f"Domain/{name}Providing.swift"] = protocol_file(name)
    feature = 0
    while len(files) < args.files:
        name = f"Feature{feature:04d}"
        naive = rng.random() < args.naive
        infra = sorted(rng.sample(INFRA, rng.randint(1, 3)))
        files[f"Features/{name}/{name}View.swift"] = view_file(name, naive)
        files[f"Features/{name}/{name}ViewModel.swift"] = view_model_file(name, infra, naive)
        files[f"Features/{name}/{name}Item.swift"] = model_file(name)
        feature += 1
    for path, text in sorted(files.items()):
        full = os.path.join(args.out, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)
    lines = sum(text.count("\n") for text in files.values())
    print(f"wrote {len(files)} files, {lines} lines, {feature} features to {args.out}")

if __name__ == "__main__":
    main()
