/// A problem in an expression, found at load.
public struct ExpressionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 0-based offset, in Unicode scalars, into the expression's text.
    public let offset: Int
    public let problem: Problem

    public enum Problem: Sendable, Equatable {
        /// A character no token starts with; maybe the operator meant.
        case unexpectedCharacter(Unicode.Scalar, suggestion: String?)
        case invalidNumber(String)
        /// A quote without its closing quote.
        case unterminatedColor
        /// A syntax error: what the grammar needed and the token found.
        case expected(String, found: String)
        case unknownName(String, suggestion: String?)
        case unknownFunction(String, suggestion: String?)
        case unknownColor(String, suggestion: String?)
        /// A `#` literal that is not `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
        case invalidColor(String)
        case notAFunction(String)
        case functionNotCalled(String)
        /// `value.name` where a value of `type` has no member `name`.
        case unknownMember(String, of: ValueType, suggestion: String?)
        case wrongArgumentCount(function: String, expected: Int, found: Int)
        case typeMismatch(expected: [ValueType], found: ValueType)
        case nestedTooDeeply(limit: Int)
    }

    public init(offset: Int, problem: Problem) {
        self.offset = offset
        self.problem = problem
    }

    public var message: String {
        func didYouMean(_ s: String?) -> String { s.map { "; did you mean '\($0)'?" } ?? "" }
        switch problem {
        case let .unexpectedCharacter(c, suggestion):
            return "unexpected character '\(c)'" + didYouMean(suggestion)
        case .invalidNumber(let text):
            return "invalid number '\(text)'"
        case .unterminatedColor:
            return "unterminated colour literal"
        case let .expected(what, found):
            return "expected \(what), found \(found)"
        case let .unknownName(name, suggestion):
            return "unknown name '\(name)'" + didYouMean(suggestion)
        case let .unknownFunction(name, suggestion):
            return "unknown function '\(name)'" + didYouMean(suggestion)
        case let .unknownColor(name, suggestion):
            return "unknown colour '\(name)'" + didYouMean(suggestion)
        case .invalidColor(let text):
            return "'\(text)' is not a colour: use #RGB, #RRGGBB, #RRGGBBAA or a SwiftUI colour name"
        case .notAFunction(let name):
            return "'\(name)' is not a function"
        case .functionNotCalled(let name):
            return "'\(name)' is a function; call it as \(name)(…)"
        case let .unknownMember(name, type, suggestion):
            return "\(type) has no member '\(name)'" + didYouMean(suggestion)
        case let .wrongArgumentCount(function, expected, found):
            return "'\(function)' takes \(expected) argument\(expected == 1 ? "" : "s"), found \(found)"
        case let .typeMismatch(expected, found):
            let names = expected.map(\.description)
            let list = names.count > 2 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined(separator: " or ")
            return "expected \(list), found \(found)"
        case .nestedTooDeeply(let limit):
            return "expression nested too deeply (more than \(limit) levels)"
        }
    }

    /// `offset: message`.
    public var description: String { "\(offset): \(message)" }
}

/// Every problem found in one expression, in order of position.
public struct ExpressionErrors: Error, Sendable, Equatable {
    public let errors: [ExpressionError]
}
