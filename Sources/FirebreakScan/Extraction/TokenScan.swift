@_spi(RawSyntax) import SwiftSyntax

/// What a file's tokens say on their own: how many there are, how many are binary operators (part
/// of the complexity), which lines hold code, and the suppression comments in their trivia.
///
/// Fed by `FactExtractor`'s walk of the raw tree, reading each token's lengths in place: a
/// `SyntaxVisitor` wraps every token in a node and computes its absolute position from the root
/// first. Counts what a source-accurate visitor visits (present tokens, unexpected nodes
/// included), in source order.
struct TokenScan {
    private(set) var tokenCount = 0
    private(set) var binaryOperators = 0
    private(set) var suppressions: [SuppressionFact] = []
    /// The lines that hold a token.
    private(set) var codeLines: CodeLineMarker
    /// Where the next token starts: the walk reads a node's offset here.
    private(set) var offset = 0
    /// The address of the parser's copy of the file, once a token has shown it.
    private var sourceAddress: Int?
    /// Where `firebreak:` occurs in the file, in order (most files: nowhere), and the first one
    /// the tokens have not passed. A suppression comment holds it, so trivia that does not is
    /// never taken apart into pieces.
    private let markers: [Int]
    private var nextMarker = 0
    private let lineTable: LineTable

    /// Tokens are taken from the file's first byte on.
    init(lineTable: LineTable) {
        self.lineTable = lineTable
        codeLines = CodeLineMarker(lineStarts: lineTable.starts)
        markers = lineTable.offsets(of: SuppressionComment.marker, anchor: SuppressionComment.markerAnchor)
    }

    /// Takes the tree's tokens one by one, in source order, missing ones included.
    /// - Parameter length: the token's bytes in the source, trivia included: the tree's own
    ///   length, which the walk has already. Not the sum of trivia and text: a missing token's
    ///   placeholder text (`<#type#>`) is in the tree but not in the source.
    /// - Returns: whether the token is present (a missing one is the parser's, not the source's).
    @inline(__always)  // once per token, from one place: the walk's loop over a node's children
    mutating func scan(_ token: RawSyntaxTokenView, length: Int) -> Bool {
        let position = offset
        let endPosition = position + length
        offset = endPosition
        guard token.presence == .present else { return false }
        let (start, end) = textRange(of: token, from: position, to: endPosition)
        let kind = token.rawKind
        if kind != .endOfFile {
            tokenCount += 1
            if kind == .binaryOperator { binaryOperators += 1 }
            codeLines.mark(start: start, end: end)
        }
        if mayHoldSuppression(from: position, to: start) {
            scanComments(token.formLeadingTrivia(), startingAt: position)
        }
        if mayHoldSuppression(from: end, to: endPosition) {
            scanComments(token.formTrailingTrivia(), startingAt: end)
        }
        return true
    }

    /// Where a present token's text starts and ends. Its text is a slice of the parser's copy of
    /// the file, so both follow from one read of it once the copy's address is known (taken from
    /// the first token): asking for the leading trivia's length and the text's length cost two
    /// calls into SwiftSyntax, each making a slice of the token's text. A text outside the token's
    /// own bytes (which the parser never makes for a present token) is measured the long way.
    @inline(__always)  // once per token
    private mutating func textRange(of token: RawSyntaxTokenView, from position: Int, to endPosition: Int) -> (Int, Int) {
        let text = token.rawText
        let address = text.baseAddress.map { Int(bitPattern: $0) }
        if let address, let sourceAddress {
            let start = address &- sourceAddress
            if start >= position, start &+ text.count <= endPosition {
                assert(start == position + token.leadingTriviaByteLength && text.count == token.textByteLength)
                return (start, start + text.count)
            }
        }
        let start = position + token.leadingTriviaByteLength
        if sourceAddress == nil, let address { sourceAddress = address &- start }
        return (start, start + token.textByteLength)
    }

    /// Whether `start..<end` holds a `firebreak:`; `start` never moves back between calls.
    @inline(__always)  // twice per token
    private mutating func mayHoldSuppression(from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        while nextMarker < markers.count, markers[nextMarker] < start { nextMarker += 1 }
        return nextMarker < markers.count && markers[nextMarker] < end
    }

    private mutating func scanComments(_ trivia: Trivia, startingAt start: Int) {
        var offset = start
        for piece in trivia {
            switch piece {
            case .lineComment(let text), .blockComment(let text):
                if let suppression = SuppressionComment.parse(text, position: lineTable.position(ofOffset: offset)) {
                    suppressions.append(suppression)
                }
            default:
                break
            }
            offset += piece.sourceLength.utf8Length
        }
    }
}
