import Determinism

/// When a spring ends: the format's springs "end when within 0.1 % of their
/// distance", after which the value is exactly the target.
extension Spring {
    /// The fraction of the distance within which a spring counts as arrived.
    public static let settleFraction = 0.001

    /// The first time (seconds) after which the displacement stays within
    /// 0.1 % of |x0| for good; 0 for a spring at rest on its target, ∞ for
    /// an undamped one. A spring that starts on its target but moving
    /// (x0 = 0, v0 ≠ 0) measures against v0/ω0, the distance its speed
    /// would carry it in 1/ω0 seconds.
    ///
    /// |x| is monotone between its extrema and zeros, which the closed form
    /// locates exactly (oscillations: peaks every π/ωd, decaying by
    /// e^(−a·π/ωd) — the envelope — so the last peak above the threshold is
    /// found without stepping through the earlier ones); the crossing inside
    /// that monotone stretch is then bisected to the last bit.
    public func settleTime(from x0: Double, velocity v0: Double) -> Double {
        if x0 == 0 && v0 == 0 { return 0 }
        if decay == 0 { return .infinity }
        let threshold = Spring.settleFraction * (x0 != 0 ? Swift.abs(x0) : Swift.abs(v0) / omega)
        let stretch: (start: Double, end: Double?)
        switch regime {
        case .underDamped: stretch = lastOscillationAbove(threshold, x0, v0)
        case .critical, .overDamped: stretch = lastStretchAbove(threshold, x0, v0)
        }
        if Swift.abs(displacement(at: stretch.start, from: x0, velocity: v0)) <= threshold { return 0 }
        var lo = stretch.start
        var hi = stretch.end ?? tailEnd(after: lo, threshold, x0, v0)
        while true {
            let mid = lo + (hi - lo) / 2
            if mid <= lo || mid >= hi { return hi }
            if Swift.abs(displacement(at: mid, from: x0, velocity: v0)) > threshold { lo = mid } else { hi = mid }
        }
    }

    /// Under-damped: x = R·e^(−at)·cos(ωd·t − φ). Returns the last peak (or
    /// t = 0) where |x| exceeds the threshold, and the zero that follows it.
    private func lastOscillationAbove(_ threshold: Double, _ x0: Double, _ v0: Double) -> (start: Double, end: Double?) {
        let halfPeriod = DeterministicMath.pi / frequency
        // Peaks (v = 0): v0·cos θ = q·sin θ; zeros (x = 0): θ = φ + π/2, mod π.
        let q = (decay * v0 + omega * omega * x0) / frequency
        let firstPeak = Self.phaseInHalfTurn(DeterministicMath.atan2(v0, q)) / frequency
        let b = (v0 + decay * x0) / frequency
        let firstZero = Self.phaseInHalfTurn(DeterministicMath.atan2(b, x0) + DeterministicMath.pi / 2) / frequency
        func peakHeight(_ n: Double) -> Double {
            Swift.abs(displacement(at: firstPeak + n * halfPeriod, from: x0, velocity: v0))
        }
        var start = 0.0
        let height = peakHeight(0)
        if height > threshold {
            // Peak heights fall by e^(−a·π/ωd) each: the envelope gives the
            // last one above the threshold; nudge for rounding.
            var n = (DeterministicMath.log(height / threshold) / (decay * halfPeriod)).rounded(.down)
            while peakHeight(n + 1) > threshold { n += 1 }
            while n > 0 && peakHeight(n) <= threshold { n -= 1 }
            start = firstPeak + n * halfPeriod
        }
        var m = ((start - firstZero) / halfPeriod).rounded(.down) + 1
        if m > 0 && firstZero + (m - 1) * halfPeriod > start { m -= 1 }
        return (start, firstZero + Swift.max(m, 0) * halfPeriod)
    }

    /// Critically or over-damped: x changes direction at most once and
    /// crosses zero at most once. Returns the last monotone stretch whose
    /// start exceeds the threshold (nil end: it runs to infinity).
    private func lastStretchAbove(_ threshold: Double, _ x0: Double, _ v0: Double) -> (start: Double, end: Double?) {
        var turns: [Double] = [0]
        let candidates: [Double]
        if regime == .critical {
            // x ∝ x0 + (v0 + a·x0)·t;  v ∝ v0 − (a·v0 + ω0²·x0)·t.
            candidates = [-x0 / (v0 + decay * x0), v0 / (decay * v0 + omega * omega * x0)]
        } else {
            // x = c1·e^(r1·t) + c2·e^(r2·t).
            let r1 = -omega * omega / (decay + frequency), r2 = -(decay + frequency)
            let c2 = (v0 - r1 * x0) / (r2 - r1), c1 = x0 - c2
            candidates = [DeterministicMath.log(-c2 / c1) / (r1 - r2),
                          DeterministicMath.log(-c2 * r2 / (c1 * r1)) / (r1 - r2)]
        }
        turns += candidates.filter { $0 > 0 && $0.isFinite }.sorted()
        for i in turns.indices.reversed() where Swift.abs(displacement(at: turns[i], from: x0, velocity: v0)) > threshold {
            return (turns[i], i + 1 < turns.count ? turns[i + 1] : nil)
        }
        return (0, nil)
    }

    /// A time after `start` by which a non-oscillating tail has decayed
    /// below the threshold: steps of the slow time constant, doubling.
    private func tailEnd(after start: Double, _ threshold: Double, _ x0: Double, _ v0: Double) -> Double {
        let slowRate = regime == .critical ? decay : omega * omega / (decay + frequency)
        var step = 1 / slowRate
        while Swift.abs(displacement(at: start + step, from: x0, velocity: v0)) > threshold { step *= 2 }
        return start + step
    }

    /// An angle folded into [0, π).
    private static func phaseInHalfTurn(_ angle: Double) -> Double {
        var a = angle.truncatingRemainder(dividingBy: DeterministicMath.pi)
        if a < 0 { a += DeterministicMath.pi }
        return a < DeterministicMath.pi ? a : 0
    }
}
