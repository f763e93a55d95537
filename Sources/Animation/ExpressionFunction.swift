import Determinism
import Geometry

/// The built-in functions of the expression language. All take and return
/// numbers except `lerp` and `mix`, which blend two numbers, colours (sRGB,
/// straight alpha) or points by a number, and `point`, which makes a point
/// of two numbers. Angles are radians.
enum ExpressionFunction: String, Sendable, CaseIterable {
    case min, max, clamp, abs, floor, ceil, round, sqrt, pow
    case sin, cos, tan, atan2, lerp, smoothstep, mix, random, point

    var arity: Int {
        switch self {
        case .abs, .floor, .ceil, .round, .sqrt, .sin, .cos, .tan, .random: return 1
        case .min, .max, .pow, .atan2, .point: return 2
        case .clamp, .lerp, .smoothstep, .mix: return 3
        }
    }

    /// `lerp` and `mix` take (T, T, number) for T a number, a colour or a point.
    var blends: Bool { self == .lerp || self == .mix }

    static let names = allCases.map(\.rawValue)

    /// The function of numbers `args` (arity of them); `seed` fixes `random`.
    /// (`point` and blends of colours or points compile to instructions of
    /// their own and never come here.)
    func apply(_ args: UnsafeMutableBufferPointer<ExpressionValue>, at base: Int, seed: Int) -> Double {
        let a = args[base].number
        switch self {
        case .abs: return Swift.abs(a)
        case .floor: return a.rounded(.down)
        case .ceil: return a.rounded(.up)
        case .round: return a.rounded(.toNearestOrAwayFromZero)
        case .sqrt: return a.squareRoot()
        case .sin: return DeterministicMath.sinCos(radians: a).sin
        case .cos: return DeterministicMath.sinCos(radians: a).cos
        case .tan:
            let (sin, cos) = DeterministicMath.sinCos(radians: a)
            return sin / cos
        case .random: return StableRandom.unit(seed: seed, key: a)
        default: break
        }
        let b = args[base + 1].number
        switch self {
        case .min: return Swift.min(a, b)
        case .max: return Swift.max(a, b)
        case .pow: return DeterministicMath.pow(a, b)
        case .atan2: return DeterministicMath.atan2(a, b)
        case .point: return .nan
        default: break
        }
        let c = args[base + 2].number
        switch self {
        case .clamp: return Swift.min(Swift.max(a, b), c)
        case .lerp, .mix: return a + (b - a) * c
        default: return Self.smoothstep(a, b, c)
        }
    }

    /// GLSL's smoothstep: 0 below `edge0`, 1 above `edge1`, a cubic with
    /// zero slope at both ends between. Equal edges give a step at the edge.
    static func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
        if edge0 == edge1 { return x < edge0 ? 0 : 1 }
        let t = Swift.min(Swift.max((x - edge0) / (edge1 - edge0), 0), 1)
        return t * t * (3 - 2 * t)
    }
}

/// One step of a compiled expression: a stack machine, so evaluation needs
/// neither recursion nor allocation.
enum ExpressionInstruction: Sendable, Equatable {
    case constant(ExpressionValue)
    case variable(VariableIndex)
    case time, frame
    case negate, not
    case add, subtract, multiply, divide, remainder
    case less, lessOrEqual, greater, greaterOrEqual, equal, notEqual
    /// Pops the condition; jumps when false (`?:`).
    case jumpIfFalse(Int)
    case jump(Int)
    /// `&&`: keeps a false left side and jumps past the right; else pops it.
    case jumpIfFalseElsePop(Int)
    /// `||`: keeps a true left side and jumps past the right; else pops it.
    case jumpIfTrueElsePop(Int)
    case call(ExpressionFunction)
    /// `lerp`/`mix` of two colours.
    case mixColors
    /// `lerp`/`mix` of two points.
    case mixPoints
    /// `point(x, y)`.
    case makePoint
    /// `value.x` and the like: component `lane` of a point (x, y) or a colour (r, g, b, a).
    case member(lane: Int)
    case negatePoint, addPoints, subtractPoints, dividePoint
    /// A point times a number; `numberFirst` when the number is on the left.
    case scalePoint(numberFirst: Bool)
}
