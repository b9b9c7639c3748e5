import Testing
@testable import TroveSQLite

@Suite("Body lifecycle: when an interrupt may fire")
struct BodyLifecycleTests {
    @Test func cancelBeforeStartSkipsTheBodyWithoutInterrupting() {
        var body = BodyLifecycle()
        let interrupt = body.cancel()
        let run = body.start()
        #expect(!interrupt)
        #expect(!run)
        #expect(body.phase == .finished)
    }

    @Test func cancelWhileRunningInterruptsOnce() {
        var body = BodyLifecycle()
        let run = body.start()
        let first = body.cancel()
        let second = body.cancel()
        let cancelledWhileRunning = body.finish()
        #expect(run)
        #expect(first)
        #expect(!second)
        #expect(cancelledWhileRunning)
    }

    @Test func cancelAfterFinishNeverInterrupts() {
        var body = BodyLifecycle()
        let run = body.start()
        let cancelledWhileRunning = body.finish()
        let interrupt = body.cancel()
        #expect(run)
        #expect(!cancelledWhileRunning)
        #expect(!interrupt)
    }

    @Test func gateCallsInterruptOnlyWhileTheBodyRuns() {
        let gate = BodyGate()
        var interrupts = 0
        gate.cancel { interrupts += 1 }
        #expect(interrupts == 0)
        let running = BodyGate()
        let run = running.start()
        #expect(run)
        running.cancel { interrupts += 1 }
        running.finish()
        running.cancel { interrupts += 1 }
        #expect(interrupts == 1)
    }
}
