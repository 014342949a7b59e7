/// An actor: its members are async from outside.
actor ImageCache {
    static let shared = ImageCache()
    private var images: [String: [UInt8]] = [:]
    func image(for key: String) -> [UInt8]? { images[key] }
    nonisolated func cacheKey(for id: Int) -> String { "image-\(id)" }
}
