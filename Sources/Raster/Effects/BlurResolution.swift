import Glibc

/// At what resolution a Gaussian blur of σ pixels runs: whole below the
/// switch-over, else blocks of up to f = ⌊σ / 4⌋ pixels (at most 16)
/// averaged into one (`ReducedBlur`, which picks the factor). f ≤ σ/4 keeps
/// the reduced result within about one level of 255 of the exact one (PSNR
/// ≥ 45 dB, see the tests); the cost of the blur itself falls by f², leaving
/// two cheap full-resolution passes (block sums, bilinear sampling).
public enum BlurResolution {
    /// The smallest σ (pixels) blurred at reduced resolution; just above
    /// it f is 2 or 3 and the gain small, below it the box sizes are too
    /// coarse to match the exact path's variance.
    static let switchOver = 12.0
    static let maximumFactor = 16

    static func factor(sigma: Double) -> Int {
        guard sigma >= switchOver, sigma.isFinite else { return 1 }
        return min(Int(sigma / 4), maximumFactor)
    }

    /// `REEL_EXACT_BLUR=1` in the environment: every blur at full
    /// resolution, for comparing the reduced path with the exact one.
    public static let exactFromEnvironment: Bool = {
        guard let value = getenv("REEL_EXACT_BLUR") else { return false }
        return String(cString: value) == "1"
    }()
}
