import Geometry

/// An expression (`{"expr": "uScale * 1.4"}`), parsed and type-checked once
/// at load and then evaluated per frame.
///
/// The compiled form is a flat stack-machine program: evaluation walks it
/// once with a stack sized at compile time (on the machine stack), so it
/// neither recurses nor allocates, and reads nothing but its context — safe
/// from any number of threads at once.
public struct CompiledExpression: Sendable, Equatable {
    /// The expression's text, as written.
    public let source: String
    /// What every evaluation returns.
    public let type: ValueType
    /// True when the expression reads no variable, `t` or `frame`, so its
    /// value (which may still use `random`, fixed by the seed) never changes.
    public let isConstant: Bool
    let code: [ExpressionInstruction]
    let maxStackDepth: Int

    /// Compiles `source` against the scene's variables, reporting every
    /// name and type error found (a syntax error ends the search), ordered
    /// by offset.
    public init(_ source: String, symbols: ExpressionSymbols) throws(ExpressionErrors) {
        let tokens: [ExpressionToken]
        do throws(ExpressionError) {
            tokens = try ExpressionLexer.tokens(of: source)
        } catch {
            throw ExpressionErrors(errors: [error])
        }
        var compiler = ExpressionCompiler(tokens: tokens, symbols: symbols)
        let type: ValueType?
        do throws(ExpressionError) {
            type = try compiler.compileAll()
        } catch {
            throw ExpressionErrors(errors: (compiler.errors + [error]).sorted { $0.offset < $1.offset })
        }
        guard let type else { throw ExpressionErrors(errors: compiler.errors.sorted { $0.offset < $1.offset }) }
        self.source = source
        self.type = type
        isConstant = !compiler.readsContext
        code = compiler.code
        maxStackDepth = compiler.maxStackDepth
    }

    /// The value in `context`, of type `type`.
    public func evaluate<Context: ExpressionContext>(in context: Context) -> ExpressionValue {
        withUnsafeTemporaryAllocation(of: ExpressionValue.self, capacity: maxStackDepth) { stack in
            stack.initialize(repeating: .bool(false))
            defer { stack.deinitialize() }
            var sp = 0, pc = 0
            while pc < code.count {
                let instruction = code[pc]
                switch instruction {
                case .constant(let v):
                    stack[sp] = v
                    sp += 1
                case .variable(let i):
                    stack[sp] = context.value(of: i)
                    sp += 1
                case .time:
                    stack[sp] = .number(context.time)
                    sp += 1
                case .frame:
                    stack[sp] = .number(context.frame)
                    sp += 1
                case .negate:
                    stack[sp - 1] = .number(-stack[sp - 1].number)
                case .not:
                    stack[sp - 1] = .bool(!stack[sp - 1].bool)
                case .equal, .notEqual:
                    sp -= 1
                    stack[sp - 1] = .bool((stack[sp - 1] == stack[sp]) == (instruction == .equal))
                case .add, .subtract, .multiply, .divide, .remainder, .less, .lessOrEqual, .greater, .greaterOrEqual:
                    sp -= 1
                    stack[sp - 1] = Self.apply(instruction, stack[sp - 1].number, stack[sp].number)
                case .jump(let target):
                    pc = target
                    continue
                case .jumpIfFalse(let target):
                    sp -= 1
                    if !stack[sp].bool { pc = target; continue }
                case .jumpIfFalseElsePop(let target):
                    if !stack[sp - 1].bool { pc = target; continue }
                    sp -= 1
                case .jumpIfTrueElsePop(let target):
                    if stack[sp - 1].bool { pc = target; continue }
                    sp -= 1
                case .call(let f):
                    sp -= f.arity
                    stack[sp] = .number(f.apply(stack, at: sp, seed: context.seed))
                    sp += 1
                case .mixColors:
                    sp -= 3
                    stack[sp] = .color(stack[sp].color.lerp(to: stack[sp + 1].color, stack[sp + 2].number))
                    sp += 1
                case .mixPoints:
                    sp -= 3
                    stack[sp] = .point(stack[sp].point.lerp(to: stack[sp + 1].point, stack[sp + 2].number))
                    sp += 1
                case .makePoint:
                    sp -= 1
                    stack[sp - 1] = .point(Point(stack[sp - 1].number, stack[sp].number))
                case .member(let lane):
                    stack[sp - 1] = .number(Self.component(lane, of: stack[sp - 1]))
                case .negatePoint:
                    stack[sp - 1] = .point(stack[sp - 1].point * -1)
                case .addPoints, .subtractPoints:
                    sp -= 1
                    let a = stack[sp - 1].point, b = stack[sp].point
                    stack[sp - 1] = .point(instruction == .addPoints ? a + b : a - b)
                case .dividePoint:
                    sp -= 1
                    let p = stack[sp - 1].point, k = stack[sp].number
                    stack[sp - 1] = .point(Point(p.x / k, p.y / k))
                case .scalePoint(let numberFirst):
                    sp -= 1
                    let (p, k) = numberFirst ? (stack[sp].point, stack[sp - 1].number) : (stack[sp - 1].point, stack[sp].number)
                    stack[sp - 1] = .point(p * k)
                }
                pc += 1
            }
            return stack[0]
        }
    }

    /// Component `lane` of a point (x, y) or a colour (r, g, b, a).
    private static func component(_ lane: Int, of value: ExpressionValue) -> Double {
        switch value {
        case .point(let p): return lane == 0 ? p.x : p.y
        case .color(let c): return lane == 0 ? c.r : lane == 1 ? c.g : lane == 2 ? c.b : c.a
        default: return .nan
        }
    }

    /// An arithmetic or comparison operator on two numbers. `%` is the
    /// truncating remainder: it keeps the dividend's sign, as in C and Swift.
    private static func apply(_ op: ExpressionInstruction, _ a: Double, _ b: Double) -> ExpressionValue {
        switch op {
        case .add: return .number(a + b)
        case .subtract: return .number(a - b)
        case .multiply: return .number(a * b)
        case .divide: return .number(a / b)
        case .remainder: return .number(a.truncatingRemainder(dividingBy: b))
        case .less: return .bool(a < b)
        case .lessOrEqual: return .bool(a <= b)
        case .greater: return .bool(a > b)
        default: return .bool(a >= b)
        }
    }
}
