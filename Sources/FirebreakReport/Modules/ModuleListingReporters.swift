import FirebreakModel
import Foundation

/// `firebreak modules --format json`: the module map as JSON.
public struct ModuleListingJSONReporter: Reporter {
    public static let name = "json"

    public func render(_ listing: ModuleListing, options: Void) -> String {
        JSONText.encode(listing)
    }
}

/// `firebreak modules`: the module map as text, grouped by the description each module came from.
public struct ModuleListingTextReporter: Reporter {
    public static let name = "text"

    public func render(_ listing: ModuleListing, options: Void) -> String {
        var out = ""
        let groups = Dictionary(grouping: listing.modules, by: { $0.origin ?? "" })
        for origin in groups.keys.sorted(by: { ($0.isEmpty ? "~" : $0) < ($1.isEmpty ? "~" : $1) }) {
            let modules = groups[origin] ?? []
            out += origin.isEmpty ? "Not from a project description\n" : "\(origin) (\(describe(modules[0].source)))\n"
            for module in modules {
                var line = "  \(module.name)"
                if module.importName != module.name { line += " (import \(module.importName))" }
                line += " — \(module.kind.map { $0 + ", " } ?? "")\(source(module))\(counted(module.files, "Swift file"))"
                if module.sharedFiles > 0 { line += ", \(module.sharedFiles) shared with other targets" }
                out += line + "\n"
                if !module.dependencies.isEmpty { out += "      depends on: \(module.dependencies.joined(separator: ", "))\n" }
                if !module.frameworks.isEmpty { out += "      links: \(module.frameworks.joined(separator: ", "))\n" }
                for path in module.paths ?? [] { out += "      \(path)\n" }
            }
        }
        if !listing.uncompiledFiles.isEmpty {
            out += "\nIn no target (not compiled, left out of the graph): \(counted(listing.uncompiledFiles.count, "Swift file"))\n"
            for path in listing.uncompiledFiles.prefix(10) { out += "  \(path)\n" }
            if listing.uncompiledFiles.count > 10 { out += "  … \(listing.uncompiledFiles.count - 10) more (--format json lists all)\n" }
        }
        for skipped in listing.skipped { out += "\nskipped \(skipped.path): \(skipped.reason)\n" }
        return out
    }

    func describe(_ source: String) -> String {
        switch source {
        case "package": return "Package.swift"
        case "xcode-project": return "Xcode project"
        case "xcodegen": return "XcodeGen spec"
        default: return source
        }
    }

    func source(_ module: ModuleListing.Module) -> String {
        switch module.source {
        case "configured": return "configured in modules:, "
        case "root": return "the analysed folder, no project description, "
        default: return ""
        }
    }
}
