/// The module a file that writes a dependency's live instance may have to import: the concrete
/// type's, when the file is another module's; a platform adapter's always, since its argument
/// (`LiveFileManager(FileManager.default)`) names the platform's type, whose module a platform
/// type's home (its user's module) says nothing of.
struct LiveImport: Hashable {
    /// The concrete type's module; a platform type counts as its user's.
    var module: String
    /// What `import` names; empty when no import can name the module.
    var importName: String
    var namesPlatform: Bool

    func isNeeded(in siteModule: String?) -> Bool {
        namesPlatform || module != siteModule
    }
}
