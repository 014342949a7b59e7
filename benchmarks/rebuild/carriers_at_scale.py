#!/usr/bin/env python3
"""The rebuild model's one-step carriers, and a view that constructs its view model, at 40 files.

    python3 benchmarks/rebuild/carriers_at_scale.py --features BIN [--work DIR] [--runs 2]

reach_patterns.py shows each way of reaching a type in a package of a few files, where one batch
job compiles most of them. This writes two one-module packages of 40 screens each and reads, with
`benchmarks/rebuild/measure.py`, the files the driver compiles after an interface edit of
`APIClient`, beside what BIN (`firebreak-file-features --rebuilt-by APIClient`) counts:

- Carry40: screens that never name `APIClient` but use a struct that stores it, an enum with a
  case payload of it, or call a free function that returns it (a third each);
- Method40: screens that call a method of a struct whose signature names `APIClient` (a default
  argument, a result) or, a third of them, one whose signature does not;
- Split40: a view per file constructing its view model (`let model = ScreenNViewModel()`), whose
  view model reads `APIClient.shared` into an inferred stored property.

Our own packages, written for this.
"""
import argparse, json, os, shutil, subprocess, sys

MARKER = "    // firebreak-benchmark: interface edits go above this line\n"
CLIENT = ("final class APIClient: @unchecked Sendable {\n    static let shared = APIClient()\n"
          "    func load(_ path: String) -> [Int] {\n        let salt = 0\n        return path.utf8.map { Int($0) &+ salt }\n    }\n"
          + MARKER + "}\n")
OTHER = "final class {name}: @unchecked Sendable {{\n    static let shared = {name}()\n    func run() -> Int {{ 1 }}\n" + MARKER + "}}\n"


def carry40(screen):
    kind = screen % 3
    if kind == 0:
        return f'struct Screen{screen}Model {{ let deps: Dependencies; func title() -> String {{ deps.name + "{screen}" }} }}\n'
    if kind == 1:
        return (f"struct Screen{screen}Model {{ let source: Source; "
                "func isNone() -> Bool { if case .none = source { return true }; return false } }\n")
    return f'struct Screen{screen}Model {{ func count() -> Int {{ makeClient().load("{screen}").count }} }}\n'


def packages():
    carry = {"Package.swift": '// swift-tools-version:5.9\nimport PackageDescription\n'
                              'let package = Package(name: "Carry40", targets: [.executableTarget(name: "App")])\n',
             "Sources/App/Dependencies.swift": "struct Dependencies { let api: APIClient; let name: String }\n"
                                               "enum Source { case none; case client(APIClient) }\n"
                                               "func makeClient() -> APIClient { .shared }\n",
             "Sources/App/main.swift": 'print("ok")\n'}
    carry.update({f"Sources/App/Screens/Screen{i}Model.swift": carry40(i) for i in range(40)})
    split = {"Package.swift": '// swift-tools-version:5.9\nimport PackageDescription\n'
                              'let package = Package(name: "Split40", targets: [.target(name: "UIShim"), '
                              '.executableTarget(name: "App", dependencies: ["UIShim"])])\n',
             "Sources/UIShim/View.swift": "public protocol View { associatedtype Body; var body: Body { get } }\n"
                                         "public struct Text { public init(_ s: String) {} }\n",
             ".firebreak.yml": 'view_protocols: ["UIShim.View"]\n',
             "Sources/App/main.swift": 'print("ok")\n'}
    for i in range(40):
        split[f"Sources/App/Screens/Screen{i}ViewModel.swift"] = (
            f"final class Screen{i}ViewModel {{\n    private let api = APIClient.shared\n    private(set) var items: [Int] = []\n"
            f'    func load() {{ items = api.load("screen{i}") }}\n    func title() -> String {{ "Screen {i}: \\(items.count)" }}\n}}\n')
        split[f"Sources/App/Screens/Screen{i}View.swift"] = (
            f"import UIShim\n\nstruct Screen{i}View: View {{\n    let model = Screen{i}ViewModel()\n"
            "    var body: Text { Text(model.title()) }\n}\n")
    method = {"Package.swift": '// swift-tools-version:5.9\nimport PackageDescription\n'
                               'let package = Package(name: "Method40", targets: [.executableTarget(name: "App")])\n',
              "Sources/App/Service.swift": "struct Service {\n    func fetch(_ client: APIClient = .shared) -> Int { client.load(\"s\").count }\n"
                                          "    func client() -> APIClient { .shared }\n    func plain() -> Int { 1 }\n}\n",
              "Sources/App/main.swift": 'print("ok")\n'}
    for i in range(40):
        call = ["Service().fetch()", f'service.client().load("{i}").count', "service.plain()"][i % 3]
        holder = "" if i % 3 == 0 else "let service: Service; "
        method[f"Sources/App/Screens/Screen{i}Model.swift"] = f"struct Screen{i}Model {{ {holder}func run() -> Int {{ {call} + {i} }} }}\n"
    return {"Carry40": carry, "Method40": method, "Split40": split}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--features", required=True)
    parser.add_argument("--work", default=os.path.join(os.environ.get("TMPDIR", "/tmp"), "firebreak-carriers"))
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    print("| package | recompiled per run | counted | counted, never recompiled | recompiled every run, not counted |")
    print("|---|---|---:|---:|---|")
    for name, files in packages().items():
        package = os.path.join(args.work, name)
        shutil.rmtree(package, ignore_errors=True)
        for path, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(package, path)), exist_ok=True)
            with open(os.path.join(package, path), "w") as handle:
                handle.write(text)
        infrastructure = os.path.join(package, "Sources", "App", "Infrastructure")
        os.makedirs(infrastructure)
        with open(os.path.join(infrastructure, "APIClient.swift"), "w") as handle:
            handle.write(CLIENT)
        for other in ("Database", "Tracker"):
            with open(os.path.join(infrastructure, f"{other}.swift"), "w") as handle:
                handle.write(OTHER.format(name=other))
        counted = set(subprocess.run([os.path.abspath(args.features), "--rebuilt-by", "APIClient", package],
                                     capture_output=True, text=True, check=True).stdout.split("\n")) - {""}
        counted = {os.path.relpath(os.path.realpath(os.path.join(package, p)), os.path.realpath(package)) for p in counted}
        out = os.path.join(args.work, f"{name}.json")
        if os.path.exists(out):
            os.remove(out)
        subprocess.run([sys.executable, os.path.join(here, "measure.py"), package, "--runs", str(args.runs), "--out", out],
                       check=True, capture_output=True)
        edit = next(e for e in json.load(open(out))["measurements"][0]["edits"] if e["edit"] == "interface:APIClient")
        runs = [set(run["files"]) for run in edit["runs"]]
        always = set.intersection(*runs)
        print(f"| {name} | {', '.join(str(len(r)) for r in runs)} | {len(counted)} | {len(counted - set.union(*runs))} "
              f"| {', '.join(sorted(os.path.basename(f) for f in always - counted)) or 'none'} |", flush=True)


if __name__ == "__main__":
    main()
