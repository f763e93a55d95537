/// When a cell's particles are born, as a closed form of the particle index.
///
/// Births count the integral of the birth rate, N(τ) = ∫ rate: particle i is
/// born where N crosses i + jᵢ, with jᵢ ∈ [0, 1) its own random jitter — one
/// birth in each unit of the integral at a random place in it (stratified
/// sampling), so the count over any span is exact to ±1 while the spacing
/// looks natural rather than metronomic. With a constant rate r this is
/// τᵢ = start + (i + jᵢ) / r. With an animated rate, N is tabulated once at
/// prepare time (the rate sampled at the middle of fixed steps, so N is
/// piecewise linear and its inverse exact), and every frame reads the same
/// table: births never depend on which frames were rendered.
///
/// Times here are emitter-local seconds τ (0 = the emitter's start, i.e.
/// scene time −prewarm), so prewarming by P equals rendering P seconds later.
struct BirthSchedule: Sendable, Equatable {
    /// Emitter-local time of the first possible birth.
    let start: Double
    /// Births stop at this local time (+∞ = never).
    let end: Double
    private let rate: Rate

    enum Rate: Sendable, Equatable {
        case constant(Double)
        /// `cumulative[k]` = N at `start + k·step`; `rates[k]` holds over step k;
        /// beyond the table the last rate holds.
        case table(step: Double, cumulative: [Double], rates: [Double])
    }

    init(start: Double, end: Double, constantRate: Double) {
        self.start = start
        self.end = end
        rate = .constant(max(constantRate, 0))
    }

    /// Tabulates `rate(τ)` (births per second, negative counts as 0) from
    /// `start` to `tableEnd` in steps of `step`.
    init(start: Double, end: Double, tableEnd: Double, step: Double, rate: (Double) -> Double) {
        self.start = start
        self.end = end
        let steps = max(1, Int(((min(end, tableEnd) - start) / step).rounded(.up)))
        var cumulative = [Double](repeating: 0, count: steps + 1)
        var rates = [Double](repeating: 0, count: steps)
        var n = 0.0
        for k in 0..<steps {
            let r = rate(start + (Double(k) + 0.5) * step)
            rates[k] = r.isFinite ? max(r, 0) : 0
            n += rates[k] * step
            cumulative[k + 1] = n
        }
        self.rate = .table(step: step, cumulative: cumulative, rates: rates)
    }

    /// N(τ): births expected from the start until local time τ (births stop at `end`).
    func count(at tau: Double) -> Double {
        let t = min(tau, end) - start
        guard t > 0 else { return 0 }
        switch rate {
        case .constant(let r):
            return r * t
        case let .table(step, cumulative, rates):
            let k = Int((t / step).rounded(.down))
            if k >= rates.count { return cumulative[rates.count] + rates[rates.count - 1] * (t - Double(rates.count) * step) }
            return cumulative[k] + rates[k] * (t - Double(k) * step)
        }
    }

    /// The local time where N reaches `n` (> 0), or nil if it never does before `end`.
    func time(ofCount n: Double) -> Double? {
        let tau: Double
        switch rate {
        case .constant(let r):
            guard r > 0 else { return nil }
            tau = start + n / r
        case let .table(step, cumulative, rates):
            let last = rates.count
            if n >= cumulative[last] {
                let r = rates[last - 1]
                guard r > 0 else { return nil }
                tau = start + Double(last) * step + (n - cumulative[last]) / r
            } else {
                // The step k with cumulative[k] ≤ n < cumulative[k + 1] (its rate is > 0).
                var lo = 0, hi = last - 1
                while lo < hi {
                    let mid = (lo + hi + 1) / 2
                    if cumulative[mid] <= n { lo = mid } else { hi = mid - 1 }
                }
                tau = start + Double(lo) * step + (n - cumulative[lo]) / rates[lo]
            }
        }
        return tau < end ? tau : nil
    }

    /// The particle indices that may be born in local times (from, to]:
    /// a superset, each to be checked against its own birth time.
    func indices(bornAfter from: Double, upTo to: Double) -> Range<Int> {
        let high = count(at: to)
        guard high > 0 else { return 0..<0 }
        let low = count(at: from)
        let first = max(0, Int(min(low, 4e18).rounded(.down)) - 1)
        let last = Int(min(high, 4e18).rounded(.down))
        return first < last + 1 ? first..<(last + 1) : 0..<0
    }
}
