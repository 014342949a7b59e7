import Foundation

/// Where a report is written a chunk at a time, so that a large one never has to be held whole.
public protocol ByteSink: AnyObject {
    /// Appends `bytes`; a failure to write is a `ByteSinkError`.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
    /// Drops everything written so far: a streamed encoding that must start over.
    func restart() throws
}

/// A write that failed (a full disk, a closed descriptor), with the reason.
public struct ByteSinkError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Collects the bytes in memory.
public final class DataSink: ByteSink {
    public private(set) var data = Data()
    public init() {}
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { data.append(bytes) }
    public func restart() throws { data.removeAll() }
}
