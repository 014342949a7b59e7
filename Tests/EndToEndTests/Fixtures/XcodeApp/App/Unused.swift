// In the folder, in no target: Xcode does not compile it.
struct UnusedScreen {}
