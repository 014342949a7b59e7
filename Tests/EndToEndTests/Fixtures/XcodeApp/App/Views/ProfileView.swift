import Networking
import SwiftUI

struct ProfileView: View {
    @State private var name = ""

    var body: some View {
        Text(name).task { name = (try? await APIClient.shared.fetchName()) ?? formattedToday() }
    }
}
