// swift-tools-version:6.0
import PackageDescription

// Types `fix` must leave unchanged, each for a reason it names.
let package = Package(name: "App", targets: [.target(name: "App")])
