import Foundation

extension String {
    /// `Profile` for `Feature.Profile`, the whole name when it has no dot. Found on the UTF-8
    /// bytes: names are split this way for every declaration and reference, and `split` allocates.
    public var lastNameComponent: String {
        guard let dot = dotOffset(last: true) else { return self }
        return String(self[utf8.index(utf8.startIndex, offsetBy: dot + 1)...])
    }

    /// `Feature` for `Feature.Profile`, the whole name when it has no dot.
    public var firstNameComponent: Substring {
        guard let dot = dotOffset(last: false) else { return self[...] }
        return self[..<utf8.index(utf8.startIndex, offsetBy: dot)]
    }

    /// The byte offset of the first or last `.`, read from the contiguous bytes (the byte
    /// iterator's `firstIndex(of:)` was a visible part of walking a file).
    private func dotOffset(last: Bool) -> Int? {
        let fast = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            if last {
                var offset = bytes.count - 1
                while offset >= 0 {
                    if bytes[offset] == UInt8(ascii: ".") { return offset }
                    offset -= 1
                }
                return nil
            }
            return bytes.firstOffset(of: UInt8(ascii: "."))
        }
        if let fast { return fast }
        let index = last ? utf8.lastIndex(of: UInt8(ascii: ".")) : utf8.firstIndex(of: UInt8(ascii: "."))
        return index.map { utf8.distance(from: utf8.startIndex, to: $0) }
    }

    /// `["Feature", "Profile"]` for `Feature.Profile`, empty components left out (as
    /// `split(separator: ".")` leaves them out). Split on the bytes: splitting the characters
    /// stepped through a grapheme iterator for every reference's name.
    public var nameComponents: [String] {
        var name = self
        return name.withUTF8 { bytes in
            var components: [String] = []
            var start = 0
            while let dot = bytes.firstOffset(of: UInt8(ascii: "."), in: start..<bytes.count) {
                if dot > start { components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<dot]), as: UTF8.self)) }
                start = dot + 1
            }
            if bytes.count > start {
                components.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            }
            return components
        }
    }

    /// Whether the name is qualified (`Feature.Profile`): every reference's name is asked, and the
    /// byte iterator took longer than the lookup after it.
    public var isQualifiedName: Bool {
        dotOffset(last: false) != nil
    }

    /// `lastNameComponent == name`, compared on the bytes without building the component.
    public func hasLastNameComponent(_ name: String) -> Bool {
        // A component holds no dot.
        guard !name.isQualifiedName else { return false }
        let fast = utf8.withContiguousStorageIfAvailable { bytes in
            name.utf8.withContiguousStorageIfAvailable { nameBytes -> Bool in
                let (count, nameCount) = (bytes.count, nameBytes.count)
                guard count >= nameCount else { return false }
                if nameCount > 0, memcmp(bytes.baseAddress! + (count - nameCount), nameBytes.baseAddress!, nameCount) != 0 {
                    return false
                }
                // The whole name, or a suffix after a dot (then the last dot, as the suffix holds none).
                return count == nameCount || bytes[count - nameCount - 1] == UInt8(ascii: ".")
            }
        }
        if let fast, let answer = fast { return answer }
        return lastNameComponent == name
    }

    /// `contains(part)` for an ASCII `part`, on the bytes when this string is ASCII too: the
    /// `contains` Foundation lends `String` goes through `range(of:)`, thousands of instructions
    /// for a short attribute name.
    public func containsASCII(_ part: String) -> Bool {
        let fast = utf8.withContiguousStorageIfAvailable { bytes in
            part.utf8.withContiguousStorageIfAvailable { partBytes -> Bool? in
                guard !bytes.contains(where: { $0 >= 0x80 }), !partBytes.contains(where: { $0 >= 0x80 }) else { return nil }
                let (count, partCount) = (bytes.count, partBytes.count)
                guard partCount > 0 else { return true }
                guard count >= partCount else { return false }
                for start in 0...(count - partCount)
                    where bytes[start] == partBytes[0] && memcmp(bytes.baseAddress! + start, partBytes.baseAddress!, partCount) == 0 {
                    return true
                }
                return false
            }
        }
        if let fast, let inner = fast, let answer = inner { return answer }
        return contains(part)
    }
}
