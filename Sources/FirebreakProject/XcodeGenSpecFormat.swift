import FirebreakModel
import FirebreakScan
import Foundation

/// XcodeGen: every `project.yml` found (`XcodeGenSpecReader`, includes followed). A spec beside an
/// Xcode project that was read is the project's source: the project is what Xcode builds, so the
/// spec is noted as skipped.
public struct XcodeGenSpecFormat: ProjectFormatReader {
    public init() {}

    public func read(_ discovered: SourceFileDiscovery.Result, into reading: inout ProjectReading) {
        let projectFolders = Dictionary(grouping: reading.xcodeProjects) { Self.folder(of: $0) }
        for spec in discovered.projectDescriptions where spec.hasSuffix("/project.yml") {
            if let generated = projectFolders[Self.folder(of: spec)] {
                let names = generated.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted()
                reading.skipped.append(InputDiagnostic(
                    path: reading.display(spec), message: "XcodeGen spec not read: \(names.joined(separator: ", ")) beside it is what Xcode builds"))
                continue
            }
            do {
                if let description = try XcodeGenSpecReader.read(specPath: spec, consulted: &reading.consulted) {
                    reading.descriptions.append(description)
                }
            } catch let failure as XcodeGenSpecReader.Failure {
                reading.diagnostics.append(InputDiagnostic(path: reading.display(spec), message: "XcodeGen spec not read: \(failure.reason)"))
            } catch {
                reading.diagnostics.append(InputDiagnostic(path: reading.display(spec), message: "XcodeGen spec not read: \(error)"))
            }
        }
    }

    private static func folder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
    }
}
