import SwiftParser
import SwiftSyntax

/// Turns the text of one Swift file into `FileFacts`.
public enum SourceScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let lineTable = LineTable(source)
        let codeLines = CodeLineMarker(lineStarts: lineTable.starts)
        let extractor = FactExtractor(converter: converter, codeLines: codeLines)
        extractor.walk(tree)
        let prefix = codeLines.prefixCounts()

        var factLines = Set(extractor.imports.map(\.position.line))
        factLines.formUnion(extractor.memberAccesses.map(\.position.line))
        factLines.formUnion(extractor.instantiations.map(\.position.line))
        // Declaration lines too: closure-budget findings sit on a view's declaration.
        factLines.formUnion(extractor.declarations.map(\.startLine))

        return FileFacts(
            path: path,
            imports: extractor.imports,
            declarations: Self.declarationsWithLineCounts(extractor, prefix: prefix),
            memberAccesses: extractor.memberAccesses,
            instantiations: extractor.instantiations,
            references: extractor.references,
            suppressions: extractor.suppressions,
            lines: factLines.sorted().map { SourceLine(number: $0, text: lineTable.trimmedText(ofLine: $0)) },
            hasSyntaxErrors: tree.hasError,
            lineCount: lineTable.lineCount,
            codeLineCount: prefix.last ?? 0
        )
    }

    /// Fills each declaration's own code lines (without nested declarations and witness members,
    /// which count theirs) and its used member names.
    private static func declarationsWithLineCounts(_ extractor: FactExtractor, prefix: [Int]) -> [DeclarationFact] {
        func count(_ start: Int, _ end: Int) -> Int {
            let low = min(max(start, 1), prefix.count - 1)
            let high = min(max(end, low), prefix.count - 1)
            return prefix[high] - prefix[low - 1]
        }
        var declarations = extractor.declarations
        var nestedLines = Array(repeating: 0, count: declarations.count)
        for declaration in declarations {
            if let parent = declaration.parent { nestedLines[parent] += count(declaration.startLine, declaration.endLine) }
        }
        for index in declarations.indices {
            var witnessLines = 0
            for member in declarations[index].members.indices where declarations[index].members[member].isWitness {
                let lines = count(declarations[index].members[member].startLine, declarations[index].members[member].endLine)
                declarations[index].members[member].codeLines = lines
                witnessLines += lines
            }
            let total = count(declarations[index].startLine, declarations[index].endLine)
            declarations[index].codeLines = max(0, total - nestedLines[index] - witnessLines)
            declarations[index].usedMembers = (extractor.usedMembers[index] ?? []).sorted()
        }
        return declarations
    }
}

/// Line starts of a source text, for reading back the lines that carry facts.
struct LineTable {
    private let bytes: [UInt8]
    /// Byte offset where each line starts, first line first.
    private(set) var starts: [Int] = [0]

    init(_ source: String) {
        bytes = Array(source.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            starts.append(index + 1)
        }
    }

    var lineCount: Int {
        if bytes.isEmpty { return 0 }
        return bytes.last == UInt8(ascii: "\n") ? starts.count - 1 : starts.count
    }

    func trimmedText(ofLine line: Int) -> String {
        guard line >= 1, line <= starts.count else { return "" }
        var start = starts[line - 1]
        var end = line < starts.count ? starts[line] : bytes.count
        let isSpace: (UInt8) -> Bool = { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
