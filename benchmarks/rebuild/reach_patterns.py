#!/usr/bin/env python3
"""Which ways of reaching a type make a file recompile after an interface edit of it, measured,
beside what the rebuild model counts (docs/closure-model.md, "Which files").

    python3 benchmarks/rebuild/reach_patterns.py --features BIN [--work DIR] [--runs 2]

Writes a one-module package into DIR (default: a folder under TMPDIR) with one file per way of
reaching `APIClient` (named, stored in a struct, returned by a free function, a default argument,
an inferred stored property, a protocol only...), times nothing but reads, with
`benchmarks/rebuild/measure.py`, the files the driver compiles after interface edits of
`APIClient`, and prints each file: recompiled in how many of the runs, and whether BIN
(`firebreak-file-features --rebuilt-by APIClient`) counts it. Our own package, written for this.
"""
import argparse, json, os, shutil, subprocess, sys

MARKER = "    // firebreak-benchmark: interface edits go above this line\n"

CLIENT = """final class APIClient: @unchecked Sendable {
    static let shared = APIClient()
    struct Config { var retries = 2 }
    func load(_ path: String) -> [Int] {
        let salt = 0
        return path.utf8.map { Int($0) &+ salt }
    }
""" + MARKER + "}\n"

OTHER = """final class {name}: @unchecked Sendable {{
    static let shared = {name}()
    func run() -> Int {{ 1 }}
""" + MARKER + "}}\n"

FILES = {
    'Sources/App/Code/StaticHolder.swift': 'enum StaticHolder { case home; static var client: APIClient? }\n',
    'Sources/App/Code/UsesStaticHolder.swift': 'struct UsesStaticHolder { let holder: StaticHolder; func isHome() -> Bool { if case .home = holder { return true }; return false } }\n',
    'Sources/App/Code/CaseHolder.swift': 'enum CaseHolder { case none; case client(APIClient) }\n',
    'Sources/App/Code/UsesCaseHolder.swift': 'struct UsesCaseHolder { let holder: CaseHolder; func isNone() -> Bool { if case .none = holder { return true }; return false } }\n',
    'Package.swift': '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "Reach", targets: [.executableTarget(name: "App")])\n',
    'Sources/App/Code/Alias.swift': 'typealias Client = APIClient\n',
    'Sources/App/Code/AnnotatesOnly.swift': 'struct AnnotatesOnly { let model: ModelC4; func run() -> Int { model.names() } }\n',
    'Sources/App/Code/CallsDefault.swift': 'struct CallsDefault { func run() -> Int { DefaultArgument().fetch() } }\n',
    'Sources/App/Code/Conformance.swift': 'protocol Loading { func load(_ path: String) -> [Int] }\nextension APIClient: Loading {}\n',
    'Sources/App/Code/ConstructsExplicitInit.swift': 'struct ConstructsExplicitInit { let model = ModelExplicitInit(); func run() -> Int { model.names() } }\n',
    'Sources/App/Code/ConstructsExplicitModel.swift': 'struct ConstructsExplicitModel { let model = ExplicitModel(); func run() -> Int { model.names() } }\n',
    'Sources/App/Code/ConstructsModel.swift': 'struct ConstructsModel { let model = ProfileViewModel(); func run() -> Int { model.names() } }\n',
    'Sources/App/Code/ConstructsOnly.swift': 'struct ConstructsOnly { func run() -> Int { _ = ModelC1(); return 1 } }\n',
    'Sources/App/Code/DefaultArgument.swift': 'struct DefaultArgument { func fetch(_ client: APIClient = .shared) -> Int { client.load("d").count } }\n',
    'Sources/App/Code/ExplicitModel.swift': 'final class ExplicitModel {\n    let api: APIClient = .shared\n    func names() -> Int { api.load("explicit").count }\n}\n',
    'Sources/App/Code/ExtensionOfClient.swift': 'extension APIClient { func extra() -> Int { 1 } }\n',
    'Sources/App/Code/Factory.swift': 'func makeClient() -> APIClient { .shared }\n',
    'Sources/App/Code/Holder.swift': 'struct Holder { let client: APIClient }\n',
    'Sources/App/Code/Holder2.swift': 'struct Holder2 { let client: APIClient; let name: String }\n',
    'Sources/App/Code/InferredLocal.swift': 'struct InferredLocal { func run() -> Int { let client = makeClient(); return client.load("i").count } }\n',
    'Sources/App/Code/ModelC1.swift': 'final class ModelC1 {\n    let api = APIClient.shared\n    func names() -> Int { api.load("c1").count }\n}\n',
    'Sources/App/Code/ModelC4.swift': 'final class ModelC4 {\n    let api = APIClient.shared\n    init() {}\n    func names() -> Int { api.load("c4").count }\n}\n',
    'Sources/App/Code/ModelExplicitInit.swift': 'final class ModelExplicitInit {\n    let api = APIClient.shared\n    init() {}\n    func names() -> Int { api.load("e").count }\n}\n',
    'Sources/App/Code/NestedType.swift': 'struct NestedType { let config = APIClient.Config() }\n',
    'Sources/App/Code/ProfileViewModel.swift': 'final class ProfileViewModel {\n    let api = APIClient.shared\n    func names() -> Int { api.load("profile").count + Database.shared.run() + Tracker.shared.run() }\n}\n',
    'Sources/App/Code/ProtocolOnly.swift': 'struct ProtocolOnly { let loader: any Loading; func run() -> Int { loader.load("p").count } }\n',
    'Sources/App/Code/StructModel.swift': 'struct StructModel {\n    var count = 0\n    let api = APIClient.shared\n}\n',
    'Sources/App/Code/ThroughProperty.swift': 'struct ThroughProperty { func count(_ holder: Holder) -> Int { holder.client.load("x").count } }\n',
    'Sources/App/Code/Unrelated.swift': 'struct Unrelated { func run() -> Int { 42 } }\n',
    'Sources/App/Code/UsesAlias.swift': 'struct UsesAlias { let client: Client = .shared }\n',
    'Sources/App/Code/UsesHolderName.swift': 'struct UsesHolderName { func run(_ holder: Holder2) -> Int { holder.name.count } }\n',
    'Sources/App/Code/UsesStructModel.swift': 'struct UsesStructModel { func run() -> Int { StructModel(count: 1).count } }\n',
    'Sources/App/main.swift': 'print(ConstructsModel().run() + CallsDefault().run() + InferredLocal().run() + ThroughProperty().count(Holder(client: .shared))\n      + UsesAlias().client.extra() + NestedType().config.retries + ProtocolOnly(loader: APIClient.shared).run() + Unrelated().run()\n      + UsesHolderName().run(Holder2(client: .shared, name: "n")) + ConstructsExplicitModel().run()\n      + ConstructsExplicitInit().run() + ConstructsOnly().run() + AnnotatesOnly(model: ModelC4()).run() + UsesStructModel().run())\n',
}


def write(package, files):
    """`files` (path: text) into a fresh `package`, with the three clients measure.py edits."""
    shutil.rmtree(package, ignore_errors=True)
    for path, text in files.items():
        full = os.path.join(package, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as handle:
            handle.write(text)
    infrastructure = os.path.join(package, "Sources", "App", "Infrastructure")
    os.makedirs(infrastructure, exist_ok=True)
    with open(os.path.join(infrastructure, "APIClient.swift"), "w") as handle:
        handle.write(CLIENT)
    for name in ("Database", "Tracker"):
        with open(os.path.join(infrastructure, f"{name}.swift"), "w") as handle:
            handle.write(OTHER.format(name=name))


def counted(features, package):
    """The files the model says an interface edit of APIClient recompiles, relative to `package`."""
    listed = subprocess.run([os.path.abspath(features), "--rebuilt-by", "APIClient", package],
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return {os.path.relpath(os.path.realpath(os.path.join(package, p)), os.path.realpath(package)) for p in listed if p}


def interface_edit_runs(package, runs, out):
    """measure.py on `package` (into `out`, made anew): the files compiled in each run after an
    interface edit of APIClient."""
    if os.path.exists(out):
        os.remove(out)
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "measure.py"), package, "--runs", str(runs), "--out", out],
                   check=True, capture_output=True)
    edit = next(e for e in json.load(open(out))["measurements"][0]["edits"] if e["edit"] == "interface:APIClient")
    return [set(run["files"]) for run in edit["runs"]]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--features", required=True)
    parser.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-reach"))
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    package = os.path.join(args.work, "Reach")
    write(package, FILES)
    model = counted(args.features, package)
    runs = interface_edit_runs(package, args.runs, os.path.join(args.work, "measurements.json"))
    files = sorted(p for p in FILES if p.startswith("Sources/")) + ["Sources/App/Infrastructure/APIClient.swift"]
    print("| file | recompiled | counted |")
    print("|---|---:|---|")
    for path in files:
        times = sum(path in run for run in runs)
        print(f"| {os.path.basename(path)} | {times} of {len(runs)} | {'yes' if path in model else 'no'} |")
    print(f"\nrecompiled per run: {[len(run) for run in runs]}; counted: {len(model)}; counted but never recompiled: "
          f"{sorted(os.path.basename(p) for p in model - set.union(*runs))}")


if __name__ == "__main__":
    main()
