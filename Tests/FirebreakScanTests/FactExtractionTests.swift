import FirebreakScan
import XCTest

final class FactExtractionTests: XCTestCase {
    private func scan(_ source: String) -> FileFacts {
        SourceScanner.scan(source: source, path: "A.swift")
    }

    func testImportsWithAttributesAndKinds() {
        let facts = scan("""
            import SwiftUI
            @testable import ClinicApp
            @preconcurrency import UserNotifications
            import class CoreData.NSManagedObject
            """)
        XCTAssertEqual(facts.imports.map(\.module), ["SwiftUI", "ClinicApp", "UserNotifications", "CoreData"])
        XCTAssertEqual(facts.imports[1].attributes, ["testable"])
        XCTAssertEqual(facts.imports[2].attributes, ["preconcurrency"])
        XCTAssertEqual(facts.imports[3].kind, "class")
        XCTAssertEqual(facts.imports[3].path, ["CoreData", "NSManagedObject"])
        XCTAssertEqual(facts.imports[3].position, SourcePosition(line: 4, column: 1))
    }

    func testDeclarationsWithNestingGenericsAttributesAndRanges() {
        let facts = scan("""
            @main
            struct App {}
            @MainActor @Observable
            final class Store<Item: Sendable, Key>: ObservableObject, Sendable {
                enum Phase { case idle }
            }
            extension Store.Phase: CustomStringConvertible {}
            extension ProfileView: View {}
            typealias Repo = UserRepository
            func helper() {}
            let globalValue = 1
            """)
        let names = facts.declarations.map { "\($0.kind.rawValue) \($0.name)" }
        XCTAssertEqual(names, ["struct App", "class Store", "enum Phase", "extension Store.Phase", "extension ProfileView",
                               "typealias Repo", "function helper", "variable globalValue"])
        XCTAssertEqual(facts.declarations[0].attributes, ["main"])
        XCTAssertEqual(facts.declarations[1].attributes, ["MainActor", "Observable"])
        XCTAssertEqual(facts.declarations[1].genericParameters, ["Item", "Key"])
        XCTAssertEqual(facts.declarations[1].inheritance, ["ObservableObject", "Sendable"])
        XCTAssertEqual(facts.declarations[1].startLine, 3)
        XCTAssertEqual(facts.declarations[1].endLine, 6)
        XCTAssertEqual(facts.declarations[2].parent, 1)
        XCTAssertEqual(facts.declarations[4].inheritance, ["View"])
        XCTAssertEqual(facts.declarations[5].inheritance, ["UserRepository"])
    }

    func testStaticPropertiesKnowWhetherTheyHoldTheirOwnType() {
        let facts = scan("""
            final class APIClient {
                static let shared = APIClient()
                static var current: APIClient = .init()
                static let instance = Self()
                static let realm = try! APIClient(config: .default)
                static let other = Session()
                static let name = "api"
                static var computed: APIClient { APIClient() }
            }
            extension Tracker {
                static let shared = Tracker.init()
            }
            """)
        let properties = facts.declarations[0].staticProperties
        XCTAssertEqual(properties.map(\.name), ["shared", "current", "instance", "realm", "other", "name"])
        XCTAssertEqual(properties.map(\.holdsOwnInstance), [true, true, true, true, false, false])
        XCTAssertEqual(facts.declarations[1].staticProperties.map(\.holdsOwnInstance), [true])
    }

    func testMemberAccessesOnTypeLikeBases() {
        let facts = scan("""
            struct V {
                func f() {
                    APIClient.shared.fetch()
                    UNUserNotificationCenter.current().add(r)
                    _ = A.B.c
                    _ = self.client.shared
                    _ = Color.primary
                    let x: APIClient = .shared
                }
            }
            """)
        let accesses = facts.memberAccesses.map { "\($0.base).\($0.member)\($0.isCall ? "()" : "")\($0.isImplicit ? " implicit" : "")" }
        XCTAssertEqual(accesses, ["APIClient.shared", "UNUserNotificationCenter.current()", "A.B.c", "Color.primary", "APIClient.shared implicit"])
        XCTAssertEqual(facts.memberAccesses[0].position, SourcePosition(line: 3, column: 9))
        XCTAssertEqual(facts.memberAccesses[0].context.declaration, 0)
        XCTAssertEqual(facts.text(ofLine: 3), "APIClient.shared.fetch()")
    }

    func testInstantiationForms() {
        let facts = scan("""
            func f() {
                _ = Client()
                _ = Client.init(a: 1)
                _ = Outer.Inner()
                _ = Box<Int>(value: 1)
                let c: Cache = .init()
                _ = URLSession(configuration: .default)
                _ = make()
                _ = value.Transform()
            }
            """)
        XCTAssertEqual(facts.instantiations.map(\.typeName), ["Client", "Client", "Outer.Inner", "Box", "Cache", "URLSession"])
        XCTAssertEqual(facts.instantiations[1].argumentLabels, ["a"])
        XCTAssertEqual(facts.instantiations[5].argumentLabels, ["configuration"])
    }

    func testContexts() throws {
        let facts = scan("""
            struct V: View {
                static let cache = Cache()
                let model = Model()
                init(repo: Repo = LiveRepo()) {}
                var body: some View { Text("").task { _ = Loader() } }
            }
            #Preview { V(repo: MockRepo()) }
            """)
        let byType = Dictionary(uniqueKeysWithValues: facts.instantiations.map { ($0.typeName, $0.context) })
        XCTAssertEqual(byType["Cache"]?.flags, [.staticMember, .propertyInitializer])
        XCTAssertEqual(byType["Model"]?.flags, [.propertyInitializer])
        XCTAssertEqual(byType["LiveRepo"]?.flags, [.defaultArgument])
        XCTAssertEqual(byType["LiveRepo"]?.defaultArgumentOf, "init")
        XCTAssertEqual(byType["Loader"]?.flags, [.closure])
        XCTAssertEqual(byType["MockRepo"]?.flags.contains(.previewMacro), true)
        XCTAssertNil(byType["MockRepo"]?.declaration)
    }

    func testAllIfConfigBranchesAreAnalysed() {
        let facts = scan("""
            #if DEBUG
            import DebugKit
            let client = DebugClient()
            #else
            import Firebase
            let client = LiveClient()
            #endif
            """)
        XCTAssertEqual(facts.imports.map(\.module), ["DebugKit", "Firebase"])
        XCTAssertEqual(facts.instantiations.map(\.typeName), ["DebugClient", "LiveClient"])
        XCTAssertEqual(facts.declarations.map(\.kind), [.variable, .variable])
    }

    func testSuppressionComments() {
        let facts = scan("""
            // firebreak:disable-next-line singleton-access, concrete-instantiation -- why
            let a = 1 // firebreak:disable all
            /* firebreak:enable all */
            // firebreak:disable-file forbidden-import
            // firebreak:bogus x
            // an ordinary comment mentioning firebreak:disable
            """)
        XCTAssertEqual(facts.suppressions.map(\.commandText), ["disable-next-line", "disable", "enable", "disable-file", "bogus"])
        XCTAssertEqual(facts.suppressions[0].rules, ["singleton-access", "concrete-instantiation"])
        XCTAssertEqual(facts.suppressions[1].position.line, 2)
        XCTAssertNil(facts.suppressions[4].command)
    }

    func testBrokenSourceIsAnalysedAsFarAsItParses() {
        let facts = scan("""
            struct Broken: View {
                let a = APIClient.shared
                func f( {
            }
            """)
        XCTAssertTrue(facts.hasSyntaxErrors)
        XCTAssertEqual(facts.memberAccesses.map(\.member), ["shared"])
    }

    func testEmptySource() {
        let facts = scan("")
        XCTAssertEqual(facts.lineCount, 0)
        XCTAssertTrue(facts.declarations.isEmpty)
    }
}
