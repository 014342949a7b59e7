import FirebreakModel
import Foundation

/// What ArgumentParser would misread, checked before it parses: an `--option=` with nothing after
/// the `=` (it would take the next argument as the value), and a mistyped command, which the
/// default command (`lint`) would take for a path.
enum ArgumentCheck {
    static func check(_ arguments: [String], commands: [String]) throws {
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") && argument.hasSuffix("=") && argument.count > 3 {
            let option = argument.dropLast()
            throw InputError(description: "\(option)= has no value; write \(option)=VALUE or \(option) VALUE")
        }
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first),
              !FileManager.default.fileExists(atPath: first) else { return }
        let suggestions = NameSuggestions.nearest(to: first, among: commands, limit: 1)
        guard let suggestion = suggestions.first, !first.contains("/"), !first.hasSuffix(".swift") else { return }
        throw InputError(description: "unknown command '\(first)'; did you mean `\(suggestion)`? (`firebreak --help` lists the commands)")
    }
}
