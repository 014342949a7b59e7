// swift-tools-version:6.0
import PackageDescription

// What `firebreak fix --style environment --apply` must leave compiling: views that read
// infrastructure singletons, and an App whose window group is where the live instances go.
// `SwiftUI` is a stub of the few SwiftUI types involved, since Linux has none.
let package = Package(name: "Journal", targets: [
    .target(name: "SwiftUI", path: "Stubs/SwiftUI"),
    .executableTarget(name: "Journal", dependencies: ["SwiftUI"]),
])
