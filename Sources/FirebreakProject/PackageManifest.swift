import SwiftParser
import SwiftSyntax

/// What firebreak needs from a `Package.swift`: its targets, where their sources are, and what
/// they depend on. Read from the syntax tree; the manifest is never executed.
public struct PackageManifest: Sendable, Hashable, Codable {
    public var packageName: String?
    public var targets: [Target]

    public struct Target: Sendable, Hashable, Codable {
        public enum Kind: String, Sendable, Codable {
            case regular, executable, test, macro, plugin, systemLibrary, binary
        }
        public var name: String
        public var kind: Kind
        /// `path:` as written, relative to the package directory.
        public var path: String?
        /// Target and product names this target depends on.
        public var dependencies: [String]

        public init(name: String, kind: Kind, path: String? = nil, dependencies: [String] = []) {
            self.name = name
            self.kind = kind
            self.path = path
            self.dependencies = dependencies
        }

        /// The sources directory, relative to the package: `path:` or SwiftPM's default.
        public var sourcesPath: String {
            if let path { return path }
            return (kind == .test ? "Tests/" : "Sources/") + name
        }
    }

    public init(packageName: String?, targets: [Target]) {
        self.packageName = packageName
        self.targets = targets
    }

    /// Reads a manifest's text; targets whose name is not a string literal are skipped.
    public static func read(source: String) -> PackageManifest {
        let collector = ManifestCollector(viewMode: .sourceAccurate)
        collector.walk(Parser.parse(source: source))
        return PackageManifest(packageName: collector.packageName, targets: collector.targets)
    }
}

private final class ManifestCollector: SyntaxVisitor {
    var packageName: String?
    var targets: [PackageManifest.Target] = []

    private static let targetKinds: [String: PackageManifest.Target.Kind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .systemLibrary, "binaryTarget": .binary,
    ]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" {
            packageName = Self.string(node.arguments.first { $0.label?.text == "name" }?.expression)
        } else if let access = node.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil,
                  let kind = Self.targetKinds[access.declName.baseName.text],
                  let name = Self.string(node.arguments.first { $0.label?.text == "name" }?.expression),
                  !Self.isDependencyEntry(node) {
            let dependencies = node.arguments.first { $0.label?.text == "dependencies" }?.expression
                .as(ArrayExprSyntax.self)?.elements.compactMap { Self.dependencyName($0.expression) } ?? []
            targets.append(PackageManifest.Target(
                name: name, kind: kind,
                path: Self.string(node.arguments.first { $0.label?.text == "path" }?.expression),
                dependencies: dependencies))
            return .skipChildren
        }
        return .visitChildren
    }

    /// `.target(name: "X")` is also how a dependency on a target is written.
    private static func isDependencyEntry(_ node: FunctionCallExprSyntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let argument = parent.as(LabeledExprSyntax.self) { return argument.label?.text == "dependencies" }
            current = parent.parent
        }
        return false
    }

    /// `"X"`, `.target(name: "X")`, `.product(name: "X", package: "Y")`, `.byName(name: "X")`.
    private static func dependencyName(_ expression: ExprSyntax) -> String? {
        if let text = string(expression) { return text }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        return string(call.arguments.first { $0.label?.text == "name" }?.expression)
    }

    private static func string(_ expression: ExprSyntax?) -> String? {
        guard let literal = expression?.as(StringLiteralExprSyntax.self),
              literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }
}
