import ArgumentParser

/// The paths to read and `--config`, shared by every command that scans sources.
struct InputOptions: ParsableArguments {
    @Argument(help: "Files or directories to analyse.")
    var paths: [String] = ["."]

    @Option(help: "Configuration file; by default the nearest .firebreak.yml from the first path upward.")
    var config: String?
}
