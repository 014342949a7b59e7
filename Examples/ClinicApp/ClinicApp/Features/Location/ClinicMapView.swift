import MapKit
import SwiftUI

struct ClinicMapView: View {
    @StateObject private var viewModel = ClinicMapViewModel()

    var body: some View {
        Map()
            .onAppear { viewModel.start() }
    }
}
