import Foundation

/// The sources `fix` reads, each read and parsed once, by the path reports show.
final class SourceFiles {
    let workingDirectory: String
    private var parsed: [String: ParsedFile?] = [:]

    init(workingDirectory: String) {
        self.workingDirectory = workingDirectory
    }

    func file(_ path: String) -> ParsedFile? {
        if let cached = parsed[path] { return cached }
        let decoded = (try? Data(contentsOf: URL(fileURLWithPath: absolute(path)))).flatMap { SourceEncoding.decode([UInt8]($0)) }
        let file = decoded.map { ParsedFile(path: path, text: $0.text, encoding: $0.encoding) }
        parsed[path] = file
        return file
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: absolute(path))
    }

    func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : (workingDirectory as NSString).appendingPathComponent(path)
    }
}
