/// Types the scan does not declare whose values are `Sendable` on every platform: the standard
/// library's and Foundation's values, the generic containers (whose elements are asked about on
/// their own), and StoreKit's. A type the scan declares answers for itself.
enum StandardSendableTypes {
    static let names: Set<String> = [
        "Bool", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
        "CGFloat", "TimeInterval", "String", "Character", "Substring", "URL", "Date", "Data", "UUID", "Decimal",
        "Void", "Never", "Array", "Dictionary", "Set", "Optional", "Result",
        // StoreKit 2's values, declared `Sendable` for its actors (Food Truck's `StoreActor`).
        "Product", "Transaction", "VerificationResult", "AppTransaction",
    ]
}
