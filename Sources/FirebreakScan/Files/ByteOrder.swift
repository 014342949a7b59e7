import Foundation

extension String {
    /// Whether the UTF-8 bytes sort before `other`'s: the order of paths and names everywhere
    /// output is sorted, independent of locale and Unicode normalisation. Compared with `memcmp`:
    /// `utf8.lexicographicallyPrecedes` stepped through the bytes one iterator call at a time, and
    /// sorting 10,688 paths took a quarter of a second.
    public func utf8Precedes(_ other: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs -> Bool in
                let common = min(mine.count, theirs.count)
                if common > 0, let a = mine.baseAddress, let b = theirs.baseAddress {
                    let order = memcmp(a, b, common)
                    if order != 0 { return order < 0 }
                }
                return mine.count < theirs.count
            }
        }
        return (fast ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }
}
