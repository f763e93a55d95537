import Determinism

/// A damped spring pulling a value toward its target, as SwiftUI defines
/// `Animation.spring(response:dampingFraction:)` and
/// `interpolatingSpring(stiffness:damping:mass:)`.
///
/// The displacement x from the target obeys m·x'' + c·x' + k·x = 0. This
/// type holds the closed-form solution for all three regimes (under-,
/// critically and over-damped), so the state at any time costs a few
/// exponentials and no stepping. Times are seconds; a displacement is in the
/// animated value's own units, a velocity in those units per second.
public struct Spring: Sendable, Equatable, Hashable {
    /// k: restoring force per unit of displacement.
    public let stiffness: Double
    /// c: resisting force per unit of velocity.
    public let damping: Double
    /// m: inertia; SwiftUI's springs use 1.
    public let mass: Double

    /// Natural angular frequency ω0 = √(k/m), radians per second.
    let omega: Double
    /// Decay rate a = c/(2m) = ζ·ω0, per second.
    let decay: Double
    /// The regime and its frequency: ωd = ω0√(1−ζ²) when under-damped,
    /// β = ω0√(ζ²−1) when over-damped, 0 when critically damped.
    let regime: Regime
    let frequency: Double

    enum Regime: Sendable, Hashable { case underDamped, critical, overDamped }

    /// SwiftUI's `spring(response:dampingFraction:)`: a mass of 1 with
    /// stiffness (2π/response)² and damping 4π·dampingFraction/response.
    /// `response` is the period in seconds of the undamped oscillation.
    public init(response: Double = 0.55, dampingFraction: Double = 0.825) {
        let w = 2 * DeterministicMath.pi / response
        self.init(stiffness: w * w, damping: 4 * DeterministicMath.pi * dampingFraction / response, mass: 1)
    }

    /// SwiftUI's `interpolatingSpring(stiffness:damping:mass:)`.
    public init(stiffness: Double, damping: Double, mass: Double = 1) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        omega = (stiffness / mass).squareRoot()
        decay = damping / (2 * mass)
        if decay < omega {
            regime = .underDamped
            frequency = ((omega - decay) * (omega + decay)).squareRoot()
        } else if decay == omega {
            regime = .critical
            frequency = 0
        } else {
            regime = .overDamped
            frequency = ((decay - omega) * (decay + omega)).squareRoot()
        }
    }

    /// SwiftUI's `.spring()`: response 0.55 s, damping fraction 0.825.
    public static let `default` = Spring()

    /// ζ = c / (2√(k·m)): below 1 the spring overshoots, at 1 or above it does not.
    public var dampingRatio: Double { decay / omega }

    /// Displacement from the target `time` seconds after starting at
    /// displacement `x0` with velocity `v0`.
    public func displacement(at time: Double, from x0: Double, velocity v0: Double) -> Double {
        let p = propagator(at: time)
        return p.xx * x0 + p.xv * v0
    }

    /// Velocity `time` seconds after starting at displacement `x0` with velocity `v0`.
    public func velocity(at time: Double, from x0: Double, velocity v0: Double) -> Double {
        let p = propagator(at: time)
        return p.vx * x0 + p.vv * v0
    }

    /// The linear map from the initial state (x0, v0) to the state at a time:
    /// x = xx·x0 + xv·v0 and v = vx·x0 + vv·v0. The spring is linear, so the
    /// same four numbers move every component of a colour.
    struct Propagator {
        let xx, xv, vx, vv: Double
    }

    /// Writing x(t) = e^(−at)·[x0·C(t) + (v0 + a·x0)·S(t)], with C = cos ωd·t,
    /// S = sin(ωd·t)/ωd (under-damped), C = 1, S = t (critical) or
    /// C = cosh βt, S = sinh(βt)/β (over-damped), the velocity is
    /// e^(−at)·[v0·C − (a·v0 + ω0²·x0)·S].
    func propagator(at time: Double) -> Propagator {
        let (ec, es) = decayedBasis(at: time)
        return Propagator(xx: ec + decay * es, xv: es,
                          vx: -omega * omega * es, vv: ec - decay * es)
    }

    /// (e^(−at)·C(t), e^(−at)·S(t)), computed without overflow or cancellation.
    private func decayedBasis(at t: Double) -> (Double, Double) {
        switch regime {
        case .underDamped:
            let e = DeterministicMath.exp(-decay * t)
            let (sin, cos) = DeterministicMath.sinCos(radians: frequency * t)
            return (e * cos, e * sin / frequency)
        case .critical:
            let e = DeterministicMath.exp(-decay * t)
            return (e, e * t)
        case .overDamped:
            let z = frequency * t
            if z < 0.5 {
                // sinh(z)/z by its series: (e^z − e^−z)/2β would cancel here.
                let e = DeterministicMath.exp(-decay * t)
                let z2 = z * z
                var term = 1.0, sinhc = 1.0
                for n in stride(from: 2, through: 14, by: 2) {
                    term *= z2 / Double(n * (n + 1))
                    sinhc += term
                }
                let cosh = (DeterministicMath.exp(z) + DeterministicMath.exp(-z)) / 2
                return (e * cosh, e * t * sinhc)
            }
            // The two real roots r1 = −(a − β) (slow, formed without
            // cancellation as −ω0²/(a + β)) and r2 = −(a + β) (fast).
            let slow = DeterministicMath.exp(-omega * omega / (decay + frequency) * t)
            let fast = DeterministicMath.exp(-(decay + frequency) * t)
            return ((slow + fast) / 2, (slow - fast) / (2 * frequency))
        }
    }
}
