import Testing
import Animation

@Suite struct KeyframesTests {
    let keys = [Keyframe(time: 1, value: 10.0), Keyframe(time: 2, value: 20.0), Keyframe(time: 4, value: 0.0, curve: .easeIn)]

    @Test func holdsBeforeTheFirstAndAfterTheLastKey() {
        let k = Keyframes(keys: keys)
        #expect(k.value(at: -5) == 10)
        #expect(k.value(at: 1) == 10)
        #expect(k.value(at: 4) == 0)
        #expect(k.value(at: 99) == 0)
        #expect(k.velocity(at: 0.5) == 0)
        #expect(k.velocity(at: 5) == 0)
    }

    @Test func interpolatesAlongTheArrivingKeysCurve() {
        let k = Keyframes(keys: keys)
        #expect(k.value(at: 1.5) == 15)
        #expect(abs(k.value(at: 3) - (20 - 20 * Reference.easeIn(0.5))) < 1e-6)
        #expect(abs(k.velocity(at: 1.5) - 10) < 1e-12)
    }

    @Test func loopRepeatsTheSpan() {
        let k = Keyframes(keys: keys, repeat: .loop)
        #expect(k.value(at: 4.5) == k.value(at: 1.5))
        #expect(k.value(at: 1.5 + 3 * 100) == 15)
        #expect(k.value(at: 0) == 10)  // before the first key: held
    }

    @Test func pingpongRunsBackAndForth() {
        let k = Keyframes(keys: keys, repeat: .pingpong)
        #expect(k.value(at: 6.5) == 15)    // 2.5 s past the end, on the way back: 1.5 s into the span
        #expect(k.value(at: 7) == 10)       // back at the start
        #expect(k.value(at: 7.5) == 15)     // forwards again
        #expect(abs(k.velocity(at: 6.5) + 10) < 1e-12)
        #expect(abs(k.velocity(at: 7.5) - 10) < 1e-12)
    }

    @Test func keysAreSortedAndASingleKeyIsConstant() {
        let k = Keyframes(keys: [Keyframe(time: 2, value: 2.0), Keyframe(time: 0, value: 0.0)])
        #expect(k.value(at: 1) == 1)
        let single = Keyframes(keys: [Keyframe(time: 3, value: 7.0)], repeat: .loop)
        #expect(single.value(at: 0) == 7 && single.value(at: 10) == 7)
    }

    /// A hold key keeps the previous key's value until its own time, then
    /// jumps (After Effects' and Lottie's hold keyframes); still 0 velocity.
    @Test func holdKeepsThePreviousValueUntilTheKey() {
        let k = Keyframes(keys: [Keyframe(time: 0, value: 0.0), Keyframe(time: 1, value: 10, curve: .hold),
                                 Keyframe(time: 2, value: 20)])
        #expect(k.value(at: 0.5) == 0 && k.value(at: 0.999) == 0)
        #expect(k.value(at: 1) == 10 && k.value(at: 1.5) == 15)
        #expect(k.velocity(at: 0.5) == 0 && k.velocity(at: 1.5) == 10)
    }
}
