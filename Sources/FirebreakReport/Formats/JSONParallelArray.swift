import FirebreakModel

/// An element of a large array that `PrettyJSONEncoder` encodes on every core: a batch of
/// elements at a time, each into bytes of its own, then written in order, the same bytes as one
/// thread writes. The views of an analysis are most of its bytes (about 70 % of the 250 MB report
/// of a 1.5-million-line tree), and writing them on one core was a tenth of a cold `analyze`.
protocol JSONParallelElement: Encodable, Sendable {}

/// An array of such elements, found by one dynamic cast per value the stream encodes.
protocol JSONParallelArray {
    func writeInParallel(to stream: JSONByteStream, depth: Int) throws
}

extension Array: JSONParallelArray where Element: JSONParallelElement {
    func writeInParallel(to stream: JSONByteStream, depth: Int) throws {
        try stream.writeInParallel(self, depth: depth)
    }
}

extension AnalysisReport.View: JSONParallelElement {}
