/// The naming and folder conventions roles are inferred from when configuration says nothing.
public enum RoleConventions {
    public static let highLevelFolders: Set<String> = [
        "domain", "features", "presentation", "scenes", "screens", "ui", "views", "viewmodels",
    ]
    public static let infrastructureFolders: Set<String> = [
        "infrastructure", "networking", "network", "persistence", "data", "services", "clients", "api",
    ]

    public static let viewConformances: Set<String> = ["View", "ViewModifier", "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable"]
    public static let viewModelSuffixes = ["ViewModel", "ViewState", "StateModel", "Presenter"]
    public static let observableConformances: Set<String> = ["ObservableObject"]
    /// What makes a class a persistent data model (SwiftData's `@Model`, a Core Data entity): data
    /// a store keeps, not a service, whatever its methods read.
    public static let persistentModelAttributes: Set<String> = ["Model"]
    public static let persistentModelSuperclasses: Set<String> = ["NSManagedObject"]
    /// AppKit's and UIKit's document classes, which read and write their files: a subclass is the
    /// persistence of its document, infrastructure, even when it is observable (CodeEdit's
    /// `CodeFileDocument: NSDocument, ObservableObject` read as a view model).
    public static let documentSuperclasses: Set<String> = ["NSDocument", "UIDocument", "NSPersistentDocument"]
    /// UIKit, AppKit and Texture classes whose subclasses draw or lay out the screen: UI, whatever
    /// their code reads (a cell that reads a setting is not a settings service). Any other
    /// framework's class named `…View` or `…ViewController` counts too (`TypeJudge`).
    public static let userInterfaceSuperclasses: Set<String> = [
        "UIView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView",
        "UIControl", "UIButton", "UILabel", "UIImageView", "UIStackView", "UIScrollView", "UITableView", "UICollectionView",
        "UITextField", "UITextView", "UIViewController", "UITableViewController", "UICollectionViewController",
        "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController", "UIHostingController",
        "NSView", "NSTableCellView", "NSCollectionViewItem", "NSViewController", "NSWindowController", "NSHostingView",
        "ASDisplayNode", "ASCellNode", "ASCollectionNode", "ASTableNode", "ASViewController", "ASDKViewController",
    ]
    /// Platform types a class holds when its job is the app's windows and screens (a window or
    /// orientation manager, a status-item controller), beside the view and controller classes of
    /// `userInterfaceSuperclasses`.
    public static let interfaceObjectTypes: Set<String> = [
        "UIWindow", "NSWindow", "NSPanel", "UIWindowScene", "UIScreen", "NSScreen", "UIInterfaceOrientation",
        "UIInterfaceOrientationMask", "UIDeviceOrientation", "NSStatusItem", "NSMenu", "NSPopover",
    ]
    public static let observableAttributes: Set<String> = ["Observable"]
    /// What makes a class data that services decode or encode, not a service.
    public static let codingConformances: Set<String> = ["Codable", "Decodable", "Encodable"]

    public static let compositionRootSuffixes = ["Container", "Assembly", "Assembler", "CompositionRoot"]
    /// `AppEnvironment` is the name of the container that builds an app's services and hands them to
    /// its views (a TCA app's dependencies, an `@Observable` container set in the environment).
    public static let compositionRootNames: Set<String> = ["AppDependencies", "AppEnvironment"]
    public static let compositionRootConformances: Set<String> = ["App", "UIApplicationDelegate", "UIWindowSceneDelegate", "NSApplicationDelegate"]

    /// `main.swift`: the only file of a module that holds top-level code, which runs first (an
    /// `@main` type is a declaration instead).
    public static func isTopLevelCodeFile(_ path: String) -> Bool {
        path == "main.swift" || path.hasSuffix("/main.swift")
    }

    /// `AppContainer`, `MainAssembly`, `AppDependencies`: named like the place that wires services.
    public static func isCompositionRootName(_ name: String) -> Bool {
        compositionRootNames.contains(name) || compositionRootSuffixes.contains(where: name.hasSuffix)
    }
    /// An extension that conforms a dependency client to these (swift-dependencies, TCA) holds its
    /// `liveValue`: the live implementation the app runs on, wired there as a composition root wires
    /// its services. The client type itself keeps its own role.
    public static let liveDependencyConformances: Set<String> = ["DependencyKey"]

    public static let exemptPrefixes = ["Preview", "Mock", "Fake", "Stub", "Spy"]
    public static let exemptSuffixes = ["Mock", "Fake", "Stub", "Spy", "_Previews", "Previews"]
    public static let exemptConformances: Set<String> = ["PreviewProvider", "XCTestCase"]

    /// Class and actor names that say "this is a service with side effects".
    public static let serviceSuffixes = [
        "Client", "Service", "Repository", "Repo", "Store", "Manager", "Tracker", "Scheduler", "API", "Api",
        "Database", "DataSource", "Gateway", "Analytics", "Downloader", "Uploader",
    ]

    /// Names that are never services even when they end like one (`JSONDecoder`, `DateFormatter`).
    public static let valueLikeSuffixes = ["Formatter", "Encoder", "Decoder", "Error", "Configuration", "Style"]

    /// Names of types that hold an app's constants: a shared instance of one is no service unless
    /// its code does I/O.
    public static let constantsSuffixes = [
        "Constants", "Constant", "Config", "Configuration", "Theme", "Palette", "Metrics", "Dimensions", "Layout", "Appearance",
        "Style", "Styles", "Colors", "Fonts", "Strings",
    ]

    public static func hasConstantsName(_ name: String) -> Bool {
        constantsSuffixes.contains { name.hasSuffix($0) }
    }

    public static func hasExemptName(_ name: String) -> Bool {
        exemptPrefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            return rest.isEmpty || rest.first!.isUppercase
        } || exemptSuffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    public static func hasServiceName(_ name: String) -> Bool {
        !valueLikeSuffixes.contains { name.hasSuffix($0) } && serviceSuffixes.contains { name.hasSuffix($0) }
    }

    /// Protocol names that say "the abstraction of one service": `PhotoLibraryManagerProtocol`.
    public static let abstractionSuffixes = ["Protocol", "Providing", "Interface"]
    /// How adapters are named after the abstraction they implement: `LiveAPIClient`, `APIClientImpl`.
    public static let adapterPrefixes = ["Live", "Default", "Real", "Concrete", "System"]
    public static let adapterSuffixes = ["Impl", "Implementation", "Live", "Adapter"]
    /// Navigation types keep their own protocols and are not adapters.
    public static let navigationSuffixes = ["Coordinator", "Router", "Flow"]

    /// The scanned protocol `name` adapts, when its name pairs with the protocol's the way
    /// adapters are named: `PhotoLibraryManager: PhotoLibraryManagerProtocol`,
    /// `LiveAPIClient: APIClient`, `APIClientImpl: APIClientProtocol`.
    public static func adaptedProtocol(of name: String, conformances: Set<String>, scannedProtocols: Set<String>) -> String? {
        guard !navigationSuffixes.contains(where: name.hasSuffix) else { return nil }
        return conformances.filter(scannedProtocols.contains).sorted().first { conformance in
            let suffix = abstractionSuffixes.first { conformance.hasSuffix($0) && conformance.count > $0.count }
            let base = suffix.map { String(conformance.dropLast($0.count)) } ?? conformance
            if suffix != nil, name == base { return true }
            return adapterPrefixes.contains { name == $0 + base } || adapterSuffixes.contains { name == base + $0 }
        }
    }

    public static func isTestPath(_ path: String) -> Bool {
        // On the UTF-8 bytes, in one pass: every file asks, more than once, and neither splitting
        // the path nor stepping through its `UTF8View` was cheap (8,000 instructions a path).
        var path = path
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return false }
            var fileStart = end
            while fileStart > 0, bytes[fileStart - 1] != slash { fileStart -= 1 }
            if bytes.hasSuffix("Tests.swift", before: end, from: fileStart) || bytes.hasSuffix("Test.swift", before: end, from: fileStart) {
                return true
            }
            var componentStart = 0
            for index in 0..<fileStart where bytes[index] == slash {
                if componentStart < index, bytes.hasSuffix("Tests", before: index, from: componentStart) { return true }
                componentStart = index + 1
            }
            return false
        }
    }

    /// The role of the deepest folder in `path` named after a layer, if any.
    public static func folderRole(_ path: String) -> RoleAssignment? {
        // An ASCII path is taken apart on its bytes, and only a component as long as a layer
        // folder's name is built and lowercased: every file asks, and splitting the characters
        // of the path cost more than the rest of its role.
        guard path.utf8.allSatisfy({ $0 < 0x80 }) else { return folderRoleOfComponents(path) }
        let bytes = path.utf8
        guard var end = bytes[..<fileNameEnd(path)].lastIndex(of: UInt8(ascii: "/")) else { return nil }
        while true {
            let start = bytes[..<end].lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
            if start < end, folderNameLengths.contains(bytes.distance(from: start, to: end)) {
                let component = path[start..<end]
                if let role = layerRole(of: component) { return role }
            }
            guard start > bytes.startIndex else { return nil }
            end = bytes.index(before: start)
        }
    }

    /// Where the file name ends: the last component that is not empty, past any trailing `/`.
    private static func fileNameEnd(_ path: String) -> String.UTF8View.Index {
        let bytes = path.utf8
        var end = bytes.endIndex
        while end != bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        return end
    }

    private static func folderRoleOfComponents(_ path: String) -> RoleAssignment? {
        for component in path.split(separator: "/").dropLast().reversed()
            where folderNameLengths.contains(component.utf8.count) || !component.utf8.allSatisfy({ $0 < 0x80 }) {
            if let role = layerRole(of: component) { return role }
        }
        return nil
    }

    private static func layerRole(of component: Substring) -> RoleAssignment? {
        let name = component.lowercased()
        if highLevelFolders.contains(name) { return RoleAssignment(.highLevel, "in folder \(component)/") }
        if infrastructureFolders.contains(name) { return RoleAssignment(.infrastructure, "in folder \(component)/") }
        return nil
    }

    /// Lengths of the layer folder names: an ASCII component of another length needs no lowercasing.
    static let folderNameLengths = Set(highLevelFolders.union(infrastructureFolders).map(\.utf8.count))
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes `start..<end` end with `suffix`'s.
    func hasSuffix(_ suffix: StaticString, before end: Int, from start: Int) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard end - start >= count else { return false }
        return suffix.withUTF8Buffer { suffixBytes in
            (0..<count).allSatisfy { self[end - count + $0] == suffixBytes[$0] }
        }
    }
}
