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
import argparse, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reach_patterns import counted, interface_edit_runs, write  # noqa: E402  (the same package writer and readings)


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
    print("| package | recompiled per run | counted | counted, never recompiled | recompiled every run, not counted |")
    print("|---|---|---:|---:|---|")
    for name, files in packages().items():
        package = os.path.join(args.work, name)
        write(package, files)
        model = counted(args.features, package)
        runs = interface_edit_runs(package, args.runs, os.path.join(args.work, f"{name}.json"))
        always = set.intersection(*runs)
        print(f"| {name} | {', '.join(str(len(r)) for r in runs)} | {len(model)} | {len(model - set.union(*runs))} "
              f"| {', '.join(sorted(os.path.basename(f) for f in always - model)) or 'none'} |", flush=True)


if __name__ == "__main__":
    main()
