import FirebreakModel
import SwiftSyntax

/// A preview that builds a fixed type passes preview doubles, not the live instances (seed 001):
/// the preview then runs without the network or the disk, and a `#Preview` in a view's own file
/// does not bring the live adapters into that view's closure.
extension Fixer {
    /// Whether the site is preview code (`#Preview`, a `PreviewProvider`, a preview's helper type):
    /// exempt code other than tests, which may well mean the live instance.
    func isPreview(_ site: CallSite) -> Bool {
        let role = role(of: Syntax(site.call), in: site.file)
        return role.role == .exempt && !role.reason.hasPrefix("test file") && role.reason != "conforms to XCTestCase"
    }

    /// What a preview passes for each dependency: its double, written as an environment key's
    /// default is (so both ways write the same type, in the same place), or the live instance when
    /// the double needs a fixture no empty value stands for.
    /// A double sits beside its protocol, internal: a preview in another module passes the live
    /// instance.
    func previewValues(_ planned: [PlannedDependency], at site: CallSite, into written: inout HoistEdits) -> [String] {
        let siteModule = fileIndex[site.file.path].map { modules[$0] }
        return planned.map { dependency in
            let firewall = dependency.firewall
            guard firewall.module == siteModule else { return dependency.injected.reads.liveExpression }
            let folder = previewFolders[firewall.module] ?? folder(of: firewall.protocolPath)
            // A scanned type of the double's name may be another shape: the live instance is safe.
            guard case .success(let double) = PreviewDouble.make(for: firewall, folder: folder, optionalFixtures: true),
                  double.fixturesWithoutDefault.isEmpty, double.unsetFixtures.isEmpty, model.symbols.resolve(double.name) == nil,
                  !sources.exists(double.path) else {
                return dependency.injected.reads.liveExpression
            }
            // Beside the protocol, where the key that defaults to it sees it too.
            written.newFiles[double.path] = double.source
            written.newFileHosts[double.path] = firewall.protocolHost
            return "\(double.name)()"
        }
    }
}
