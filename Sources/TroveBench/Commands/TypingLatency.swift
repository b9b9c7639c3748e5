import ArgumentParser
import Foundation
import TroveBenchKit

/// `trove-bench typing-latency --file X`: first-ResultSet and settle latency per as-you-type
/// query class, through `SearchProvider` (see ``ClassLatency``).
///
/// ```
/// swift build -c release --product trove-bench
/// .build/release/trove-bench typing-latency --file .build/bench-data/trove-seed1-n1000000-schema5.db --samples 100
/// .build/release/trove-bench typing-latency --file … --plain   # single-phase baseline
/// .build/release/trove-bench typing-latency --file … --facets  # also count per list and tag, as before 8c0ba16
/// ```
///
/// NB: this was `trove debug-typing-latency` until issue 15 moved every measurement out of the
/// shipping `trove`; the code and its figures are unchanged.
struct TypingLatency: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "typing-latency",
        abstract: "Measure first-ResultSet and settle latency per as-you-type query class.")

    @Option(help: "The database file; opened as is, without migrating.") var file: String
    @Option(help: "Samples per class (texts are repeated round-robin).") var samples = 100
    @Flag(help: "Use the plain single-phase engine (the baseline) instead of the streaming one.") var plain = false
    @Option(help: "Only these classes, comma-separated.") var only: String?
    @Flag(inversion: .prefixedNo, help: "Run every text once before measuring.") var warmUp = true
    @Option(help: "Wait for the settled answer on every Nth sample only; the others stop after the first ResultSet, as the next keystroke would.")
    var settleEvery = 10
    @Option(help: "After each class, print its N slowest first answers (text and time) to standard error.")
    var slowest = 0
    @Flag(help: "Ask for the per-list and per-tag counts in every answer, as the interactive search did until it stopped asking for counts it never showed.")
    var facets = false

    func validate() throws {
        guard (1...1_000_000).contains(samples) else { throw ValidationError("--samples must be between 1 and 1,000,000.") }
        guard (0...1_000).contains(slowest) else { throw ValidationError("--slowest must be between 0 and 1,000.") }
        guard (1...1_000_000).contains(settleEvery) else { throw ValidationError("--settle-every must be between 1 and 1,000,000.") }
    }

    func run() async throws {
        let latency = ClassLatency(
            path: file, samples: samples, plain: plain, only: only.map { Set($0.split(separator: ",").map(String.init)) },
            warmUp: warmUp, settleEvery: settleEvery, slowest: slowest, facets: facets)
        // NB: one line at a time, written at once: standard output is not line-buffered when piped.
        try await latency.run(
            emit: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
            detail: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
    }
}
