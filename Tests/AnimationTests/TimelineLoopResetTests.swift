import Testing
@testable import Animation
import Geometry

/// A loop that resets only some variables (`"loop": {"every", "resets"}`):
/// the others carry their value and motion into the next pass, as SwiftUI
/// state does when `restartAnimation()` sets only part of it.
@Suite struct TimelineLoopResetTests {
    typealias T = TimelineTests

    /// The splash's `handleAnimations()` with the tutorial's restart: only
    /// percent, textScale, coverCircleAlpha and coverCircleScale reset.
    static func splash(horizon: Double? = 11) throws -> Timeline {
        let base = try T.splash()
        return try Timeline(variables: base.variables, events: splashEvents, loop: 2.4,
                            resets: ["percent", "textScale", "coverCircleAlpha", "coverCircleScale"], horizon: horizon)
    }

    static let splashEvents = [
        TimelineEvent(at: 0, animation: T.easeIn(1), set: T.set(("percent", .number(1)), ("uScale", .number(5)), ("lineScale", .number(1)))),
        TimelineEvent(at: 1.2, animation: T.easeOut(0.3), set: T.set(("uScale", .number(0)), ("lineScale", .number(0)))),
        TimelineEvent(at: 1.3, set: T.set(("squareColor", .color(.white)))),
        TimelineEvent(at: 2.0, animation: T.easeIn(0.4), set: T.set(("squareColor", .color(T.blue)))),
    ]

    func number(_ t: Timeline, _ name: String, _ time: Double) -> Double {
        t.value(of: t.index(of: name)!, at: time).number
    }

    /// uScale ends the first pass at 0 and is not reset: from the second pass
    /// the ring grows from 0, not from 1; lineScale likewise from 0.
    @Test func carriedVariableStartsTheNextPassWhereTheLastEnded() throws {
        let t = try Self.splash()
        #expect(number(t, "uScale", 0) == 1)
        #expect(number(t, "uScale", 2.4) == 0)
        #expect(abs(number(t, "uScale", 2.9) - 5 * Reference.easeIn(0.5)) < 1e-6)
        #expect(abs(number(t, "lineScale", 2.9) - Reference.easeIn(0.5)) < 1e-6)
        #expect(number(t, "lineScale", 0.5) == 1)
        // The reset ones restart from their initial values.
        #expect(number(t, "percent", 2.4) == 0)
        #expect(abs(number(t, "percent", 2.9) - Reference.easeIn(0.5)) < 1e-6)
    }

    /// From the second pass on the passes are alike: uScale's track is worked
    /// out for three passes and folds into the third from 4.8 s; later passes
    /// equal the second (to the rounding of the folded time), beyond the
    /// horizon too.
    @Test func passesRepeatOnceTheyAreAlike() throws {
        let t = try Self.splash()
        guard case .animated(_, _, let starts, _, let cycle) = t.tracks[t.index(of: "uScale")!.rawValue] else {
            Issue.record("uScale is not an animated track"); return
        }
        #expect(cycle == Timeline.Cycle(start: 4.8, period: 2.4))
        #expect(starts.count == 6)
        for u in stride(from: 0.05, to: 2.4, by: 0.1) { // between the events' instants
            for name in ["uScale", "lineScale", "percent", "squareColor"] {
                let second = t.value(of: t.index(of: name)!, at: 2.4 + u)
                for pass in [2.0, 3, 40] {
                    let later = t.value(of: t.index(of: name)!, at: 2.4 * pass + u)
                    #expect(T.close(later, second, 1e-9), "\(name) at \(u) in pass \(pass)")
                }
            }
        }
        // Without a horizon the result is the same.
        let open = try Self.splash(horizon: nil)
        #expect(abs(number(open, "uScale", 2.4 * 7 + 0.3) - number(t, "uScale", 2.4 + 0.3)) < 1e-9)
    }

    /// A movement still running at the restart goes on into the next pass
    /// until a change of that pass interrupts it.
    @Test func runningMovementContinuesAcrossTheRestart() throws {
        let t = try Timeline(variables: [TimelineVariable(name: "x", initial: .number(0))],
                             events: [TimelineEvent(at: 0.5, animation: T.easeIn(3), set: T.set(("x", .number(1))))],
                             loop: 2, resets: [], horizon: 10)
        // Pass 2, before its own change at 0.5: still the first movement.
        #expect(abs(number(t, "x", 2.25) - Reference.easeIn(1.75 / 3)) < 1e-6)
        // At 2.5 a new movement starts from there.
        let from = Reference.easeIn(2 / 3)
        #expect(abs(number(t, "x", 2.5) - from) < 1e-6)
        #expect(abs(number(t, "x", 4.0) - (from + (1 - from) * Reference.easeIn(0.5))) < 1e-6)
    }

    @Test func unknownResetIsReportedWithASuggestion() {
        #expect(throws: TimelineError.self) {
            try Timeline(variables: [TimelineVariable(name: "percent", initial: .number(0))], events: [],
                         loop: 1, resets: ["percnt"])
        }
        do {
            _ = try Timeline(variables: [TimelineVariable(name: "percent", initial: .number(0))], events: [],
                             loop: 1, resets: ["percnt"])
        } catch {
            #expect(error.issues.map(\.description) == ["loop.resets[0]: unknown variable 'percnt'; did you mean 'percent'?"])
        }
    }
}
