import SwiftUI

struct ObservedView: View {
    @ObservedObject var client = APIClient.shared

    var body: some View {
        Text(client.fetch("me"))
    }
}
