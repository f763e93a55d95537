import CFuzzDriver
import Foundation
import Animation

/// A context with one variable of each type, so names resolve.
struct FuzzContext: ExpressionContext {
    var time: Double { 1.25 }
    var frame: Double { 75 }
    var seed: Int { 7 }
    func value(of variable: VariableIndex) -> ExpressionValue {
        switch variable.rawValue {
        case 0: return .number(0.5)
        case 1: return .bool(true)
        default: return .color(.black)
        }
    }
}

enum Fuzz {
    static let symbols = ExpressionSymbols([("x", .number), ("on", .bool), ("tint", .color)])
}

/// The expression compiler, and the program it makes evaluated once.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzExpression(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let compiled = try? CompiledExpression(text, symbols: Fuzz.symbols) else { return 0 }
    _ = compiled.evaluate(in: FuzzContext())
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzExpression))
