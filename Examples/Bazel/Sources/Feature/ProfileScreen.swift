import Core
import UI

public struct ProfileScreen: View {
    let loader: any ProfileLoading

    public init(loader: any ProfileLoading) { self.loader = loader }
}
