import CFuzzDriver
import Foundation
import Pipeline

/// The data reader of `reel batch`: any bytes, under a CSV, JSON Lines or
/// JSON name, read into rows with positions or throw a located error.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzBatchData(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the file name the format is guessed from.
    let names = ["rows.csv", "rows.jsonl", "rows.json", "rows.txt"]
    _ = try? BatchData.read(bytes: Array(bytes.dropFirst()), fileName: names[Int(bytes[0]) % names.count])
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzBatchData))
