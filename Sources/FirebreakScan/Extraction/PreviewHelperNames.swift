/// Static member names that say the member exists for previews and tests: code inside them is
/// not a finding, like code inside `#Preview`.
public enum PreviewHelperNames {
    static let exact: Set<String> = ["sample", "samples", "testValue"]
    static let prefixes = ["preview", "mock", "fixture", "stub", "fake", "dummy"]

    /// `preview`, `previews`, `previewValue`, `mock`, `mockUser`, `fixtures`, `stub2`, TCA's
    /// `testValue`; not `previewing`, `stubborn` or `sampleRate`.
    public static func contains(_ name: String) -> Bool {
        // Every name listed starts with one of these letters: most names are turned away unhashed.
        switch name.utf8.first {
        case UInt8(ascii: "s"), UInt8(ascii: "t"), UInt8(ascii: "p"), UInt8(ascii: "m"), UInt8(ascii: "f"), UInt8(ascii: "d"): break
        default: return false
        }
        if exact.contains(name) { return true }
        return prefixes.contains { prefix in
            guard name.hasPrefix(prefix) else { return false }
            let rest = name.dropFirst(prefix.count)
            return rest.isEmpty || rest == "s" || rest.first!.isUppercase || rest.first!.isNumber
        }
    }
}
