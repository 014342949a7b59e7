import Foundation

/// File names are bytes; Swift strings are Unicode. A name that is not valid UTF-8 keeps its
/// bytes in a string through the private-use scalars U+10FF00 + byte (which no real file name
/// uses), so that it can be opened again; reports show those bytes as `\xHH`.
public enum PathBytes {
    private static let base: UInt32 = 0x10FF00

    /// The name `readdir` or `realpath` returned (NUL-terminated), as a string that keeps its bytes.
    static func string(fromCString pointer: UnsafePointer<CChar>) -> String {
        let length = strlen(pointer)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            string(from: UnsafeBufferPointer(start: bytes, count: length))
        }
    }

    static func string(from bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    scalars.append(Unicode.Scalar(base + UInt32(byte))!)
                }
                offset += length
            case .emptyInput:
                return String(scalars)
            }
        }
    }

    /// The bytes to hand the operating system for `path` (NUL-terminated).
    static func cString(_ path: String) -> [CChar] {
        var bytes: [CChar] = []
        bytes.reserveCapacity(path.utf8.count + 1)
        for scalar in path.unicodeScalars {
            if scalar.value >= base {
                bytes.append(CChar(bitPattern: UInt8(scalar.value - base)))
            } else {
                for unit in UTF8.encode(scalar)! { bytes.append(CChar(bitPattern: unit)) }
            }
        }
        bytes.append(0)
        return bytes
    }

    /// Whether `path` holds bytes that are not UTF-8.
    static func holdsRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { $0.value >= base }
    }

    /// `path` for people and reports: bytes that are not UTF-8 as `\xHH`, and control characters
    /// as `ControlCharacters` writes them, so a file name cannot start a line of its own in a CI log
    /// (a GitHub workflow command) or send escape sequences to a terminal.
    public static func escaped(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value >= base || ControlCharacters.isControl($0) }) else { return path }
        var text = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= base {
                text += "\\x" + String(scalar.value - base, radix: 16, uppercase: true)
            } else {
                text += ControlCharacters.escaped(String(scalar))
            }
        }
        return text
    }
}
