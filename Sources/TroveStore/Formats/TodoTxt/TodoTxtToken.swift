/// Percent-encoding for todo.txt tokens (`+list`, `@tag`, `note:…`), which end at a space.
enum TodoTxtToken {
    /// Encodes `%`, whitespace and control characters as `%XX`; everything else stays readable.
    static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "%") || byte <= 0x20 || byte == 0x7F {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX`; text that is not valid percent-encoded UTF-8 (`+100%`) is kept as written.
    static func decode(_ text: some StringProtocol) -> String {
        guard text.contains("%") else { return String(text) }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = value(bytes[index + 1]), let low = value(bytes[index + 2])
            {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(validating: out, as: UTF8.self) ?? String(text)
    }

    private static let hex: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
