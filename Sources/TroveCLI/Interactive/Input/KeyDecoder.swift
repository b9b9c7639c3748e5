/// Turns the raw bytes a terminal sends in raw mode into `Key`s.
///
/// Feed every chunk read from the tty to `decode(_:)`. A chunk may end in the middle of a
/// sequence, so the decoder keeps the unfinished bytes; when `isPendingEscape` is true the driver
/// waits about 25 ms for more bytes and, if none come, calls `flush()` to get a lone Esc.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("hi\u{1B}[A\r".utf8))  // [.text("hi"), .up, .enter]
/// decoder.decode([0x1B])                       // [], isPendingEscape == true
/// decoder.flush()                              // [.escape]
/// ```
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Set between `ESC [ 200 ~` and `ESC [ 201 ~`.
    private var paste: [UInt8]?

    /// True when the bytes so far end in an Esc that may start a sequence; call `flush()` after a
    /// short quiet period to read it as a lone Esc.
    var isPendingEscape: Bool { paste == nil && pending.first == 0x1B }

    /// Decodes a chunk, keeping any unfinished sequence for the next call.
    /// - Parameter bytes: Bytes read from the terminal.
    /// - Returns: The keys completed by this chunk, in order; consecutive printable characters
    ///   come as one `.text`.
    mutating func decode(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if paste != nil {
                guard let consumed = consumePaste(from: index, into: &keys) else { break }
                index = consumed
                continue
            }
            guard let (key, length) = decodeOne(at: index) else { break }
            if let key { append(key, to: &keys) }
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// Ends whatever is pending after the quiet period: a lone Esc becomes `.escape`; an
    /// unfinished escape sequence or UTF-8 character is dropped. A paste keeps waiting for its end.
    /// - Returns: `[.escape]` or `[]`.
    mutating func flush() -> [Key] {
        guard paste == nil, !pending.isEmpty else { return [] }
        let wasLoneEscape = pending == [0x1B]
        pending.removeAll()
        return wasLoneEscape ? [.escape] : []
    }

    // MARK: - One key

    /// Decodes one key at `index`.
    /// - Returns: nil when more bytes are needed; otherwise the key (nil for bytes that are
    ///   dropped) and how many bytes it used.
    private mutating func decodeOne(at index: Int) -> (Key?, Int)? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            return decodeEscape(at: index)
        case 0x0D, 0x0A:
            return (.enter, 1)
        case 0x09:
            return (.tab, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x01...0x1A:
            return (.ctrl(Character(Unicode.Scalar(byte + 0x60))), 1)
        case 0x1F:
            // NB: Ctrl-/ and Ctrl-_ send the same byte.
            return (.ctrl("/"), 1)
        case 0x00, 0x1C...0x1E:
            return (nil, 1)
        default:
            return decodeUTF8(at: index)
        }
    }

    private func decodeUTF8(at index: Int) -> (Key?, Int)? {
        let lead = pending[index]
        let length: Int
        switch lead {
        case 0x20...0x7E: return (.text(String(Character(Unicode.Scalar(lead)))), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)  // a stray continuation byte or an invalid lead byte
        }
        var end = index + 1
        while end < index + length {
            guard end < pending.count else { return nil }
            guard pending[end] & 0xC0 == 0x80 else { return (nil, end - index) }
            end += 1
        }
        // NB: the decoder rejects overlongs and surrogates that the lead-byte ranges let through.
        guard let scalar = String(validating: pending[index..<end], as: UTF8.self)?.unicodeScalars.first,
              scalar.properties.generalCategory != .control
        else { return (nil, length) }
        return (.text(String(scalar)), length)
    }

    private func append(_ key: Key, to keys: inout [Key]) {
        if case .text(let more) = key, case .text(let text)? = keys.last {
            keys[keys.count - 1] = .text(text + more)
        } else {
            keys.append(key)
        }
    }

    /// Decodes what starts with Esc: a CSI (`ESC [`) or SS3 (`ESC O`) sequence, Alt-character,
    /// or a second Esc (which makes the first one a lone Esc).
    /// - Returns: nil while the sequence is unfinished.
    // MARK: - Escape sequences

    private mutating func decodeEscape(at index: Int) -> (Key?, Int)? {
        guard index + 1 < pending.count else { return nil }
        let next = pending[index + 1]
        switch next {
        case UInt8(ascii: "["):
            return decodeCSI(at: index)
        case UInt8(ascii: "O"):
            guard index + 2 < pending.count else { return nil }
            return (Self.ss3Keys[pending[index + 2]], 3)
        case 0x1B:
            return (.escape, 1)
        case 0x21...0x7E:
            return (.alt(Character(Unicode.Scalar(next))), 2)
        default:
            // Esc followed by a control byte or non-ASCII: read the Esc alone, then the rest.
            return (.escape, 1)
        }
    }

    /// `ESC [` parameters (0x30–0x3F), intermediates (0x20–0x2F), one final byte (0x40–0x7E).
    private mutating func decodeCSI(at index: Int) -> (Key?, Int)? {
        var end = index + 2
        var parameters = ""
        while end < pending.count {
            let byte = pending[end]
            switch byte {
            case 0x30...0x3F:
                parameters.append(Character(Unicode.Scalar(byte)))
            case 0x20...0x2F:
                break
            case 0x40...0x7E:
                let length = end - index + 1
                if byte == UInt8(ascii: "~"), parameters == "200" {
                    startPaste()
                    return (nil, length)
                }
                return (Self.csiKey(final: byte, parameters: parameters), length)
            default:
                // Malformed: drop what was read, decode this byte afresh.
                return (nil, end - index)
            }
            end += 1
        }
        return nil
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        // NB: modifiers follow a ';' (`ESC [ 3 ; 5 ~` is Ctrl-Delete): 2 is Shift, 3 Alt. Only
        // Shift or Alt on Up, Down, PageUp and PageDown mean something (the preview's scroll);
        // other modifiers are ignored, so Ctrl-Up is still Up.
        let parts = parameters.split(separator: ";", omittingEmptySubsequences: false)
        let shifted = parts.count >= 2 && (parts[1] == "2" || parts[1] == "3")
        if final == UInt8(ascii: "~") {
            let number = parts.first.map(String.init) ?? ""
            switch number {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return shifted ? .shiftPageUp : .pageUp
            case "6": return shifted ? .shiftPageDown : .pageDown
            default: return nil
            }
        }
        if final == UInt8(ascii: "Z") { return .backTab }
        if shifted, final == UInt8(ascii: "A") { return .shiftUp }
        if shifted, final == UInt8(ascii: "B") { return .shiftDown }
        return ss3Keys[final]
    }

    /// Final bytes shared by SS3 (`ESC O A`) and CSI (`ESC [ A`, `ESC [ 1 ; 5 A`).
    private static let ss3Keys: [UInt8: Key] = [
        UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down,
        UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    ]

    // MARK: - Bracketed paste

    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private mutating func startPaste() {
        paste = []
    }

    /// Moves paste bytes from `index` into the paste buffer until `ESC [ 201 ~`.
    /// - Returns: The index after what was used, or nil when the rest may be the start of the
    ///   end marker and must wait for more bytes.
    private mutating func consumePaste(from index: Int, into keys: inout [Key]) -> Int? {
        var cursor = index
        while cursor < pending.count {
            if pending[cursor] == 0x1B {
                let available = min(Self.pasteEnd.count, pending.count - cursor)
                if Array(pending[cursor..<cursor + available]) == Array(Self.pasteEnd[..<available]) {
                    guard available == Self.pasteEnd.count else {
                        paste? += pending[index..<cursor]
                        return cursor == index ? nil : cursor
                    }
                    paste? += pending[index..<cursor]
                    // NB: invalid UTF-8 decodes to U+FFFD, which we drop like invalid typed bytes.
                    let text = String(decoding: paste ?? [], as: UTF8.self)
                    keys.append(.paste(String(text.unicodeScalars.filter { $0 != "\u{FFFD}" })))
                    paste = nil
                    return cursor + Self.pasteEnd.count
                }
            }
            cursor += 1
        }
        paste? += pending[index..<cursor]
        return cursor
    }
}
