import Foundation
import TroveSearch

extension EngineRegistry {
    /// The engines `!name` may pick in `trove search` and the interactive search alike: the
    /// library's, plus in debug builds a deliberately slow stand-in for `fts` when
    /// `TROVE_TEST_SLOW_MS` is set (see ``SlowTestEngine``), for tests of typing over, and
    /// interrupting, a slow search.
    static func trove(environment: [String: String] = ProcessInfo.processInfo.environment) -> EngineRegistry {
        var registry = EngineRegistry()
        #if DEBUG
        if let text = environment["TROVE_TEST_SLOW_MS"], let milliseconds = Int(text), milliseconds > 0 {
            registry.register(
                SlowTestEngine(delay: .milliseconds(milliseconds), logPath: environment["TROVE_TEST_SLOW_LOG"]),
                as: "fts")
        }
        #endif
        return registry
    }
}
