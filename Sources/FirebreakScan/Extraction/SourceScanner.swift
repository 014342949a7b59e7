import SwiftParser
import SwiftSyntax

/// Turns the text of one Swift file into `FileFacts`.
public enum SourceScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        scan(bytes: Array(source.utf8), path: path)
    }

    /// - Parameter bytes: the file as read, valid UTF-8; the parser copies them into its arena.
    static func scan(bytes: [UInt8], path: String) -> FileFacts {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        // Our own line table, not SourceLocationConverter: the converter walks every token of the
        // tree once more just to find line breaks, which cost as much as the facts walk itself.
        let lineTable = LineTable(bytes)
        let extractor = FactExtractor(lineTable: lineTable)
        extractor.walk(tree)
        let tokens = extractor.tokens
        let typeCheck = TypeCheckEstimate(extractor.typeCheck)
        let prefix = tokens.codeLines.prefixCounts()

        // Sorted, then each once: hashing every line into a set cost more than sorting them.
        var factLines = extractor.imports.map(\.position.line)
        factLines += extractor.memberAccesses.map(\.position.line)
        factLines += extractor.instantiations.map(\.position.line)
        // Declaration lines too: closure-budget findings sit on a view's declaration.
        factLines += extractor.declarations.map(\.startLine)
        factLines.sort()
        var uniqueLines: [Int] = []
        uniqueLines.reserveCapacity(factLines.count)
        for line in factLines where line != uniqueLines.last { uniqueLines.append(line) }

        return FileFacts(
            path: path,
            imports: extractor.imports,
            declarations: Self.declarationsWithLineCounts(extractor, prefix: prefix),
            memberAccesses: extractor.memberAccesses,
            instantiations: extractor.instantiations,
            references: extractor.references.facts,
            suppressions: tokens.suppressions,
            lines: uniqueLines.map { SourceLine(number: $0, text: lineTable.trimmedText(ofLine: $0)) },
            hasSyntaxErrors: tree.hasError,
            lineCount: lineTable.lineCount,
            codeLineCount: prefix.last ?? 0,
            tokenCount: tokens.tokenCount,
            complexity: extractor.complexity + tokens.binaryOperators, closureCount: extractor.closureCount,
            expressionTokenCount: typeCheck.expressionTokens, typeCheckMicroseconds: typeCheck.microseconds,
            bodyTokenCount: typeCheck.bodyTokens
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
        // Taken out of the extractor, not copied: filled in while the extractor still held them,
        // the array was copied whole, every declaration's strings and arrays retained once more.
        var declarations = extractor.declarations
        extractor.declarations = []
        let usedMembers = extractor.usedMembers()
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
            declarations[index].usedMembers = index < usedMembers.count ? usedMembers[index] : []
        }
        return declarations
    }
}
