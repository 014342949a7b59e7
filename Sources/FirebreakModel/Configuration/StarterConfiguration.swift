/// The commented file `firebreak init` writes; every key it shows is valid as written.
public enum StarterConfiguration {
    public static let text = """
        # firebreak configuration. Paths and globs are relative to this file.
        version: 1

        # Only analyse these paths (all .swift files when empty). `**` spans folders.
        included: []
        # Skip these. Hidden folders, DerivedData, Pods, Carthage and node_modules are always skipped.
        excluded:
          - "**/Generated/**"

        # Roles are inferred from conventions (views, view models, folders such as
        # Features/ or Networking/, `static let shared`); override them here.
        # Roles: high-level, infrastructure, composition-root, exempt, neutral.
        layers:
          - role: composition-root
            paths: ["App/Bootstrap/**"]
          - role: infrastructure
            types: ["*Gateway"]

        # Frameworks high-level code must not import (built in: UserNotifications, CoreData,
        # CoreLocation, HealthKit, RealmSwift, Realm, Alamofire, Moya, GRDB, WeatherKit, Firebase*).
        forbidden_imports:
          extra: []
          allowed: []

        # Shared instances to report (Type.member), or to stop reporting.
        singletons:
          extra: []
          allowed: []

        # error, warning, note or off, per rule. Run `firebreak rules` for the list.
        severity:
          concrete-default-argument: note

        # Limits on each view's dependency closure; `lint` reports closure-budget when one is
        # exceeded. Run `firebreak analyze` to see the current numbers before choosing them.
        # budgets:
        #   default: { lines: 20000, files: 200, modules: 8 }
        #   views:
        #     ProfileView: { lines: 800 }

        # Protocols or base classes that make a type a view besides SwiftUI's View, as Name or
        # Module.Name: a design system's screen protocol, a stub module, UIKit screens.
        # view_protocols: ["UIViewController"]

        """
}
