import Dispatch

/// Lets go of a large value on another thread. Tearing down a scanned project (hundreds of
/// thousands of arrays and strings) took a twentieth of a warm `lint` on the main thread just
/// before the process exits; released elsewhere, that work overlaps the output or is never waited for.
public enum BackgroundRelease {
    public static func release<Value: Sendable>(_ value: consuming Value) {
        let held = value
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(held) {} }
    }
}
