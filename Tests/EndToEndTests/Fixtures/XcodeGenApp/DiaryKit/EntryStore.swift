import Foundation

public final class EntryStore {
    public static let shared = EntryStore()
    public var title: String { "Entries" }
}
