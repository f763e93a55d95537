import CFuzzDriver
import Foundation
import Pipeline
import Raster

/// Where each input is written for `PreparedScene.load`, which converts a
/// Lottie file as every command does.
enum Fuzz {
    static let scratch = NSTemporaryDirectory() + "reel-fuzz-lottie-\(getpid()).json"
}

/// Lottie bytes → the converted scene, prepared (decoded, validated), then
/// the display lists of its first, middle and last frames and, for small
/// canvases, their pixels. A conversion must either fail with located
/// errors or give a scene the decoder accepts.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzLottie(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard FileManager.default.createFile(atPath: Fuzz.scratch, contents: Data(bytes: data, count: size)),
          let prepared = try? PreparedScene.load(Fuzz.scratch) else { return 0 }
    let canvas = prepared.scene.canvas
    let rasterizer = canvas.pixelWidth * canvas.pixelHeight <= 128 * 128 ? prepared.makeRasterizer() : nil
    for frame in Set([0, canvas.frameCount / 2, canvas.frameCount - 1]).sorted() {
        let list = prepared.evaluator.displayList(frame: frame)
        _ = rasterizer?.render(list)
    }
    return 0
}

var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
exit(LLVMFuzzerRunDriver(&count, &arguments, fuzzLottie))
