import Foundation
import XCTest

/// The README's transcripts are what a new user checks first: every one whose input is in this
/// repository is run with the built binary and must print what the README shows. A line `…`
/// stands for any number of lines; without one at the end, the output must end where the
/// transcript does. Transcripts of packages the README tells users to generate, and of `fix` and
/// `diff` (which write files or need a second checkout), are not run here: their commands are
/// checked by their own tests.
final class ReadmeTranscriptTests: XCTestCase {
    struct Transcript {
        var line: Int
        var arguments: [String]
        var expected: [String]
    }

    func testEveryRunnableTranscriptMatchesTheBinary() throws {
        let readme = try String(contentsOf: FirebreakProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let transcripts = Self.transcripts(in: readme)
        let runnable = transcripts.filter(Self.isRunnable)
        // The example app's lint, analysis, why and explain, and the Xcode fixture's modules.
        XCTAssertGreaterThanOrEqual(runnable.count, 5, "README transcripts found: \(transcripts.map(\.arguments))")
        for transcript in runnable {
            let result = try FirebreakProcess.run(transcript.arguments + ["--no-cache"])
            XCTAssertLessThanOrEqual(result.status, 1, "README.md:\(transcript.line): \(result.stderr)")
            let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(Self.trimmed)
            if let mismatch = Self.mismatch(expected: transcript.expected, output: output) {
                XCTFail("README.md:\(transcript.line) `firebreak \(transcript.arguments.joined(separator: " "))`: \(mismatch)\n--- output:\n\(result.stdout)")
            }
        }
    }

    func testElisionMatchesAnyLinesAndAnchorsBothEnds() {
        let output = ["a", "b", "c", "d"]
        XCTAssertNil(Self.mismatch(expected: ["a", "…", "d"], output: output))
        XCTAssertNil(Self.mismatch(expected: ["a", "b", "…"], output: output))
        XCTAssertNil(Self.mismatch(expected: ["a", "…", "c", "…"], output: output))
        XCTAssertNotNil(Self.mismatch(expected: ["a", "b"], output: output), "the output goes on past the transcript")
        XCTAssertNotNil(Self.mismatch(expected: ["b", "…"], output: output), "the first line is anchored")
        XCTAssertNotNil(Self.mismatch(expected: ["a", "…", "c", "b", "…"], output: output), "order counts")
    }

    /// `$ firebreak …` lines in ```text and ```console blocks, each with the lines up to the next
    /// command or the block's end; a `#` comment after a command is dropped.
    static func transcripts(in readme: String) -> [Transcript] {
        var transcripts: [Transcript] = []
        var inBlock = false
        for (index, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                inBlock = line == "```text" || line == "```console"
                continue
            }
            guard inBlock else { continue }
            if line.hasPrefix("$ firebreak ") {
                let command = line.dropFirst("$ firebreak ".count).split(separator: "#", maxSplits: 1)[0]
                transcripts.append(Transcript(line: index + 1, arguments: command.split(separator: " ").map(String.init), expected: []))
            } else if line.hasPrefix("$ ") {
                inBlock = false
            } else if !transcripts.isEmpty {
                transcripts[transcripts.count - 1].expected.append(trimmed(line))
            }
        }
        return transcripts.map { transcript in
            var transcript = transcript
            while transcript.expected.last == "" { transcript.expected.removeLast() }
            return transcript
        }
    }

    /// Its input is in the repository (the last argument names an existing path), and it neither
    /// writes files nor needs another checkout.
    static func isRunnable(_ transcript: Transcript) -> Bool {
        guard let command = transcript.arguments.first, !["fix", "diff", "init", "calibrate"].contains(command),
              let input = transcript.arguments.last, !input.hasPrefix("-") else { return false }
        return FileManager.default.fileExists(atPath: FirebreakProcess.packageRoot.appendingPathComponent(input).path)
    }

    /// Why `output` does not read as `expected`, or nil when it does.
    static func mismatch(expected: [String], output: [String]) -> String? {
        var lines = output
        while lines.last == "" { lines.removeLast() }
        let segments = expected.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
        var position = 0
        for (number, segment) in segments.enumerated() where !segment.isEmpty {
            let isFirst = number == 0, isLast = number == segments.count - 1
            let candidates = isFirst ? [0] : Array(position...max(position, lines.count - segment.count))
            guard let start = candidates.first(where: { start in
                start + segment.count <= lines.count && Array(lines[start..<(start + segment.count)]) == segment
                    && (!isLast || start + segment.count == lines.count)
            }) else {
                return Self.firstDifference(segment, lines, from: isFirst ? [0] : candidates)
            }
            position = start + segment.count
        }
        return nil
    }

    /// The first line of `segment` the output does not show, after the longest run of its lines
    /// that it does show from one of `starts`.
    private static func firstDifference(_ segment: [String], _ lines: [String], from starts: [Int]) -> String {
        var best = (start: starts.first ?? 0, matched: -1)
        for start in starts {
            var matched = 0
            while matched < segment.count, start + matched < lines.count, lines[start + matched] == segment[matched] { matched += 1 }
            if matched > best.matched { best = (start, matched) }
        }
        guard best.matched < segment.count else { return "the output goes on past \"\(segment[segment.count - 1])\"" }
        let shown = best.start + best.matched < lines.count ? "\"\(lines[best.start + best.matched])\"" : "the end of the output"
        return "expected \"\(segment[best.matched])\", found \(shown)"
    }

    static func trimmed(_ line: some StringProtocol) -> String {
        var text = String(line)
        while text.last == " " { text.removeLast() }
        return text
    }
}
