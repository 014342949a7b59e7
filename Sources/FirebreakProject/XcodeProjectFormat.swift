import FirebreakModel
import FirebreakScan
import Foundation

/// Xcode: every `.xcodeproj` found, and every project a found `.xcworkspace` names
/// (`XcodeWorkspaceReader`), each read once (`XcodeProjectReader`).
public struct XcodeProjectFormat: ProjectFormatReader {
    public init() {}

    public func read(_ discovered: SourceFileDiscovery.Result, into reading: inout ProjectReading) {
        var projects = discovered.projectDescriptions.filter { $0.hasSuffix(".xcodeproj") }
        for workspace in discovered.projectDescriptions where workspace.hasSuffix(".xcworkspace") {
            reading.consulted.insert(workspace + "/contents.xcworkspacedata")
            let named = XcodeWorkspaceReader.projects(workspacePath: workspace)
            reading.consulted.formUnion(named.map { $0 + "/project.pbxproj" })
            projects += named.filter { FileManager.default.fileExists(atPath: $0 + "/project.pbxproj") }
        }
        for project in projects where reading.xcodeProjects.insert(project).inserted {
            reading.consulted.insert(project + "/project.pbxproj")
            guard FileManager.default.fileExists(atPath: project + "/project.pbxproj") else { continue }
            do {
                reading.descriptions.append(try XcodeProjectReader.read(projectPath: project))
            } catch let failure as XcodeProjectReader.Failure {
                reading.diagnostics.append(InputDiagnostic(path: reading.display(project), message: "Xcode project not read: \(failure.reason)"))
            } catch {
                reading.diagnostics.append(InputDiagnostic(path: reading.display(project), message: "Xcode project not read: \(error)"))
            }
        }
    }
}
