/// A list of words stored back to back as UTF-8, so text can be assembled with plain byte
/// copies instead of one `String.append` per word.
///
/// ```swift
/// let pool = UTF8Pool(["milk", "café"])
/// pool.length(of: 1)   // 5, the bytes of "café"
/// ```
struct UTF8Pool: Sendable {
    private let bytes: [UInt8]
    /// Where word `i` starts in `bytes`; word `i` ends where word `i + 1` starts.
    private let offsets: [Int32]

    init(_ words: [String]) {
        var bytes: [UInt8] = []
        var offsets: [Int32] = [0]
        for word in words {
            bytes.append(contentsOf: word.utf8)
            offsets.append(Int32(bytes.count))
        }
        self.bytes = bytes
        self.offsets = offsets
    }

    /// The UTF-8 length of word `index`.
    func length(of index: Int) -> Int {
        Int(offsets[index + 1] &- offsets[index])
    }

    /// Copies word `index` to `destination` and returns the address just past it.
    ///
    /// > Important: `destination` must have room for `length(of: index)` bytes.
    func copy(_ index: Int, to destination: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let start = Int(offsets[index])
        let count = Int(offsets[index + 1]) &- start
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + start, count: count)
        }
        return destination + count
    }
}
