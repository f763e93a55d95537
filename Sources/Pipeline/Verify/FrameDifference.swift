import Foundation
import Pixels

/// How two frames of one size differ, pixel by pixel: what `reel verify`
/// and `reel diff` measure of a frame whose digest changed.
///
/// Over premultiplied RGBA (a translucent pixel counts as it would look
/// over black): the pixels of which some channel differs by more than the
/// threshold, the largest channel difference, and the mean squared error
/// over all four channels, from which PSNR = 10 · log₁₀(255² ÷ MSE) dB
/// (infinite for equal frames; about 48 dB when every channel is one level
/// off, 20 dB is plainly different).
public struct FrameDifference: Sendable, Equatable {
    /// Pixels compared, and of them those beyond the threshold.
    public let pixels: Int
    public let differing: Int
    /// The largest difference of one channel, 0…255.
    public let largest: Int
    public let meanSquaredError: Double

    /// `reference` and `current` must be of one size.
    public init(_ reference: Bitmap, _ current: Bitmap, threshold: Int) {
        precondition(reference.width == current.width && reference.height == current.height, "frames of one size")
        var differing = 0, largest: Int32 = 0, squares: UInt64 = 0
        reference.pixels.withUnsafeBufferPointer { a in
            current.pixels.withUnsafeBufferPointer { b in
                let limit = Int32(threshold)
                for i in stride(from: 0, to: a.count, by: 4) {
                    var worst: Int32 = 0, sum: UInt32 = 0
                    for c in i..<i + 4 {
                        let d = abs(Int32(a[c]) - Int32(b[c]))
                        worst = max(worst, d)
                        sum &+= UInt32(d * d)
                    }
                    squares &+= UInt64(sum)
                    largest = max(largest, worst)
                    if worst > limit { differing += 1 }
                }
            }
        }
        pixels = reference.width * reference.height
        self.differing = differing
        self.largest = Int(largest)
        meanSquaredError = Double(squares) / Double(pixels * 4)
    }

    /// The share of pixels beyond the threshold, 0…1.
    public var share: Double { Double(differing) / Double(pixels) }

    /// Peak signal-to-noise ratio in decibels; infinity for equal frames.
    public var psnr: Double { meanSquaredError == 0 ? .infinity : 10 * log10(255 * 255 / meanSquaredError) }

    /// A picture of where two frames differ: the reference as a dim grey
    /// (a quarter of its luma, so the scene stays recognisable) and each
    /// pixel beyond `threshold` in red, from dark for a small difference to
    /// full red for the largest. Opaque, of the frames' size.
    public static func image(_ reference: Bitmap, _ current: Bitmap, threshold: Int) -> Bitmap {
        precondition(reference.width == current.width && reference.height == current.height, "frames of one size")
        var out = [UInt8](repeating: 255, count: reference.pixels.count)
        reference.pixels.withUnsafeBufferPointer { a in
            current.pixels.withUnsafeBufferPointer { b in
                for i in stride(from: 0, to: a.count, by: 4) {
                    var worst = 0
                    for c in i..<i + 4 { worst = max(worst, abs(Int(a[c]) - Int(b[c]))) }
                    if worst > threshold {
                        (out[i], out[i + 1], out[i + 2]) = (UInt8(96 + worst * 159 / 255), 0, 0)
                    } else {
                        let luma = (54 * Int(a[i]) + 183 * Int(a[i + 1]) + 19 * Int(a[i + 2])) >> 10
                        (out[i], out[i + 1], out[i + 2]) = (UInt8(luma), UInt8(luma), UInt8(luma))
                    }
                }
            }
        }
        return Bitmap(width: reference.width, height: reference.height, pixels: out)
    }
}
