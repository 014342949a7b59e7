/// One dependency a high-level type will take through `init`: the reads that move behind the
/// protocol, the protocol's name, and whether call sites outside composition roots keep
/// compiling through a default argument.
struct InjectedDependency {
    var reads: DependencyReads
    var protocolName: String

    /// The parameter's type when it is not the protocol (`Dependencies` with `--style closures`).
    var typeOverride: String?

    /// The default argument when it is not the live instance: a member of the type's own container,
    /// a composition root (`ProfileViewModelContainer.apiClient`), which high-level code may name.
    var defaultExpression: String?

    /// What the parameter defaults to where high-level call sites need a default.
    var defaultValue: String { defaultExpression ?? reads.liveExpression }

    var parameterName: String { reads.holder.name }
    var existential: String { typeOverride ?? "any \(protocolName)" }
}
