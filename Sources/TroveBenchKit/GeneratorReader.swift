public import TroveStore

/// `ReminderGenerator` as a ``ReminderReader``, so Trove's importer can take records straight
/// from memory with no file and no JSON parsing, as the direct baseline does.
public struct GeneratorReader: ReminderReader {
    private var generator: ReminderGenerator

    public init(seed: UInt64, count: Int) {
        generator = ReminderGenerator(seed: seed, count: count)
    }

    public init(_ generator: ReminderGenerator) {
        self.generator = generator
    }

    public mutating func next() throws -> ReminderRecord? { generator.next() }
    public var warnings: [String] { [] }
}
