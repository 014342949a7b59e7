import CoreLocation
import Foundation

/// Naive: constructs a platform location service and reads preferences from a singleton.
@MainActor
final class ClinicMapViewModel: ObservableObject {
    private let manager = CLLocationManager()
    @Published var showsTraffic = false

    func start() {
        manager.requestWhenInUseAuthorization()
        // firebreak:disable-next-line singleton-access -- migrating with the settings rewrite
        showsTraffic = UserDefaults.standard.bool(forKey: "traffic")
    }
}
