/// Why SVG path data could not be read, and where.
///
/// The problem is data (`Reason`); `message` turns it into text in one place.
public struct SVGPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The first command is not M or m.
        case missingMoveto
        /// A letter that is no SVG path command.
        case unknownCommand(Character)
        /// A command's argument is missing or is not a number.
        case expectedNumber(command: Character)
        /// An arc's large-arc or sweep flag is not 0 or 1.
        case expectedFlag(command: Character)
        /// An exponent marker with no digits after it.
        case expectedExponentDigits
        /// A number too large for a Double.
        case numberOutOfRange
        /// A number where a command letter must come (after Z, which takes none).
        case expectedCommand(found: Character)
        /// The data makes more path elements than the caller allows.
        case tooManySegments(limit: Int)
    }

    public var reason: Reason
    /// Where the problem is: 0-based, counted in Unicode scalars of the data.
    public var offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var message: String {
        switch reason {
        case .missingMoveto: return "path data must start with a moveto"
        case .unknownCommand(let c): return "unknown command '\(c)'"
        case .expectedNumber(let c): return "expected a number after '\(c)'"
        case .expectedFlag(let c): return "expected a flag (0 or 1) after '\(c)'"
        case .expectedExponentDigits: return "expected digits after the exponent"
        case .numberOutOfRange: return "number out of range"
        case .expectedCommand(let found): return "expected a command, found '\(found)'"
        case .tooManySegments(let limit): return "more than \(limit) segments"
        }
    }

    public var description: String { "\(message) (at offset \(offset))" }
}
