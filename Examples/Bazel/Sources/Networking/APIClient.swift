import Core

public final class APIClient: ProfileLoading {
    public static let shared = APIClient()

    public init() {}

    public func profile(id: String) async throws -> Profile {
        Profile(name: "profile \(id)")
    }
}
