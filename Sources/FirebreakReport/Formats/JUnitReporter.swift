import FirebreakModel

/// JUnit XML: one test suite per rule, one failing test case per finding.
public struct JUnitReporter: Reporter {
    public static let name = "junit"
    public init() {}

    public func render(_ report: LintReport, options: RenderOptions) -> String {
        let byRule = Dictionary(grouping: report.findings, by: \.rule)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"firebreak\" tests=\"\(report.findings.count)\" failures=\"\(report.findings.count)\">\n"
        for rule in report.rules.map(\.id) {
            let findings = byRule[rule] ?? []
            out += "  <testsuite name=\"\(XML.escape(rule))\" tests=\"\(findings.count)\" failures=\"\(findings.count)\">\n"
            for finding in findings {
                let name = "\(finding.path):\(finding.line):\(finding.column)"
                out += "    <testcase classname=\"\(XML.escape(finding.path))\" name=\"\(XML.escape(name))\">\n"
                out += "      <failure type=\"\(finding.severity.rawValue)\" message=\"\(XML.escape(finding.message))\">"
                out += XML.escape("\(name): \(finding.fullMessage)")
                out += "</failure>\n"
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }
}

/// XML text and attribute escaping; characters XML 1.0 cannot carry become U+FFFD.
enum XML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                out.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : scalar)
            }
        }
        return out
    }
}
