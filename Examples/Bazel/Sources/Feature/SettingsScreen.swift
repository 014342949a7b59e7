import Networking
import UI

/// Reads the concrete client's singleton: the finding the strict report fails on.
public struct SettingsScreen: View {
    let client = APIClient.shared

    public init() {}
}
