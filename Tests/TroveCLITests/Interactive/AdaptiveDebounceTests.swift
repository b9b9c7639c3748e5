import Testing
@testable import TroveCLI

@Suite struct AdaptiveDebounceTests {
    @Test(arguments: [
        (nil, Duration.zero),
        (Duration.milliseconds(5), Duration.zero),
        (Duration.milliseconds(50), Duration.zero),  // at the threshold is still fast
        (Duration.milliseconds(51), Duration.milliseconds(30)),
        (Duration.seconds(2), Duration.milliseconds(30)),
    ] as [(Duration?, Duration)])
    func delayFollowsTheLastDuration(_ last: Duration?, _ expected: Duration) {
        var debounce = AdaptiveDebounce()
        if let last { debounce.record(last) }
        #expect(debounce.delay == expected)
    }

    @Test func aFastQueryTurnsTheDelayOffAgain() {
        var debounce = AdaptiveDebounce(slowThreshold: .milliseconds(10), quietPeriod: .milliseconds(40))
        debounce.record(.milliseconds(11))
        #expect(debounce.delay == .milliseconds(40))
        debounce.record(.milliseconds(2))
        #expect(debounce.delay == .zero)
        #expect(!debounce.isSlow)
    }
}
