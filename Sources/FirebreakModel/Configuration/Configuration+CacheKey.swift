import FirebreakScan

extension Configuration {
    /// Every setting, written in a fixed order (dictionaries by key): part of the key of results
    /// cached across runs. `ConfigurationCacheKeyTests` fails when a stored property is added and
    /// not written here.
    package func writeCacheKey(to writer: inout CompactWriter) {
        writer.write(rootDirectory)
        writer.write(sourceFile)
        writer.write(included.map(\.text))
        writer.write(excluded.map(\.text))
        writer.write(layers.count)
        for layer in layers {
            writer.write(layer.role.rawValue)
            writer.write(layer.paths.map(\.text))
            writer.write(layer.types.map(\.text))
        }
        for list in [forbiddenImports, singletons] {
            writer.write(list.extra)
            writer.write(list.allowed)
        }
        writer.write(severities.count)
        for (rule, severity) in severities.sorted(by: { $0.key < $1.key }) {
            writer.write(rule)
            writer.write(severity.map(\.rawValue))
        }
        writer.write(modules.count)
        for module in modules {
            writer.write(module.name)
            writer.write(module.paths.map(\.text))
        }
        writer.write(budgets.views.map(\.name))
        for budget in [budgets.default] + budgets.views.map({ Optional($0.budget) }) {
            writer.write(budget?.lines)
            writer.write(budget?.files)
            writer.write(budget?.modules)
        }
        writer.write(viewProtocols)
    }

    /// How many stored properties `writeCacheKey` writes.
    package static let cacheKeyPropertyCount = 11
}
