// swift-tools-version:6.0
import PackageDescription

// What `firebreak fix --apply` must leave compiling: view models that read infrastructure
// singletons every way fix rewrites, and a composition root that builds every screen.
let package = Package(name: "Shop", targets: [.executableTarget(name: "Shop")])
