import FirebreakModel
import FirebreakScan

/// The files an incremental build recompiles after an *interface* edit of one type (a member
/// added, a signature changed), following Swift's incremental rules as far as syntax shows them.
///
/// The driver recompiles the edited file and every file that uses a name whose interface
/// changed; nothing cascades further, because the recompiled files' own interfaces are unchanged.
/// A *body-only* edit recompiles the edited file alone. Here a file "uses" the type when its code
/// names it: the type, a type nested in it, or a typealias of it (a stored property, a parameter,
/// `X.shared`, `X()`, an extension, a conformance). One step further, as measured: a file that
/// names a struct or enum that stores the type (an instance stored property declared as it,
/// `struct Dependencies { let api: APIClient }`, or a case payload), calls a free function whose
/// parameters or result name it (`makeClient() -> APIClient`), or names a type and uses a member
/// of that name whose signature names it (`Service().fetch()` with `func fetch(_ client:
/// APIClient = .shared)`), recompiles too. Approximations, stated in docs/closure-model.md ("Which
/// files") and measured in benchmarks/results/2026-11-26-rebuild-reach-patterns.md: a file that reaches the type only through an inferred type it never
/// names the owner of (`model.client.fetch()` where `model`'s class is not named in the file, a
/// view model constructed in a stored property) is not counted; a member is matched by its name.
/// A file that names only a protocol the type conforms to is not recompiled: that is the firewall.
/// Top-level code (`main.swift`) has no declaration to hang an edge on: its statements are matched
/// by the names they write, and it recompiles with a class or struct that stores the type in an
/// instance property, declared or inferred (`let api = APIClient.shared` in a view model that
/// `main.swift` constructs), whether or not the type is behind a protocol: it is the composition
/// root that injects it.
public struct InterfaceEditInvalidation: Sendable {
    /// For each node: the edges that point at it, as (source node, file where written).
    private let incoming: [[(from: Int32, file: Int32)]]
    /// Symbols nested in each symbol, and typealiases that name it, with the edge that says so.
    private let namedBy: [Int: [(symbol: Int, edge: Int64)]]
    /// Structs and enums that store each symbol (an instance stored property, a case payload), and
    /// free functions whose signature names it, with the edge that says so: their users recompile
    /// with it.
    private let carriedBy: [Int: [(symbol: Int, edge: Int64)]]
    /// Members whose signature names each symbol (a method's parameters or result, a property's
    /// type), by owner: a file that names the owner and uses the member recompiles with it.
    private let signatureUsers: [Int: [(owner: Int, member: String, target: Int32)]]
    /// Files of top-level code (`main.swift`), with the type names their statements write.
    private let topLevelNames: [Int: Set<String>]

    public init(_ graph: DependencyGraph) {
        var incoming = Array(repeating: [(from: Int32, file: Int32)](), count: graph.nodes.count)
        var namedBy: [Int: [(symbol: Int, edge: Int64)]] = [:]
        var carriedBy: [Int: [(symbol: Int, edge: Int64)]] = [:]
        for edge in graph.edges {
            incoming[Int(edge.to)].append((edge.from, edge.file))
            let source = graph.nodes[Int(edge.from)]
            let targetSymbol = graph.nodes[Int(edge.to)].symbol
            guard source.kind == .declaration, source.symbol != targetSymbol else { continue }
            if edge.kind == .nesting || source.declarationKind == .typealias {
                namedBy[targetSymbol, default: []].append((source.symbol, Self.key(edge.from, edge.to)))
            } else if Self.carries(edge, from: source, in: graph) {
                carriedBy[targetSymbol, default: []].append((source.symbol, Self.key(edge.from, edge.to)))
            }
        }
        self.incoming = incoming
        self.namedBy = namedBy
        self.carriedBy = carriedBy
        var signatureUsers: [Int: [(owner: Int, member: String, target: Int32)]] = [:]
        for (owner, symbol) in graph.symbols.enumerated() {
            for (member, targets) in symbol.signatureTargets {
                for target in targets where graph.nodes[target].symbol != owner {
                    signatureUsers[graph.nodes[target].symbol, default: []].append((owner, member, Int32(target)))
                }
            }
        }
        self.signatureUsers = signatureUsers
        var topLevelNames: [Int: Set<String>] = [:]
        for (file, facts) in graph.files.enumerated() where RoleConventions.isTopLevelCodeFile(facts.path) {
            var written = Set<String>()
            for reference in facts.references where reference.owner == nil && !reference.isValueName {
                written.formUnion(reference.name.nameComponents)
            }
            topLevelNames[file] = written
        }
        self.topLevelNames = topLevelNames
    }

    /// Whether a declaration's edge makes the files that use the declaration depend on the
    /// target's interface, as measured: a struct's or enum's layout needs the types of its
    /// instance stored properties and case payloads, and a call of a free function needs its
    /// signature's. A static property, a method naming it, or a class holding it (its instances
    /// are references) does not.
    private static func carries(_ edge: DependencyGraph.Edge, from source: DependencyGraph.Node, in graph: DependencyGraph) -> Bool {
        switch source.declarationKind {
        case .function?:
            return edge.kind == .parameter || edge.kind == .returnType
        case .struct?, .enum?:
            guard edge.kind == .storedProperty || edge.kind == .parameter, let file = source.file,
                  let declaration = graph.files[file].declarations.first(where: {
                      $0.startLine == source.line && $0.kind == source.declarationKind }) else { return false }
            // The innermost member written around the edge: nested types' members come later.
            let line = Int(edge.line)
            guard let member = declaration.members.last(where: { $0.startLine <= line && line <= $0.endLine }) else { return false }
            return edge.kind == .storedProperty ? member.kind == .property && !member.isStatic : member.kind == .case
        default:
            return false
        }
    }

    /// An edge as `FirewallCut.edges` are keyed: source in the high half, target in the low.
    public static func key(_ from: Int32, _ to: Int32) -> Int64 { Int64(from) << 32 | Int64(to) }

    /// Files recompiled after an edit inside a body of `symbol`'s declaration: that file alone.
    public static func rebuiltFiles(afterBodyEditOf symbol: Int, in graph: DependencyGraph) -> Set<Int> {
        graph.nodes[graph.symbols[symbol].primary].file.map { [$0] } ?? []
    }

    /// Files recompiled after an interface edit of `symbol` in `graph` (the graph this was made
    /// from): the files that declare or extend it, the files whose code names it, and the files
    /// that use what carries it one step (a struct or enum storing it, a function or member whose
    /// signature names it).
    /// - Parameter removed: edges to leave out (`key(from, to)`): a cut's, to price the type behind
    ///   its protocol without building the cut graph. The protocol's own edges never reach the type.
    public func rebuiltFiles(afterEditing symbol: Int, in graph: DependencyGraph, without removed: Set<Int64> = []) -> Set<Int> {
        let names = self.names(of: symbol, without: removed)
        // One step only: measured for structs, enums and free functions, not for chains of them.
        var carriers = Set<Int>()
        for name in names {
            for carrier in carriedBy[name] ?? [] where !removed.contains(carrier.edge) && !names.contains(carrier.symbol) {
                carriers.insert(carrier.symbol)
            }
        }
        var files = Set<Int>()
        // A member whose signature names the type, used by a declaration that names its owner
        // (`Service().fetch()` with `func fetch(_ client: APIClient = .shared)`): matched by the
        // member's name, since syntax does not say which type a member access reads.
        for name in names {
            for use in signatureUsers[name] ?? [] where !names.contains(use.owner) {
                let owners = graph.symbols[use.owner].nodes
                guard !owners.contains(where: { removed.contains(Self.key(Int32($0), use.target)) }) else { continue }
                for node in owners {
                    for user in incoming[node] where user.file >= 0 && !removed.contains(Self.key(user.from, Int32(node)))
                        && graph.usedMembers[Int(user.from)]?.contains(use.member) == true {
                        files.insert(Int(user.file))
                    }
                }
            }
        }
        for name in names.union(carriers) {
            for node in graph.symbols[name].nodes {
                if let file = graph.nodes[node].file { files.insert(file) }
                for use in incoming[node] where use.file >= 0 && !removed.contains(Self.key(use.from, Int32(node))) {
                    files.insert(Int(use.file))
                }
            }
        }
        if !topLevelNames.isEmpty {
            files.formUnion(topLevelFiles(afterEditing: symbol, in: graph))
        }
        return files
    }

    /// The files of top-level code that recompile with `symbol`: those whose statements name it, a
    /// type nested in it or aliasing it, or what carries it, and those that use a class or struct
    /// storing it in an instance property (measured: every `main.swift` of the rebuild
    /// generator's joined shapes, which constructs view models holding `APIClient.shared`). No cut
    /// applies: top-level code is the composition root, which names the type once it is injected.
    private func topLevelFiles(afterEditing symbol: Int, in graph: DependencyGraph) -> Set<Int> {
        let names = self.names(of: symbol, without: [])
        var reaching = names
        for name in names {
            for carrier in carriedBy[name] ?? [] { reaching.insert(carrier.symbol) }
            for node in graph.symbols[name].nodes {
                for use in incoming[node] where use.file >= 0 {
                    let source = graph.nodes[Int(use.from)]
                    if !names.contains(source.symbol), Self.stores(graph.symbols[name].name, in: source, graph: graph) {
                        reaching.insert(source.symbol)
                    }
                }
            }
        }
        var files = Set<Int>()
        let written = Set(reaching.map { graph.symbols[$0].name.lastNameComponent })
        for (file, statements) in topLevelNames where !statements.isDisjoint(with: written) {
            files.insert(file)
        }
        for holder in reaching {
            for node in graph.symbols[holder].nodes {
                for use in incoming[node] where use.file >= 0 && topLevelNames[Int(use.file)] != nil {
                    files.insert(Int(use.file))
                }
            }
        }
        return files
    }

    /// `symbol`, the types nested in it and the typealiases of it, through edges not `removed`.
    private func names(of symbol: Int, without removed: Set<Int64>) -> Set<Int> {
        var names: Set<Int> = [symbol]
        var pending = [symbol]
        while let next = pending.popLast() {
            for other in namedBy[next] ?? [] where !removed.contains(other.edge) && names.insert(other.symbol).inserted {
                pending.append(other.symbol)
            }
        }
        return names
    }

    /// Whether `source`, a class, actor or struct, writes `typeName` in an instance stored property
    /// (its declared type or its initial value).
    private static func stores(_ typeName: String, in source: DependencyGraph.Node, graph: DependencyGraph) -> Bool {
        guard source.kind == .declaration, let kind = source.declarationKind, kind == .class || kind == .struct || kind == .actor,
              let file = source.file,
              let index = graph.files[file].declarations.firstIndex(where: { $0.startLine == source.line && $0.kind == kind })
        else { return false }
        let simple = typeName.lastNameComponent
        let stored = Set(graph.files[file].declarations[index].members.filter { $0.kind == .property && !$0.isStatic && $0.isStored }.map(\.name))
        guard !stored.isEmpty else { return false }
        return graph.files[file].references.contains { reference in
            reference.owner == index && reference.member.map(stored.contains) == true
                && reference.name.nameComponents.contains(simple)
        }
    }
}
