import FirebreakModel
import FirebreakScan

extension InferredViewProtocol {
    /// Every such protocol, by name; none that configuration names already.
    static func find(files: [FileFacts], symbols: SymbolTable, knownViewNames: Set<String>) -> [InferredViewProtocol] {
        var found: [String: InferredViewProtocol] = [:]
        for type in symbols.types where type.kind != .protocol && type.conformances.isDisjoint(with: knownViewNames)
            && type.conformances.isDisjoint(with: bodyOwners) {
            guard let body = bodyReturningView(of: type, files: files) else { continue }
            for candidate in type.conformances.sorted() where isOutsideProtocol(candidate, symbols: symbols) {
                if var known = found[candidate] {
                    known.conformers += 1
                    found[candidate] = known
                } else {
                    found[candidate] = InferredViewProtocol(name: candidate, conformers: 1, example: type.qualifiedName, file: body.file, line: body.line)
                }
            }
        }
        return found.values.sorted { $0.name < $1.name }
    }

    /// SwiftUI protocols other than `View` that require a body returning a view: a conformer's
    /// `body` is theirs, and says nothing about its other conformances.
    static let bodyOwners: Set<String> = ["ViewModifier", "AnimatableModifier", "Animatable", "App", "Scene", "Widget", "Commands",
                                          "ToolbarContent", "CustomizableToolbarContent", "TableRowContent", "ChartContent", "DynamicViewContent"]

    /// Where the type declares `body` with `View` as its property type or result type.
    private static func bodyReturningView(of type: TypeInfo, files: [FileFacts]) -> (file: Int, line: Int)? {
        // Most types have no `body`: asked of its members first, not of the file's references.
        let ids = type.declarations + type.extensions
        guard ids.contains(where: { id in files[id.file].declarations[id.index].members.contains { $0.name == "body" } }) else { return nil }
        for id in ids {
            let references = files[id.file].references
            for index in references.indices where references[index].owner == id.index && references[index].member == "body"
                && (references[index].kind == .property || references[index].kind == .returnType)
                && references[index].name.lastNameComponent == "View" {
                return (id.file, references[index].position.line)
            }
        }
        return nil
    }

    /// A conformance no scanned file declares and that is not one of the standard library's,
    /// Foundation's, Combine's or SwiftUI's protocols (`Equatable`, `Identifiable`, `ObservableObject`).
    private static func isOutsideProtocol(_ name: String, symbols: SymbolTable) -> Bool {
        // `_VariadicView_UnaryViewRoot` and its kin are SwiftUI's own, not a library's view protocol.
        guard !symbols.declaresType(simpleName: name), !name.hasPrefix("_") else { return false }
        guard let framework = ExternalFrameworks.attribute(name, imports: [])?.framework else { return true }
        return !["Swift", "Foundation", "Combine", "Observation", "SwiftUI", "UIKit"].contains(framework)
    }
}
