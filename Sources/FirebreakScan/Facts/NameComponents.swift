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
}
