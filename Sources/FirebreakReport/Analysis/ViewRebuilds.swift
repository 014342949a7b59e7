import FirebreakModel

/// What tells views apart where they share a module: the interface edits that recompile each
/// one, and the worst of them. A one-module app's closures are most of the app for every view;
/// which edits recompile a view is what differs.
struct ViewRebuilds {
    struct Row {
        var view: String
        var edits: [AnalysisReport.Rebuild]
        var worst: AnalysisReport.Rebuild { edits[0] }
    }

    let rows: [Row]

    /// Views with at least one such edit, the worst edit first in each, the views with the
    /// costliest worst edit first.
    init(_ report: AnalysisReport) {
        let rebuilds = Dictionary(report.rebuilds.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
        rows = report.views.compactMap { view -> Row? in
            let edits = view.rebuiltBy.compactMap { rebuilds[$0] }
                .sorted { ($0.estimatedSeconds, $0.files, $1.type) > ($1.estimatedSeconds, $1.files, $0.type) }
            return edits.isEmpty ? nil : Row(view: view.name, edits: edits)
        }.sorted {
            ($0.worst.estimatedSeconds, $0.edits.count, $1.view) > ($1.worst.estimatedSeconds, $1.edits.count, $0.view)
        }
    }

    /// "DataCacheUpdate: 25 files (≈2.44 s, 1.0 to 4.4 s)"
    static func edit(_ rebuild: AnalysisReport.Rebuild) -> String {
        "\(rebuild.type): \(Figures.files(rebuild.files)) (\(Figures.estimate(rebuild.estimatedSeconds, rebuild.range)))"
    }

    /// "DataCacheUpdate: 25 files (≈2.44 s); also User, Repository"
    static func described(_ row: Row?) -> String {
        guard let row else { return "" }
        return row.edits.count > 1 ? edit(row.worst) + "; " + others(row) : edit(row.worst)
    }

    /// By view name.
    var byView: [String: Row] {
        Dictionary(rows.map { ($0.view, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// "also User, Repository and 2 more"
    static func others(_ row: Row, shown: Int = 3) -> String {
        let rest = row.edits.dropFirst().map(\.type)
        guard !rest.isEmpty else { return "" }
        let listed = rest.prefix(shown).joined(separator: ", ")
        return "also " + listed + (rest.count > shown ? " and \(rest.count - shown) more" : "")
    }
}

/// Where most views share one module that a build compiles whole: said once, not on every row.
struct SharedModule {
    var module: String
    var views: Int
    var of: Int
    /// The cold build of that module, the same for each of its views, and its range.
    var seconds: Double
    var range: SecondsRange?

    /// Nil unless rebuilds lead (no cut changes what a build compiles) and one module holds at
    /// least half the views.
    init?(_ report: AnalysisReport) {
        guard Figures.leadsWithRebuilds(report) else { return nil }
        let byModule = Dictionary(grouping: report.views, by: \.module)
        guard let (module, views) = byModule.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }),
              views.count * 2 >= report.views.count else { return nil }
        self.module = module
        self.views = views.count
        of = report.views.count
        let slowest = views.max { ($0.estimatedSeconds, $1.name) < ($1.estimatedSeconds, $0.name) }
        seconds = slowest?.estimatedSeconds ?? 0
        range = slowest?.range
    }

    func sentence(_ model: CostModel) -> String {
        let share = views == of ? "All \(of) views" : "\(views) of \(of) views"
        return "\(share) are in \(module), which a build compiles whole (\(Figures.priced(seconds, range, model.phrase)), whatever the view). "
            + "A protocol does not shorten that build; it keeps an edit behind it from recompiling the views that use it, "
            + "so what tells these views apart is the rebuilds below."
    }
}
