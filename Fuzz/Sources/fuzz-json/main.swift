import CFuzzDriver
import Foundation
import SceneModel

/// The JSON parser: any bytes parse or throw a `SyntaxError`, within the
/// nesting limit, and never trap.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    _ = try? JSONParser.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzJSON))
