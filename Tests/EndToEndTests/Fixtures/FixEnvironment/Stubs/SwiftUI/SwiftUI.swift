/// The few SwiftUI types the fixture and `fix --style environment` use, for Linux.
@MainActor
public protocol View {}

@MainActor
public protocol Scene {}

@MainActor
public protocol App {
    associatedtype Body: Scene
    var body: Body { get }
    init()
}

extension App {
    public static func main() { _ = Self().body }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent()
    }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {}

public struct Group<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct WindowGroup<Content: View>: Scene {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct Text: View {
    public init(_ text: String) {}
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

public struct EnvironmentValues {
    public init() {}
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        get { Key.defaultValue }
        set {}
    }
}

@propertyWrapper
public struct Environment<Value> {
    let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}

extension View {
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View { self }
}
