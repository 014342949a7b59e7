extension String {
    /// `Profile` for `Feature.Profile`, the whole name when it has no dot. Found on the UTF-8
    /// bytes: names are split this way for every declaration and reference, and `split` allocates.
    public var lastNameComponent: String {
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return self }
        return String(self[utf8.index(after: dot)...])
    }

    /// `Feature` for `Feature.Profile`, the whole name when it has no dot.
    public var firstNameComponent: Substring {
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")) else { return self[...] }
        return self[..<dot]
    }

    /// `lastNameComponent == name`, compared on the bytes without building the component.
    public func hasLastNameComponent(_ name: String) -> Bool {
        let bytes = utf8, nameBytes = name.utf8
        guard bytes.count >= nameBytes.count, bytes.suffix(nameBytes.count).elementsEqual(nameBytes),
              !nameBytes.contains(UInt8(ascii: ".")) else { return false }
        // The whole name, or a suffix after a dot (then the last dot, as the suffix holds none).
        return bytes.count == nameBytes.count
            || bytes[bytes.index(bytes.endIndex, offsetBy: -nameBytes.count - 1)] == UInt8(ascii: ".")
    }
}
