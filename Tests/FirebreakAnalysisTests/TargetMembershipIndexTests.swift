import Foundation
@testable import FirebreakModel
@testable import FirebreakScan
import FirebreakProject
import XCTest

/// The index must give exactly what asking every target gave: same targets, same specificity.
final class TargetMembershipIndexTests: XCTestCase {
    private let targets: [TargetMembers] = [
        TargetMembers(folders: [FolderMembership(path: "/repo/App")]),
        TargetMembers(folders: [FolderMembership(path: "/repo/App/Features")]),
        TargetMembers(files: ["/repo/App/Features/Login.swift"]),
        TargetMembers(folders: [FolderMembership(path: "/repo/App", excludedPaths: ["/repo/App/Legacy"])]),
        TargetMembers(folders: [FolderMembership(path: "/repo/App", excludes: [try! GlobPattern("**/*Tests.swift")])]),
        TargetMembers(folders: [FolderMembership(path: "/repo/App", includes: [try! GlobPattern("Features/**")])]),
        TargetMembers(folders: [FolderMembership(path: "/repo/Ap")]),
        TargetMembers(folders: [FolderMembership(path: "/repo/App/")]),
        TargetMembers(folders: [FolderMembership(path: "/")]),
        TargetMembers(folders: [FolderMembership(path: "/repo/App/Single.swift")]),
        TargetMembers(folders: [FolderMembership(path: "/repo/Été")]),
        TargetMembers(files: ["/repo/App/Features/Login.swift"], folders: [FolderMembership(path: "/repo/App/Features")]),
    ]

    func testMatchesAreWhatEveryTargetSays() {
        let index = TargetMembershipIndex(targets)
        let paths = [
            "/repo/App/Features/Login.swift", "/repo/App/Features/LoginTests.swift", "/repo/App/Legacy/Old.swift",
            "/repo/App/Single.swift", "/repo/Apple/Thing.swift", "/repo/Ap/x.swift", "/repo/Été/a.swift",
            "/repo/Other.swift", "/elsewhere/File.swift", "/repo/App", "/repo/App/",
        ]
        for path in paths {
            let expected = targets.enumerated().compactMap { target, members in
                members.specificity(of: path).map { TargetMembershipIndex.Match(target: target, specificity: $0) }
            }
            XCTAssertEqual(index.matches(path), expected, path)
        }
    }

    func testStandardPathsAreThoseURLLeavesAlone() {
        let paths = [
            "/a/b.swift", "/a/./b.swift", "/a/../b.swift", "/a//b.swift", "/a/b/", "/", "/a/.../b", "/a/.hidden/b",
            "/a/b..swift", "/a/..", "/a/.", "/Été/ß.swift", "/a b/c%20d.swift", "/a/b.swift.",
        ]
        for path in paths where PathDisplay.isStandard(path) {
            XCTAssertEqual(URL(fileURLWithPath: path).standardizedFileURL.path, path, path)
        }
        XCTAssertTrue(PathDisplay.isStandard("/repo/App/File.swift"))
        XCTAssertFalse(PathDisplay.isStandard("/repo/./File.swift"))
        XCTAssertFalse(PathDisplay.isStandard("/repo/../File.swift"))
        XCTAssertFalse(PathDisplay.isStandard("/repo//File.swift"))
        XCTAssertFalse(PathDisplay.isStandard("/repo/"))
        XCTAssertFalse(PathDisplay.isStandard("relative/File.swift"))
        for path in paths {
            XCTAssertEqual(PathDisplay.absolute(path, workingDirectory: "/w"), URL(fileURLWithPath: path).standardizedFileURL.path, path)
        }
    }
}

/// Which discovered files are package manifests, read off the path's last component.
final class ManifestNameTests: XCTestCase {
    func testManifestsAreNamedPackageSwiftOrAVersionedVariant() {
        for path in ["/repo/Package.swift", "Package.swift", "/repo/Sub/Package@swift-5.9.swift", "/répo/Package.swift"] {
            XCTAssertTrue(PackageManifestFormat.isManifest(path), path)
        }
        for path in ["/repo/Package.swift.bak", "/repo/MyPackage.swift", "/repo/Package@swift-5.9.txt", "/repo/Package.swift/Other.swift",
                     "/repo/Sources/Package/File.swift", ""] {
            XCTAssertFalse(PackageManifestFormat.isManifest(path), path)
        }
    }
}
