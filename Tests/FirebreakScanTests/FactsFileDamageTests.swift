import FirebreakScan
import XCTest

/// A facts file whose checksum holds but whose content does not: every index and path is checked
/// when it is read, so damage is a "damaged facts file" error, never a trap in a later pass.
final class FactsFileDamageTests: XCTestCase {
    private static let producer = "firebreak test"

    private func decoded(_ files: [FileFacts], manifests: [String: String] = [:]) -> Result<FactsFile, any Error> {
        let bytes = FactsFile(producer: Self.producer, files: files, manifests: manifests).encoded()
        return Result { try FactsFile.decode(bytes, file: "crafted.facts", producer: Self.producer) }
    }

    private func assertDamaged(_ files: [FileFacts], manifests: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) {
        guard case .failure(let error) = decoded(files, manifests: manifests) else {
            return XCTFail("decoded without complaint", file: file, line: line)
        }
        XCTAssertTrue("\(error)".contains("crafted.facts: damaged facts file"), "\(error)", file: file, line: line)
    }

    private static let view = DeclarationFact(kind: .struct, name: "HomeView", parent: nil, startLine: 1, endLine: 3)
    private static let member = DeclarationFact(kind: .struct, name: "Row", parent: 0, startLine: 2, endLine: 2)

    func testWellFormedFactsDecode() throws {
        let facts = FileFacts(path: "App/HomeView.swift", declarations: [Self.view, Self.member],
                              references: [ReferenceFact(name: "APIClient", kind: .typeAnnotation, owner: 1, member: nil, position: .init(line: 2, column: 5))])
        XCTAssertEqual(try decoded([facts]).get().files, [facts])
    }

    func testIndexesOutOfRangeAreDamage() {
        var ownParent = Self.view
        ownParent.parent = 0
        assertDamaged([FileFacts(path: "A.swift", declarations: [ownParent])])
        var laterParent = Self.view
        laterParent.parent = 1
        assertDamaged([FileFacts(path: "A.swift", declarations: [laterParent, Self.member])])
        let position = SourcePosition(line: 1, column: 1)
        assertDamaged([FileFacts(path: "A.swift", declarations: [Self.view],
                                 references: [ReferenceFact(name: "X", kind: .typeAnnotation, owner: 1, member: nil, position: position)])])
        assertDamaged([FileFacts(path: "A.swift", memberAccesses: [
            MemberAccessFact(base: "APIClient", member: "shared", isCall: false, isImplicit: false, position: position,
                             context: SiteContext(declaration: 0))])])
        assertDamaged([FileFacts(path: "A.swift", declarations: [Self.view], instantiations: [
            InstantiationFact(typeName: "APIClient", argumentLabels: [], position: position, context: SiteContext(declaration: -1))])])
    }

    func testNegativeAndHugeNumbersAreDamage() {
        assertDamaged([FileFacts(path: "A.swift", lineCount: -1)])
        assertDamaged([FileFacts(path: "A.swift", tokenCount: Int.max)])
        assertDamaged([FileFacts(path: "A.swift", declarations: [DeclarationFact(kind: .class, name: "A", parent: nil, startLine: -3, endLine: 1)])])
    }

    func testPathsMustStayUnderTheRootAndBeListedOnce() {
        for path in ["", "/etc/passwd.swift", "../Outside.swift", "App/../../Outside.swift"] {
            assertDamaged([FileFacts(path: path)])
        }
        assertDamaged([FileFacts(path: "A.swift"), FileFacts(path: "A.swift")])
        assertDamaged([], manifests: ["../Package.swift": "// swift-tools-version:5.9"])
    }
}
