import FirebreakModel
import FirebreakScan

/// One project format firebreak reads targets from: the seam every format goes through, as
/// Periphery's `ProjectDriver` is for its build systems.
///
/// A reader finds its own descriptions among what discovery found (Swift files such as
/// `Package.swift`, project bundles, specs) and adds what it read to a `ProjectReading`. The working
/// tree and `diff --base`'s checkout of another revision are both read through `ProjectReaders.all`,
/// so both sides of a diff see the same structure. Adding a format is a type conforming to this
/// protocol, in a file of its own, and its entry in `ProjectReaders.all`.
public protocol ProjectFormatReader: Sendable {
    func read(_ discovered: SourceFileDiscovery.Result, into reading: inout ProjectReading)
}

/// Every format, in the order they read: an XcodeGen spec is skipped when the Xcode project it
/// generates was read beside it, so projects come before specs.
public enum ProjectReaders {
    public static let all: [any ProjectFormatReader] = [PackageManifestFormat(), XcodeProjectFormat(), XcodeGenSpecFormat(), TuistManifestFormat()]
}
