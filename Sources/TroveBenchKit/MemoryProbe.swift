import Foundation

/// Reads this process's memory figures from `/proc/self/status` (Linux).
///
/// ```swift
/// MemoryProbe.current()?.residentKiB   // VmRSS, e.g. 9,412
/// ```
public enum MemoryProbe {
    public struct Reading: Sendable {
        /// VmRSS: resident now.
        public var residentKiB: Int
        /// VmHWM: the most resident so far.
        public var peakKiB: Int
    }

    public static func current() -> Reading? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        return parse(status: text)
    }

    /// The VmRSS and VmHWM lines of a `/proc/<pid>/status` text.
    static func parse(status text: String) -> Reading? {
        var values: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            if parts.count >= 2, let kib = Int(parts[1]) { values[String(parts[0])] = kib }
        }
        guard let rss = values["VmRSS"], let hwm = values["VmHWM"] else { return nil }
        return Reading(residentKiB: rss, peakKiB: hwm)
    }
}
