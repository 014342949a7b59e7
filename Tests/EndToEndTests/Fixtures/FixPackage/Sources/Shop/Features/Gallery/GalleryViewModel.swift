/// A memberwise struct reading an actor.
struct GalleryViewModel {
    let id: Int
    var title: String { "Gallery \(id)" }

    func thumbnail() async -> [UInt8] {
        let key = ImageCache.shared.cacheKey(for: id)
        return await ImageCache.shared.image(for: key) ?? []
    }
}
