import Testing
@testable import TroveBenchKit

@Suite struct MemoryProbeTests {
    @Test func readsVmRSSAndVmHWMFromAProcStatusText() {
        let reading = MemoryProbe.parse(status: "Name:\ttrove\nVmHWM:\t   51200 kB\nVmRSS:\t   40960 kB\n")
        #expect(reading?.residentKiB == 40960)
        #expect(reading?.peakKiB == 51200)
    }

    @Test func missingLinesGiveNil() {
        #expect(MemoryProbe.parse(status: "Name:\ttrove\n") == nil)
    }

    @Test func thisProcessHasAResidentSetNoLargerThanItsPeak() throws {
        let reading = try #require(MemoryProbe.current())
        #expect(reading.residentKiB > 0 && reading.residentKiB <= reading.peakKiB)
    }

    @Test func typingSequencesGrowOneCharacterAtATimeOverTheFirstTwoWords() {
        #expect(TypingBenchmark.keystrokes(titles: ["Buy oat milk"]) == ["B", "Bu", "Buy", "Buy ", "Buy o", "Buy oa", "Buy oat"])
    }

    @Test func timestampsAreUTCTextAsTroveStoresThem() {
        #expect(Timestamp.text(0) == "1970-01-01 00:00:00.000")
        #expect(Timestamp.text(1_772_409_599) == "2026-03-01 23:59:59.000")
        #expect(Timestamp.text(951_782_400) == "2000-02-29 00:00:00.000")
    }
}
