import FirebreakModel
import FirebreakScan

/// Classes the `@main` entry point builds, or takes the shared instance of, that in turn build the
/// app's objects: the app's container, whatever it is named (Ice's `AppState` holding `lazy var
/// menuBarManager = MenuBarManager(appState: self)` and eight more; Plash's entry point holds
/// `AppState.shared`, which builds its menu, window and web view controller). Constructing those
/// objects is its job, as it is the entry point's, so what it builds is wiring, not a finding.
enum AppContainers {
    /// How many of the app's own classes a class the entry point builds must build itself: one or
    /// two are a view model's collaborators; a container builds the app's objects.
    static let minimumBuilt = 3

    /// By index in `symbols.types`: each container, with the reason its role gives.
    static func find(files: [FileFacts], symbols: SymbolTable, views: Set<Int>) -> [Int: String] {
        let mainNames = Set(symbols.types.filter { $0.attributes.contains("main") }.map(\.simpleName))
        guard !mainNames.isEmpty else { return [:] }
        var built: [String: Set<Int>] = [:]
        var taken: [String: Set<Int>] = [:]
        for facts in files {
            for reference in facts.references where reference.kind == .instantiation || reference.kind == .staticMember {
                guard let owner = reference.owner, let index = symbols.resolvedIndex(reference.name),
                      symbols.types[index].kind == .class, !views.contains(index) else { continue }
                let outermost = outermostName(of: owner, in: facts)
                if reference.kind == .instantiation {
                    built[outermost, default: []].insert(index)
                } else if mainNames.contains(outermost), reference.staticMember.map(symbols.types[index].holdsOwnInstance) == true {
                    // Its shared instance (`AppState.shared`), not a static method (`purgeCache()`).
                    taken[outermost, default: []].insert(index)
                }
            }
        }
        var containers: [Int: String] = [:]
        for main in mainNames.sorted() {
            for candidate in built[main, default: []].union(taken[main, default: []]).sorted() {
                let name = symbols.types[candidate].simpleName
                let classes = built[name, default: []].subtracting([candidate])
                guard classes.count >= minimumBuilt else { continue }
                let names = classes.map { symbols.types[$0].simpleName }.sorted()
                let examples = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? "…" : "")
                containers[candidate] = "the app's container: \(built[main, default: []].contains(candidate) ? "built" : "taken") by the @main entry point \(main), it builds \(classes.count) of the app's classes (\(examples))"
            }
        }
        return containers
    }

    /// The name of the type or extension at the top of the declaration's nesting.
    private static func outermostName(of declaration: Int, in facts: FileFacts) -> String {
        var current = declaration
        while let parent = facts.declarations[current].parent { current = parent }
        return facts.declarations[current].name
    }
}
