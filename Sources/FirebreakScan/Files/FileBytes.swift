import Foundation

/// Reads a whole file with POSIX calls: one `open`, one `fstat`, reads straight into the array.
///
/// Foundation's `contents(atPath:)` plus an array copy cost more than hashing the bytes, and the
/// warm path reads every source file and every cache entry.
package enum FileBytes {
    /// Nil for anything but a regular file: a FIFO named `*.swift` (or standing in for a cache
    /// entry) is opened without blocking and refused, instead of waiting forever for a writer.
    package static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(PathBytes.cString(path), O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor)
    }

    /// The rest of an open file, nil unless it is a regular file.
    package static func read(descriptor: Int32) -> [UInt8]? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        // One byte more than the size, so the end-of-file read needs no second buffer; not
        // zero-filled first (that was a tenth of a warm run's reading).
        let capacity = max(Int(status.st_size), 0) + 1
        var filled = 0
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            while filled < capacity {
                let count = Foundation.read(descriptor, buffer.baseAddress! + filled, capacity - filled)
                if count < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    break
                }
                if count == 0 { break }
                filled += count
            }
            initialized = filled
        }
        if failed { return nil }
        guard filled == capacity else { return bytes }
        // Only a file that grew since `fstat` fills the buffer: read the rest the slow way.
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
            let count = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 { break }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }
}
