#!/usr/bin/env python3
"""Measures swiftc's type-checking rate (seconds per thousand code lines) on this machine.

Generates app-like Swift (models, services, view-model classes with closures, optionals, string
interpolation and collection pipelines) in two sizes and times `swiftc -typecheck` on each, several
times. The marginal rate (large minus small, over the extra lines) excludes the compiler's fixed
start-up cost; that rate is firebreak's default `--seconds-per-kloc`.

    python3 benchmarks/typecheck_rate.py [--runs 3]
"""
import argparse, os, statistics, subprocess, tempfile, time

def unit(i):
    return f'''
struct Item{i}: Codable, Hashable {{
    let id: Int
    var title: String
    var tags: [String]
    var score: Double?
}}

protocol Loading{i} {{
    func load(page: Int) async throws -> [Item{i}]
}}

final class Store{i} {{
    private var items: [Item{i}] = []
    private let loader: Loading{i}
    var onChange: (([Item{i}]) -> Void)?

    init(loader: Loading{i}) {{
        self.loader = loader
    }}

    func refresh(page: Int) async {{
        do {{
            let loaded = try await loader.load(page: page)
            items = loaded.filter {{ !$0.title.isEmpty }}.sorted {{ ($0.score ?? 0) > ($1.score ?? 0) }}
            onChange?(items)
        }} catch {{
            print("failed page \\(page): \\(error)")
        }}
    }}

    func summary() -> String {{
        let total = items.reduce(0.0) {{ $0 + ($1.score ?? 0) }}
        let tags = Set(items.flatMap(\\.tags)).sorted().joined(separator: ", ")
        return "\\(items.count) items, total \\(total), tags: \\(tags)"
    }}

    func item(titled title: String) -> Item{i}? {{
        items.first {{ $0.title.lowercased() == title.lowercased() }}
    }}
}}
'''

def generate(path, units):
    with open(path, "w") as f:
        for i in range(units):
            f.write(unit(i))

def code_lines(path):
    with open(path) as f:
        return sum(1 for line in f if line.strip() and not line.strip().startswith("//"))

def typecheck(path):
    start = time.monotonic()
    subprocess.run(["swiftc", "-typecheck", "-swift-version", "5", path], check=True)
    return time.monotonic() - start

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--small", type=int, default=20)
    parser.add_argument("--large", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        small, large = os.path.join(directory, "small.swift"), os.path.join(directory, "large.swift")
        generate(small, args.small)
        generate(large, args.large)
        small_lines, large_lines = code_lines(small), code_lines(large)
        small_times, large_times = [], []
        for _ in range(args.runs):  # interleaved, so drift on a noisy machine hits both sizes
            small_times.append(typecheck(small))
            large_times.append(typecheck(large))
        s, l = statistics.median(small_times), statistics.median(large_times)
        rate = (l - s) / ((large_lines - small_lines) / 1000)
        print(f"small: {small_lines} code lines, median {s:.2f} s over {args.runs} runs")
        print(f"large: {large_lines} code lines, median {l:.2f} s over {args.runs} runs")
        print(f"fixed start-up ~ {s - rate * small_lines / 1000:.2f} s")
        print(f"marginal type-check rate: {rate:.3f} s per 1,000 code lines")

if __name__ == "__main__":
    main()
