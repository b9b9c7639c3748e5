/// A benchmark step that could not run; the message says what failed and what to do.
public struct BenchError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
