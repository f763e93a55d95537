import Foundation
import Testing
import Media
import Pixels
import Raster

/// Compares rendered frames with committed reference PNGs.
///
/// A frame matches when no channel of any pixel differs by more than
/// `tolerance` (0…255, premultiplied). On a mismatch a three-panel image —
/// expected | difference ×4 | actual — is written to
/// `$TMPDIR/reel-reference-failures/NAME.png` and its path is in the failure.
/// `REEL_RECORD_REFERENCES=1` (re)writes the references instead; it is
/// refused when `CI` is set — the test fails and compares as usual, and no
/// reference is written or overwritten — so CI never records.
enum ReferenceImage {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

    enum Mode: Equatable { case compare, record, refused }

    static func mode(in environment: [String: String]) -> Mode {
        guard environment["REEL_RECORD_REFERENCES"] == "1" else { return .compare }
        return environment["CI"] == nil ? .record : .refused
    }

    static func check(_ actual: Bitmap, named name: String, tolerance: Int,
                      environment: [String: String] = ProcessInfo.processInfo.environment,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = folder.appendingPathComponent(name + ".png").path
        switch mode(in: environment) {
        case .record:
            try PNGCodec.write(actual, to: path)
            return
        case .refused:
            Issue.record("\(name): references are never recorded in CI; compared instead", sourceLocation: sourceLocation)
        case .compare:
            break
        }
        let expected = try PNGCodec.read(contentsOf: path)
        guard expected.width == actual.width, expected.height == actual.height else {
            Issue.record("\(name): size \(actual.width)×\(actual.height), reference \(expected.width)×\(expected.height)",
                         sourceLocation: sourceLocation)
            return
        }
        var worst = 0, over = 0
        for i in 0..<expected.pixels.count {
            let d = abs(Int(expected.pixels[i]) - Int(actual.pixels[i]))
            worst = max(worst, d)
            if d > tolerance { over += 1 }
        }
        guard worst > tolerance else { return }
        let diffPath = try writeDiff(expected, actual, name: name)
        Issue.record("\(name): \(over) channel values differ by more than \(tolerance) (worst \(worst)); see \(diffPath)",
                     sourceLocation: sourceLocation)
    }

    /// expected | |difference| × 4 | actual, side by side.
    private static func writeDiff(_ expected: Bitmap, _ actual: Bitmap, name: String) throws -> String {
        let w = expected.width, h = expected.height
        var panel = Bitmap(width: w * 3, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                for c in 0..<4 {
                    let e = expected.pixels[i + c], a = actual.pixels[i + c]
                    let d = c == 3 ? 255 : UInt8(min(255, abs(Int(e) - Int(a)) * 4))
                    panel.pixels[(y * w * 3 + x) * 4 + c] = e
                    panel.pixels[(y * w * 3 + w + x) * 4 + c] = d
                    panel.pixels[(y * w * 3 + 2 * w + x) * 4 + c] = a
                }
            }
        }
        let dir = NSTemporaryDirectory() + "reel-reference-failures"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/" + name + ".png"
        try PNGCodec.write(panel, to: path)
        return path
    }
}
