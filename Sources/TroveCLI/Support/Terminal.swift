import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain output helpers: unbuffered stderr, and whether a stream is a terminal.
enum Terminal {
    struct Stream: Sendable {
        let descriptor: Int32
        func write(_ text: String) {
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { buffer in
                    Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written <= 0 { return }
                offset += written
            }
        }
        var isTerminal: Bool { isatty(descriptor) == 1 }
    }

    static let standardInput = Stream(descriptor: 0)
    static let standardOutput = Stream(descriptor: 1)
    static let standardError = Stream(descriptor: 2)

    /// The terminal's width in columns: the window's size, else `COLUMNS`, else 80.
    static func columns(of stream: Stream) -> Int {
        var window = winsize()
        if withUnsafeMutablePointer(to: &window, { ioctl(stream.descriptor, UInt(TIOCGWINSZ), $0) }) == 0, window.ws_col > 0 {
            return Int(window.ws_col)
        }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return 80
    }

    /// Colour is used when the stream is a terminal, NO_COLOR is unset and TERM is not "dumb".
    static func wantsColor(_ stream: Stream) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return stream.isTerminal
    }
}
