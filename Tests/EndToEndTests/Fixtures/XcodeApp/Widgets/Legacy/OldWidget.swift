// Left out of the widget by an exception set: no target compiles it.
struct OldWidget {}
