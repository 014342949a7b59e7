import SwiftSyntax

/// Where a view can read an `@Environment` property: in its body and the members the body runs,
/// on the main actor, once SwiftUI has installed the view. Not in an init or a stored property's
/// initial value: the environment is not there yet (the wrapper answers its default, the preview
/// double) and `self` is not whole (Cisum's `RootView` read its provider manager in `init`). Not
/// in `Task.detached`, a global queue's closure or a `nonisolated` member: the wrapper is isolated
/// to the main actor (Cisum's `FileSizeView` sized files in `Task.detached`).
enum EnvironmentReadPlaces {
    /// A refusal naming the first read of `what` a view could not make from the environment.
    static func refusal(reads: [(file: ParsedFile, node: Syntax)], what: String) -> Refusal? {
        for read in reads {
            if let place = misplacement(of: read.node) {
                return Refusal("\(read.file.location(of: read.node)) reads \(what) \(place), where a view's environment cannot be read; pass it in by hand")
            }
        }
        return nil
    }

    /// The places of every read a fix makes of the dependency's holder: the reads it rewrites, and
    /// the member uses of an existing holder.
    static func reads(of dependency: DependencyReads) -> [(file: ParsedFile, node: Syntax)] {
        let rewritten = dependency.edits.compactMap { read -> (file: ParsedFile, node: Syntax)? in
            read.file.tree.token(at: AbsolutePosition(utf8Offset: read.edit.start)).map { (read.file, Syntax($0)) }
        }
        return rewritten + dependency.useSites.map { ($0.file, Syntax($0.access)) }
    }

    private static func misplacement(of node: Syntax) -> String? {
        var current = node.parent
        while let ancestor = current {
            if let closure = ancestor.as(ClosureExprSyntax.self), let queue = offMainClosure(closure) { return "in \(queue)" }
            if ancestor.parent?.is(MemberBlockItemSyntax.self) == true { return misplacement(inMember: ancestor) }
            current = ancestor.parent
        }
        return nil
    }

    private static func misplacement(inMember member: Syntax) -> String? {
        if member.is(InitializerDeclSyntax.self) { return "in an init" }
        if let function = member.as(FunctionDeclSyntax.self) {
            return SyntaxQueries.modifiers(of: function).contains("nonisolated") ? "in a nonisolated method" : nil
        }
        guard let variable = member.as(VariableDeclSyntax.self), !StoredPublisher.isConverted(variable) else { return nil }
        let modifiers = SyntaxQueries.modifiers(of: variable)
        if modifiers.contains("nonisolated") { return "in a nonisolated property" }
        let stored = variable.bindings.contains { $0.accessorBlock == nil && $0.initializer != nil }
        return stored && !modifiers.contains("lazy") && !modifiers.contains("static") ? "in a stored property's initial value" : nil
    }

    /// `Task.detached { … }` and `DispatchQueue.global().async { … }` run their closure off the
    /// main actor.
    private static func offMainClosure(_ closure: ClosureExprSyntax) -> String? {
        guard let call = SyntaxQueries.call(taking: closure) else { return nil }
        let callee = call.calledExpression.trimmedDescription
        if callee.hasPrefix("Task.detached") { return "Task.detached" }
        if callee.hasPrefix("DispatchQueue.global") { return "a global dispatch queue" }
        return nil
    }
}
