/// Names a type that `fix` writes cannot take: Swift's reserved words, which do not compile as a
/// type name, and the standard library's and the common frameworks' types, which it would shadow.
public enum ReservedNames {
    /// Words the Swift grammar reserves in declarations, statements and expressions, and the names
    /// of the metatype and special types.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "super", "throws", "true", "try", "_", "Any", "Self", "Type", "Protocol", "actor", "await",
        "async", "some", "any", "package", "consume", "copy", "discard", "each", "macro", "borrowing", "consuming",
        "nonisolated", "isolated", "sending",
    ]

    /// Types no import is needed for, and generic parameter names a protocol's signatures use.
    static let standardLibraryTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void", "Any", "AnyObject",
        "Sendable", "Hashable", "Equatable", "Comparable", "Codable", "Decodable", "Encodable", "Identifiable", "Sequence",
        "Collection", "Substring", "Task", "AsyncStream", "AsyncThrowingStream", "Duration", "LosslessStringConvertible",
        "CustomStringConvertible", "RawRepresentable", "CaseIterable", "Range", "ClosedRange", "Self", "T", "U", "Element",
    ]

    /// Further names of the standard library and of Foundation, SwiftUI and Combine that a new
    /// protocol would shadow in every file of its module.
    private static let frameworkTypes: Set<String> = [
        "AnyHashable", "Actor", "AnyActor", "MainActor", "Float16", "Float80", "StaticString", "Unicode", "Slice", "Mirror",
        "Iterator", "IteratorProtocol", "AsyncSequence", "Numeric", "BinaryInteger", "FixedWidthInteger", "FloatingPoint",
        "Data", "Date", "URL", "UUID", "Decimal", "Locale", "TimeZone", "Calendar", "Notification", "NotificationCenter",
        "UserDefaults", "FileManager", "Bundle", "ProcessInfo", "JSONEncoder", "JSONDecoder", "NSObject", "Published",
        "ObservableObject", "Observable", "View", "Text", "Image", "Color", "Font", "App", "Scene", "Binding", "State",
        "Environment", "EnvironmentValues", "EnvironmentKey", "Publisher", "Subscriber", "Cancellable", "AnyCancellable",
    ]

    /// Why `name` cannot name a new type, nil when it can.
    public static func problem(withTypeName name: String) -> String? {
        if keywords.contains(name) { return "'\(name)' is a Swift keyword" }
        if standardLibraryTypes.contains(name) || frameworkTypes.contains(name) {
            return "'\(name)' is a standard library or framework type, which the new protocol would shadow"
        }
        return nil
    }
}
