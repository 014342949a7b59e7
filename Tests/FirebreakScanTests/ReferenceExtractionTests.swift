import FirebreakScan
import XCTest

/// The dependency facts: what each declaration names, where, and as what.
final class ReferenceExtractionTests: XCTestCase {
    private func scan(_ source: String) -> FileFacts {
        SourceScanner.scan(source: source, path: "File.swift")
    }

    private func references(_ facts: FileFacts) -> [String] {
        facts.references.map { reference in
            let owner = reference.owner.map { facts.declarations[$0].name } ?? "-"
            let member = reference.member.map { ".\($0)" } ?? ""
            let accessed = reference.staticMember.map { " .\($0)" } ?? ""
            return "\(owner)\(member) \(reference.kind.rawValue) \(reference.name)\(accessed)"
        }
    }

    func testEveryPlaceATypeIsWrittenHasItsKind() {
        let facts = scan("""
            final class ProfileViewModel<Store: Caching>: ObservableObject, Loading {
                @Published var user: User?
                private let client: Networking.Client
                var title: String { formatter.string(for: user) }
                init(client: Networking.Client, store: Store) { self.client = client }
                func load() async throws -> [Profile] {
                    let cache = Cache<Profile>()
                    _ = APIClient.shared.fetch()
                    return try decode(Profile.self)
                }
            }
            """)
        XCTAssertEqual(references(facts), [
            "ProfileViewModel generic-constraint Caching",
            "ProfileViewModel inheritance ObservableObject",
            "ProfileViewModel inheritance Loading",
            "ProfileViewModel.user attribute Published",
            "ProfileViewModel.user stored-property User",
            "ProfileViewModel.client stored-property Networking.Client",
            "ProfileViewModel.title property String",
            "ProfileViewModel.title expression formatter",
            "ProfileViewModel.title expression user",
            "ProfileViewModel.init parameter Networking.Client",
            "ProfileViewModel.init expression client",
            "ProfileViewModel.load return-type Profile",
            "ProfileViewModel.load instantiation Cache",
            "ProfileViewModel.load generic-argument Profile",
            "ProfileViewModel.load static-member APIClient .shared",
            "ProfileViewModel.load expression decode",
            "ProfileViewModel.load expression Profile",
        ])
        let kinds = Set(facts.references.map(\.kind))
        XCTAssertEqual(kinds, [.inheritance, .genericConstraint, .attribute, .storedProperty, .property, .expression,
                               .parameter, .returnType, .instantiation, .genericArgument, .staticMember])
        let staticMember = facts.references.first { $0.kind == .staticMember }
        XCTAssertEqual(staticMember?.name, "APIClient")
        XCTAssertEqual(staticMember?.staticMember, "shared")
        XCTAssertEqual(staticMember?.member, "load")
        XCTAssertEqual(staticMember?.position.line, 8)
        XCTAssertFalse(facts.references.contains { $0.name == "Store" }, "a generic parameter is not a dependency")
        XCTAssertTrue(facts.references.contains { $0.name == "Networking.Client" && $0.kind == .storedProperty })
        XCTAssertEqual(facts.declarations[0].usedMembers, ["client", "fetch", "shared", "string"])
    }

    func testUsedMembersAreSortedAndEachNamedOnce() {
        // Each name once, sorted, the first spelling met of canonically equal ones; ASCII lists
        // are sorted by their bytes, others through a set (`SortedUniqueNames`).
        let long = (0..<20).map { "m\($0)" }
        let facts = scan("""
            struct Short {
                func a() { _ = x.zeta; _ = x.alpha; _ = x.zeta; _ = x.caf\u{E9}; _ = x.cafe\u{301}; _ = x.alpha }
            }
            struct Long {
                func a() { \(long.map { "_ = x.\($0)" }.joined(separator: "; ")); _ = x.m3; _ = x.m0 }
            }
            """)
        XCTAssertEqual(facts.declarations[0].usedMembers, ["alpha", "caf\u{E9}", "zeta"])
        XCTAssertEqual(facts.declarations[0].usedMembers[1].unicodeScalars.count, 4, "the first spelling met")
        XCTAssertEqual(facts.declarations[1].usedMembers, long.sorted())
    }

    func testReferencesAreRecordedOncePerOwnerMemberAndKind() {
        let facts = scan("""
            struct Screen {
                func a() { _ = User(); _ = User(); _ = User.self }
                func b() { _ = User() }
            }
            """)
        XCTAssertEqual(references(facts), [
            "Screen.a instantiation User",
            "Screen.a expression User",
            "Screen.b instantiation User",
        ])
    }

    func testAssociatedTypesAndSelfAreNotDependencies() {
        let facts = scan("""
            protocol Repository {
                associatedtype Item: Identifiable
                func all() -> [Item]
                func copy() -> Self
            }
            """)
        XCTAssertEqual(references(facts), ["Repository inheritance Identifiable"])
    }

    func testWitnessValuesAreMarkedAndOwnTheirCode() {
        let facts = scan("""
            struct SearchDependencies {
                var search: (String) async throws -> [Result]
            }
            extension SearchDependencies {
                static let live = SearchDependencies(search: { try await SearchClient.shared.search($0) })
                static var mock: Self { Self(search: { _ in [] }) }
                static func preview(results: [Result]) -> SearchDependencies { .init(search: { _ in results }) }
                static let timeout = 3
            }
            """)
        let members = facts.declarations[1].members
        XCTAssertEqual(members.map(\.name), ["live", "mock", "preview", "timeout"])
        XCTAssertEqual(members.map(\.isWitness), [true, true, true, false])
        XCTAssertTrue(references(facts).contains("SearchDependencies.live static-member SearchClient .shared"))
        XCTAssertEqual(members[0].codeLines, 1)
        // The extension's own lines exclude its three witness values.
        XCTAssertEqual(facts.declarations[1].codeLines, 3)
    }

    func testCodeLinesSkipBlankAndCommentLinesAndNestedDeclarations() {
        let facts = scan("""
            import SwiftUI

            /// A documented view.
            struct Screen: View {
                // a comment line

                var body: some View {
                    Text(\"""
                        multi-line
                        string
                        \""")
                }
                struct Row {
                    let title: String
                }
            }
            """)
        // Code: lines 1, 4, 7–16. Screen (4–16) owns 8 of them once Row (13–15) takes its 3;
        // the doc comment is trivia before the declaration.
        XCTAssertEqual(facts.codeLineCount, 12)
        XCTAssertEqual(facts.declarations.map(\.name), ["Screen", "Row"])
        XCTAssertEqual(facts.declarations.map(\.codeLines), [8, 3])
    }

    func testPreviewsOwnTheirReferences() {
        let facts = scan("""
            #Preview {
                ProfileView(viewModel: .init(repository: PreviewRepository()))
            }
            """)
        XCTAssertEqual(facts.declarations.map(\.kind), [.preview])
        XCTAssertEqual(references(facts), ["#Preview instantiation ProfileView", "#Preview instantiation PreviewRepository"])
    }
}
