import FirebreakModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The projects a workspace names: `FileRef` entries of `contents.xcworkspacedata` that end in
/// `.xcodeproj`, with `group:` paths resolved through their enclosing `Group`s.
public enum XcodeWorkspaceReader {
    /// Absolute paths of the named projects; empty when the workspace cannot be read.
    public static func projects(workspacePath: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: workspacePath + "/contents.xcworkspacedata") else { return [] }
        let parent = URL(fileURLWithPath: workspacePath).deletingLastPathComponent().standardizedFileURL.path
        let delegate = Collector(workspaceDirectory: parent)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        guard parser.parse() else { return [] }
        return delegate.projects
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let workspaceDirectory: String
        var groups: [String] = []
        var projects: [String] = []

        init(workspaceDirectory: String) {
            self.workspaceDirectory = workspaceDirectory
        }

        func resolve(_ location: String) -> String? {
            let parts = location.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            let base: String
            switch parts[0] {
            case "group": base = groups.last ?? workspaceDirectory
            case "container", "self": base = workspaceDirectory
            case "absolute": base = "/"
            default: return nil
            }
            if parts[1].hasPrefix("/") { return URL(fileURLWithPath: parts[1]).standardizedFileURL.path }
            return URL(fileURLWithPath: base).appendingPathComponent(parts[1]).standardizedFileURL.path
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName: String?, attributes: [String: String] = [:]) {
            let resolved = attributes["location"].flatMap(resolve)
            switch elementName {
            case "Group": groups.append(resolved ?? groups.last ?? workspaceDirectory)
            case "FileRef":
                if let resolved, resolved.hasSuffix(".xcodeproj") { projects.append(resolved) }
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            if elementName == "Group", !groups.isEmpty { groups.removeLast() }
        }
    }
}
