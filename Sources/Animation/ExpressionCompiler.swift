import Determinism
import Geometry

/// Parses, type-checks and compiles an expression in one pass: a recursive
/// descent over the precedence levels that emits stack-machine code in
/// postfix order as it goes.
///
/// Precedence, loosest first: `?:` (right-associative), `||`, `&&`,
/// `== !=`, `< <= > >=`, `+ -`, `* / %` (all left-associative), unary
/// `- + !`, member access (`pos.x`), then literals, names, calls and
/// parentheses. Binary chains are loops, so only nesting recurses, and
/// nesting is limited to 64 levels.
///
/// A syntax error ends the parse; name and type errors are collected and the
/// parse goes on, giving the faulty operand an unknown type that every check
/// accepts, so one mistake is reported once.
struct ExpressionCompiler {
    static let nestingLimit = 64

    private let tokens: [ExpressionToken]
    private let symbols: ExpressionSymbols
    private var index = 0
    private var depth = 0
    private var stackDepth = 0
    private(set) var code: [ExpressionInstruction] = []
    private(set) var errors: [ExpressionError] = []
    private(set) var maxStackDepth = 0
    /// Whether the code reads `t`, `frame` or a variable.
    private(set) var readsContext = false

    /// A compiled operand: its type (nil after an error) and where it starts.
    struct Operand {
        let type: ValueType?
        let offset: Int
    }

    init(tokens: [ExpressionToken], symbols: ExpressionSymbols) {
        self.tokens = tokens
        self.symbols = symbols
    }

    /// The whole expression; nil type if it had errors.
    mutating func compileAll() throws(ExpressionError) -> ValueType? {
        let result = try ternary()
        if current.kind != .end { throw syntax("an operator") }
        return errors.isEmpty ? result.type : nil
    }

    // MARK: Precedence levels

    private mutating func ternary() throws(ExpressionError) -> Operand {
        try enter()
        defer { depth -= 1 }
        let condition = try binary(level: 0)
        guard accept(.question) else { return condition }
        require(condition, [.bool])
        let toElse = emitPlaceholder(stackEffect: -1)
        let yes = try ternary()
        try expect(.colon, "':'")
        let toEnd = emitPlaceholder(stackEffect: -1)  // the else branch starts without the then value
        code[toElse] = .jumpIfFalse(code.count)
        let no = try ternary()
        code[toEnd] = .jump(code.count)
        if let y = yes.type { require(no, [y]) }
        return Operand(type: yes.type ?? no.type, offset: condition.offset)
    }

    /// Binary operators by level, loosest first.
    private static let levels: [[ExpressionToken.Symbol]] = [
        [.or], [.and], [.equal, .notEqual], [.less, .lessEqual, .greater, .greaterEqual],
        [.plus, .minus], [.star, .slash, .percent],
    ]

    private mutating func binary(level: Int) throws(ExpressionError) -> Operand {
        if level == Self.levels.count { return try unary() }
        var left = try binary(level: level + 1)
        while case .symbol(let op) = current.kind, Self.levels[level].contains(op) {
            index += 1
            switch op {
            case .and, .or:
                require(left, [.bool])
                let jump = emitPlaceholder(stackEffect: -1)
                let right = try binary(level: level + 1)
                require(right, [.bool])
                code[jump] = op == .and ? .jumpIfFalseElsePop(code.count) : .jumpIfTrueElsePop(code.count)
                left = Operand(type: .bool, offset: left.offset)
            case .equal, .notEqual:
                let right = try binary(level: level + 1)
                if let l = left.type { require(right, [l]) }
                emit(op == .equal ? .equal : .notEqual, stackEffect: -1)
                left = Operand(type: .bool, offset: left.offset)
            default:
                let right = try binary(level: level + 1)
                left = Operand(type: arithmetic(op, left, right), offset: left.offset)
            }
        }
        return left
    }

    /// Checks and emits `left op right` for an arithmetic or comparison
    /// operator; returns the result's type. Points add to and subtract from
    /// points and scale by a number (`p * 2`, `2 * p`, `p / 2`), as SwiftUI's
    /// `AnimatableData` vectors do; everything else takes numbers.
    private mutating func arithmetic(_ op: ExpressionToken.Symbol, _ left: Operand, _ right: Operand) -> ValueType {
        let pointOp = [ExpressionToken.Symbol.plus, .minus, .star, .slash].contains(op)
        guard pointOp, left.type == .point || right.type == .point else {
            require(left, [.number])
            require(right, [.number])
            emit(Self.instruction(for: op), stackEffect: -1)
            return [ExpressionToken.Symbol.less, .lessEqual, .greater, .greaterEqual].contains(op) ? .bool : .number
        }
        switch op {
        case .plus, .minus:
            require(left, [.point])
            require(right, [.point])
            emit(op == .plus ? .addPoints : .subtractPoints, stackEffect: -1)
        case .star where left.type == .point:
            require(right, [.number])
            emit(.scalePoint(numberFirst: false), stackEffect: -1)
        case .star:
            require(left, [.number])
            emit(.scalePoint(numberFirst: true), stackEffect: -1)
        default:
            require(left, [.point])
            require(right, [.number])
            emit(.dividePoint, stackEffect: -1)
        }
        return .point
    }

    private static func instruction(for op: ExpressionToken.Symbol) -> ExpressionInstruction {
        switch op {
        case .plus: return .add
        case .minus: return .subtract
        case .star: return .multiply
        case .slash: return .divide
        case .percent: return .remainder
        case .less: return .less
        case .lessEqual: return .lessOrEqual
        case .greater: return .greater
        default: return .greaterOrEqual
        }
    }

    private mutating func unary() throws(ExpressionError) -> Operand {
        let start = current.offset
        var type: ValueType, instruction: ExpressionInstruction?
        switch current.kind {
        case .symbol(.minus): (type, instruction) = (.number, .negate)
        case .symbol(.plus): (type, instruction) = (.number, nil)
        case .symbol(.not): (type, instruction) = (.bool, .not)
        default: return try postfix()
        }
        index += 1
        try enter()
        defer { depth -= 1 }
        let operand = try unary()
        if type == .number && operand.type == .point {
            type = .point
            if instruction != nil { instruction = .negatePoint }
        }
        require(operand, [type])
        if let instruction { emit(instruction, stackEffect: 0) }
        return Operand(type: type, offset: start)
    }

    /// `name.field` when `name` is a record (a `forEach` item whose fields
    /// are bound as constants): the field's value, or an error naming the
    /// fields it has; nil when `name` is no record.
    private mutating func recordField(of name: String, at offset: Int) -> Operand? {
        let fields = symbols.fields(of: name)
        guard !fields.isEmpty, case .symbol(.dot) = current.kind, index + 1 < tokens.count,
              case .identifier(let field) = tokens[index + 1].kind else { return nil }
        index += 2
        let dotted = name + "." + field
        if let value = symbols.constant(dotted) {
            emit(.constant(value), stackEffect: 1)
            return Operand(type: value.type, offset: offset)
        }
        emit(.constant(.number(0)), stackEffect: 1)
        report(offset, .unknownName(dotted, suggestion: NameSuggestion.closest(to: dotted, in: fields)))
        return Operand(type: nil, offset: offset)
    }

    /// The components of points and colours by name.
    private static let members: [ValueType: [(name: String, lane: Int)]] = [
        .point: [("x", 0), ("y", 1), ("width", 0), ("height", 1)],
        .color: [("r", 0), ("g", 1), ("b", 2), ("a", 3)],
    ]

    /// A primary followed by any number of `.member`s: `pos.x`, `size.height`, `tint.a`.
    private mutating func postfix() throws(ExpressionError) -> Operand {
        var operand = try primary()
        while accept(.dot) {
            let token = current
            guard case .identifier(let name) = token.kind else { throw syntax("a member name") }
            index += 1
            emit(.member(lane: 0), stackEffect: 0)
            guard let type = operand.type else {
                operand = Operand(type: nil, offset: operand.offset)
                continue
            }
            let members = Self.members[type] ?? []
            guard let member = members.first(where: { $0.name == name }) else {
                report(token.offset, .unknownMember(name, of: type, suggestion: NameSuggestion.closest(to: name, in: members.map(\.name))))
                operand = Operand(type: nil, offset: operand.offset)
                continue
            }
            code[code.count - 1] = .member(lane: member.lane)
            operand = Operand(type: .number, offset: operand.offset)
        }
        return operand
    }

    private mutating func primary() throws(ExpressionError) -> Operand {
        let token = current
        switch token.kind {
        case .number(let v):
            index += 1
            emit(.constant(.number(v)), stackEffect: 1)
            return Operand(type: .number, offset: token.offset)
        case .string(let text):
            index += 1
            emit(.constant(.color(colorLiteral(text, at: token.offset))), stackEffect: 1)
            return Operand(type: .color, offset: token.offset)
        case .identifier(let name):
            index += 1
            if case .symbol(.leftParen) = current.kind { return try call(name, at: token.offset) }
            if let field = recordField(of: name, at: token.offset) { return field }
            return Operand(type: variable(name, at: token.offset), offset: token.offset)
        case .symbol(.leftParen):
            index += 1
            let inner = try ternary()
            try expect(.rightParen, "')'")
            return Operand(type: inner.type, offset: token.offset)
        default:
            throw syntax("an expression")
        }
    }

    // MARK: Names, literals and calls

    /// Emits a name's value; returns its type (nil if unknown).
    private mutating func variable(_ name: String, at offset: Int) -> ValueType? {
        switch name {
        case "t": readsContext = true; emit(.time, stackEffect: 1); return .number
        case "frame": readsContext = true; emit(.frame, stackEffect: 1); return .number
        case "pi": emit(.constant(.number(DeterministicMath.pi)), stackEffect: 1); return .number
        case "true", "false": emit(.constant(.bool(name == "true")), stackEffect: 1); return .bool
        default: break
        }
        if let value = symbols.constant(name) {
            emit(.constant(value), stackEffect: 1)
            return value.type
        }
        emit(.constant(.number(0)), stackEffect: 1)
        if let entry = symbols.lookup(name) {
            readsContext = true
            code[code.count - 1] = .variable(entry.index)
            return entry.type
        }
        if ExpressionFunction(rawValue: name) != nil {
            report(offset, .functionNotCalled(name))
        } else {
            let known = symbols.names + ExpressionSymbols.builtinNames
            report(offset, .unknownName(name, suggestion: NameSuggestion.closest(to: name, in: known)))
        }
        return nil
    }

    /// `name(arguments)`, the current token being `(`.
    private mutating func call(_ name: String, at offset: Int) throws(ExpressionError) -> Operand {
        index += 1
        var args: [Operand] = []
        if !accept(.rightParen) {
            repeat { args.append(try ternary()) } while accept(.comma)
            try expect(.rightParen, "',' or ')'")
        }
        guard let function = ExpressionFunction(rawValue: name) else {
            if symbols.lookup(name) != nil || ExpressionSymbols.builtinNames.contains(name) {
                report(offset, .notAFunction(name))
            } else {
                report(offset, .unknownFunction(name, suggestion: NameSuggestion.closest(to: name, in: ExpressionFunction.names)))
            }
            emit(.constant(.number(0)), stackEffect: 1 - args.count)
            return Operand(type: nil, offset: offset)
        }
        if args.count != function.arity {
            report(offset, .wrongArgumentCount(function: name, expected: function.arity, found: args.count))
            emit(.constant(.number(0)), stackEffect: 1 - args.count)
            return Operand(type: function.blends ? nil : function == .point ? .point : .number, offset: offset)
        }
        var blended = ValueType.number
        for (i, arg) in args.enumerated() {
            if function.blends && i == 0 {
                require(arg, [.number, .color, .point])
                if let type = arg.type, type != .bool { blended = type }
            } else if function.blends && i == 1 {
                require(arg, [blended])
            } else {
                require(arg, [.number])
            }
        }
        if function == .point {
            emit(.makePoint, stackEffect: -1)
            return Operand(type: .point, offset: offset)
        }
        let instruction: ExpressionInstruction = switch blended {
        case .color: .mixColors
        case .point: .mixPoints
        default: .call(function)
        }
        emit(instruction, stackEffect: 1 - args.count)
        return Operand(type: function.blends && args[0].type == nil ? nil : blended, offset: offset)
    }

    /// The colour a quoted literal spells; reports and returns clear if none.
    private mutating func colorLiteral(_ text: String, at offset: Int) -> Color {
        if let color = ColorLiteral.parse(text) { return color }
        if text.hasPrefix("#") {
            report(offset, .invalidColor(text))
        } else {
            let suggestion = NameSuggestion.closest(to: text, in: ColorLiteral.names.map(\.name))
            report(offset, .unknownColor(text, suggestion: suggestion))
        }
        return .clear
    }

    // MARK: Tokens, code and checks

    private var current: ExpressionToken { tokens[index] }

    private mutating func accept(_ symbol: ExpressionToken.Symbol) -> Bool {
        guard case .symbol(symbol) = current.kind else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ symbol: ExpressionToken.Symbol, _ what: String) throws(ExpressionError) {
        if !accept(symbol) { throw syntax(what) }
    }

    private func syntax(_ expected: String) -> ExpressionError {
        ExpressionError(offset: current.offset, problem: .expected(expected, found: current.described))
    }

    private mutating func enter() throws(ExpressionError) {
        depth += 1
        if depth > Self.nestingLimit {
            throw ExpressionError(offset: current.offset, problem: .nestedTooDeeply(limit: Self.nestingLimit))
        }
    }

    private mutating func report(_ offset: Int, _ problem: ExpressionError.Problem) {
        errors.append(ExpressionError(offset: offset, problem: problem))
    }

    /// Reports `operand` unless its type is one of `allowed` (or unknown).
    private mutating func require(_ operand: Operand, _ allowed: [ValueType]) {
        if let type = operand.type, !allowed.contains(type) {
            report(operand.offset, .typeMismatch(expected: allowed, found: type))
        }
    }

    private mutating func emit(_ instruction: ExpressionInstruction, stackEffect: Int) {
        code.append(instruction)
        stackDepth += stackEffect
        maxStackDepth = Swift.max(maxStackDepth, stackDepth)
    }

    /// A jump whose target is patched once known; returns its position.
    private mutating func emitPlaceholder(stackEffect: Int) -> Int {
        emit(.jump(-1), stackEffect: stackEffect)
        return code.count - 1
    }
}
