import Geometry

/// The scene's variables as pure functions of time: `variables`, `timeline`
/// and `loop`, resolved once at load.
///
/// Construction replays the events in order and stores, per variable, the
/// sorted list of movements (start time, start value and velocity, target,
/// animation). Evaluating at any time is then a binary search and a closed
/// form — no stepping from frame 0 and no cached state — so frames can be
/// evaluated in any order from any number of threads.
public struct Timeline: Sendable, Equatable {
    /// The variables in declaration order; `VariableIndex.rawValue` indexes this.
    public let variables: [TimelineVariable]
    /// Seconds after which the timeline restarts, if looping.
    public let loop: Double?
    /// Names → indices and types, for compiling expressions.
    public let symbols: ExpressionSymbols
    let tracks: [Track]

    typealias Lanes = AnimationMotion.Lanes

    enum Track: Sendable, Equatable {
        /// `starts` sorted; motion i runs from starts[i] until starts[i + 1];
        /// from `cycle.start` on, time folds into the cycle's last period.
        case animated(type: ValueType, initial: Lanes, starts: [Double], motions: [AnimationMotion], cycle: Cycle?)
        case numberKeyframes(Keyframes<Double>)
        case colorKeyframes(Keyframes<Color>)
        case pointKeyframes(Keyframes<Point>)
    }

    /// Where a track starts repeating: a variable the loop resets repeats from
    /// 0; one it carries over, from the pass after which its passes are alike.
    struct Cycle: Sendable, Equatable {
        let start: Double
        let period: Double

        /// Times from `start` on, folded into [start, start + period) (floored,
        /// so negative times fold too when `start` is 0).
        func fold(_ time: Double) -> Double {
            guard time >= start || start == 0 else { return time }
            var t = (time - start).truncatingRemainder(dividingBy: period)
            if t < 0 { t += period }
            return start + (t < period ? t : 0)
        }
    }

    /// A scene without variables.
    public static let empty = Timeline(variables: [], loop: nil, symbols: ExpressionSymbols([]), tracks: [])

    init(variables: [TimelineVariable], loop: Double?, symbols: ExpressionSymbols, tracks: [Track]) {
        self.variables = variables
        self.loop = loop
        self.symbols = symbols
        self.tracks = tracks
    }

    /// The index of the variable called `name`: resolve once, then evaluate
    /// by index so that frames do no string hashing.
    public func index(of name: String) -> VariableIndex? {
        symbols.lookup(name)?.index
    }

    /// The value of a variable at `time` seconds (scene time; `loop` is applied here).
    public func value(of variable: VariableIndex, at time: Double) -> ExpressionValue {
        switch tracks[variable.rawValue] {
        case let .animated(type, initial, starts, motions, cycle):
            let t = cycle?.fold(time) ?? time
            guard let i = Self.lastStart(atOrBefore: t, in: starts) else { return Self.value(initial, type) }
            return Self.value(motions[i].state(at: t - starts[i]).value, type)
        case .numberKeyframes(let k):
            return .number(k.value(at: folded(time)))
        case .colorKeyframes(let k):
            return .color(k.value(at: folded(time)))
        case .pointKeyframes(let k):
            return .point(k.value(at: folded(time)))
        }
    }

    /// The rate of change of a number variable at `time`, units per second
    /// (0 for colours, booleans and points, and at the instant of a jump).
    public func velocity(of variable: VariableIndex, at time: Double) -> Double {
        switch tracks[variable.rawValue] {
        case let .animated(type, _, starts, motions, cycle):
            let t = cycle?.fold(time) ?? time
            guard type == .number, let i = Self.lastStart(atOrBefore: t, in: starts) else { return 0 }
            return motions[i].state(at: t - starts[i]).velocity[0]
        case .numberKeyframes(let k):
            return k.velocity(at: folded(time))
        case .colorKeyframes, .pointKeyframes:
            return 0
        }
    }

    /// Keyframed variables' time, folded into [0, loop) when looping.
    func folded(_ time: Double) -> Double {
        guard let loop else { return time }
        return Cycle(start: 0, period: loop).fold(time)
    }

    /// The last index whose start is ≤ t; nil before the first.
    static func lastStart(atOrBefore t: Double, in starts: [Double]) -> Int? {
        var lo = 0, hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 ? lo - 1 : nil
    }

    static func lanes(_ v: ExpressionValue) -> Lanes {
        switch v {
        case .number(let x): return Lanes(x, 0, 0, 0)
        case .color(let c): return Lanes(c.r, c.g, c.b, c.a)
        case .bool(let b): return Lanes(b ? 1 : 0, 0, 0, 0)
        case .point(let p): return Lanes(p.x, p.y, 0, 0)
        }
    }

    static func value(_ lanes: Lanes, _ type: ValueType) -> ExpressionValue {
        switch type {
        case .number: return .number(lanes[0])
        case .color: return .color(Color(r: lanes[0], g: lanes[1], b: lanes[2], a: lanes[3]))
        case .bool: return .bool(lanes[0] != 0)
        case .point: return .point(Point(lanes[0], lanes[1]))
        }
    }
}
