import Geometry

/// A scene variable as `variables` declares it: a starting value the
/// timeline then moves, or keyframes of its own.
public struct TimelineVariable: Sendable, Equatable {
    public var name: String
    public var definition: Definition

    public enum Definition: Sendable, Equatable {
        /// The value at time 0 (and at each restart of a `loop`).
        case value(ExpressionValue)
        /// Keyframes in timeline time (folded by `loop`); events cannot set these.
        case numberKeyframes(Keyframes<Double>)
        case colorKeyframes(Keyframes<Color>)
        case pointKeyframes(Keyframes<Point>)
    }

    public init(name: String, definition: Definition) {
        self.name = name
        self.definition = definition
    }

    public init(name: String, initial: ExpressionValue) {
        self.init(name: name, definition: .value(initial))
    }

    /// The variable's type, fixed for the whole scene.
    public var type: ValueType {
        switch definition {
        case .value(let v): return v.type
        case .numberKeyframes: return .number
        case .colorKeyframes: return .color
        case .pointKeyframes: return .point
        }
    }
}

/// One `timeline` entry: SwiftUI's `withAnimation(animation) { set }` at `at` seconds.
public struct TimelineEvent: Sendable, Equatable {
    /// Seconds from the start of the timeline (≥ 0).
    public var at: Double
    /// nil: the variables jump at `at`.
    public var animation: AnimationSpec?
    /// The new values, in the order the scene lists them.
    public var set: [Assignment]

    public struct Assignment: Sendable, Equatable {
        public var variable: String
        public var value: ExpressionValue

        public init(variable: String, value: ExpressionValue) {
            self.variable = variable
            self.value = value
        }
    }

    public init(at: Double, animation: AnimationSpec? = nil, set: [Assignment]) {
        self.at = at
        self.animation = animation
        self.set = set
    }
}

/// Everything wrong with a timeline, found at once.
public struct TimelineError: Error, Sendable, Equatable {
    public let issues: [TimelineIssue]
}

/// One problem, located by its path from the scene's root, e.g.
/// `timeline[3].set.uScale` = [.key("timeline"), .index(3), .key("set"), .key("uScale")].
public struct TimelineIssue: Sendable, Equatable, CustomStringConvertible {
    public let path: [PathComponent]
    public let problem: Problem

    public enum PathComponent: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    public enum Problem: Sendable, Equatable {
        case unknownVariable(String, suggestion: String?)
        case wrongType(variable: String, expected: ValueType, found: ValueType)
        case setsKeyframedVariable(String)
        case reservedName(String)
        case duplicateVariable(String)
        /// A number outside its range; `expected` says the range ("a number ≥ 0").
        case outOfRange(expected: String, found: Double)
        case invalidSpring
    }

    /// The message, without the path.
    public var message: String {
        switch problem {
        case let .unknownVariable(name, suggestion):
            return "unknown variable '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case let .wrongType(variable, expected, found):
            return "'\(variable)' holds \(expected), found \(found)"
        case .setsKeyframedVariable(let name):
            return "'\(name)' is declared as keyframes; timeline events cannot set it"
        case .reservedName(let name):
            return "'\(name)' is a built-in name of expressions; choose another variable name"
        case .duplicateVariable(let name):
            return "variable '\(name)' is declared more than once"
        case let .outOfRange(expected, found):
            return "expected \(expected), found \(NumberText.format(found))"
        case .invalidSpring:
            return "a spring needs stiffness > 0, mass > 0 and damping ≥ 0"
        }
    }

    /// `timeline[3].set.uScale: message`.
    public var description: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let k): text += text.isEmpty ? k : "." + k
            case .index(let i): text += "[\(i)]"
            }
        }
        return text + ": " + message
    }
}

/// Numbers in messages as a scene author wrote them: `3`, not `3.0`.
enum NumberText {
    static func format(_ v: Double) -> String {
        if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
        return String(v)
    }
}
