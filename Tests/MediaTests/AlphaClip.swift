import Media
import Pixels

/// A small clip that exercises alpha, shared by the writer tests: 20 frames
/// of 64 × 48 in three parts, each a flat colour per half so sample points
/// away from the halves' border are free of chroma-subsampling bleed.
/// - frames 0 ..< 7: opaque red;
/// - frames 7 ..< 14: left half green at 50 % alpha (premultiplied
///   0,128,0,128, straight 0,255,0), right half fully transparent;
/// - frames 14 ..< 20: top half white at 25 % alpha (premultiplied
///   64,64,64,64, straight 255,255,255), bottom half opaque blue.
enum AlphaClip {
    static let width = 64
    static let height = 48
    static let frameCount = 20
    /// Sample points, one per quadrant and well inside it.
    static let points = [(8, 8), (56, 8), (8, 40), (56, 40)]
    /// One frame from each part.
    static let sampleFrames = [0, 6, 7, 13, 14, 19]

    static func frame(_ index: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                bitmap.pixels.replaceSubrange(i..<i + 4, with: premultiplied(index, x: x, y: y))
            }
        }
        return bitmap
    }

    static func premultiplied(_ index: Int, x: Int, y: Int) -> [UInt8] {
        switch index {
        case ..<7: [255, 0, 0, 255]
        case ..<14: x < 32 ? [0, 128, 0, 128] : [0, 0, 0, 0]
        default: y < 24 ? [64, 64, 64, 64] : [0, 0, 255, 255]
        }
    }

    /// The straight RGBA a decoder should give back at (x, y).
    static func straight(_ index: Int, x: Int, y: Int) -> [UInt8] {
        switch index {
        case ..<7: [255, 0, 0, 255]
        case ..<14: x < 32 ? [0, 255, 0, 128] : [0, 0, 0, 0]
        default: y < 24 ? [255, 255, 255, 64] : [0, 0, 255, 255]
        }
    }

    /// Writes the clip through `sink` and finishes it.
    static func write(to sink: any FrameSink) throws {
        for i in 0..<frameCount { try sink.write(frame(i)) }
        try sink.finish()
    }

    /// Every difference between decoded and expected straight RGBA beyond
    /// `colour` (RGB, ignored where alpha is 0) or `alpha`, as messages.
    static func mismatches(_ probe: VideoProbe, colour: Int, alpha: Int) -> [String] {
        var problems: [String] = []
        for index in sampleFrames {
            for (x, y) in points {
                let actual = probe.rgba(frame: index, x: x, y: y)
                let expected = straight(index, x: x, y: y)
                let colourError = expected[3] == 0 ? 0 : maxDifference(Array(actual[0..<3]), Array(expected[0..<3]))
                let alphaError = abs(Int(actual[3]) - Int(expected[3]))
                if colourError > colour || alphaError > alpha {
                    problems.append("frame \(index) (\(x), \(y)): \(actual), expected \(expected)")
                }
            }
        }
        return problems
    }
}
