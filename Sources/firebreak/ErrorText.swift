import Foundation

/// An error as one short reason for a message: the operating system's words ("Not a directory",
/// "Permission denied") where Foundation wraps them, instead of "The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)".
enum ErrorText {
    static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(error.code))) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        guard error.domain == NSCocoaErrorDomain else { return error.localizedDescription }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
        case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
        case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
        case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
        case .fileWriteFileExists: return String(cString: strerror(EEXIST))
        default: return error.localizedDescription
        }
    }
}
