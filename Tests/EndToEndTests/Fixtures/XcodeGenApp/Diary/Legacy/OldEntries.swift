// Excluded by the spec: no target compiles it.
struct OldEntries {}
