/// When a frame whose pixels changed still passes: the measure of
/// `FrameDifference` held against limits.
///
/// A pixel *differs* when one of its channels (premultiplied RGBA, 0…255)
/// moved by more than `threshold`; a frame passes while the share of its
/// pixels that differ is at most `maxShare` and, when `minPSNR` is set, its
/// PSNR is at least that. Share and threshold say how much of the picture
/// changed and how visibly; PSNR adds a bound on the overall error, for
/// noise spread thinly over the whole frame (an encoder's).
public struct Tolerance: Sendable, Equatable {
    /// Largest channel difference, 0…255, that leaves a pixel unchanged.
    public let threshold: Int
    /// Largest share of a frame's pixels, 0…1, that may differ.
    public let maxShare: Double
    /// Smallest peak signal-to-noise ratio in decibels; nil for none.
    public let minPSNR: Double?

    /// Why a tolerance cannot be made.
    public enum Problem: Error, Sendable, Equatable {
        case threshold(Int)
        case share(Double)
        case psnr(Double)
    }

    /// - Throws: a threshold outside 0…255, a share outside 0…1, a PSNR not
    ///   finite and positive.
    public init(threshold: Int, maxShare: Double, minPSNR: Double? = nil) throws(Problem) {
        guard (0...255).contains(threshold) else { throw .threshold(threshold) }
        guard maxShare.isFinite, (0...1).contains(maxShare) else { throw .share(maxShare) }
        if let minPSNR, !(minPSNR.isFinite && minPSNR > 0) { throw .psnr(minPSNR) }
        self.threshold = threshold
        self.maxShare = maxShare
        self.minPSNR = minPSNR
    }

    private init(_ threshold: Int, _ maxShare: Double) {
        (self.threshold, self.maxShare, self.minPSNR) = (threshold, maxShare, nil)
    }

    /// For frames of the same renderer (`reel verify`): every pixel within
    /// 2 levels of its reference. Reel draws the same bytes on every
    /// machine, so this only forgives rounding, never a visible change.
    public static let golden = Tolerance(2, 0)

    /// For encoded video (`reel diff`): at most 0.5 % of the pixels more than
    /// 40 levels apart. Two x264 encodes of the same frames (presets
    /// veryfast and medium) differ a little everywhere and by up to 60
    /// levels at a few sharp edges: 0.02 % of the pixels beyond 40 at most,
    /// on a small canvas where edges weigh most. A shape moved by 4 pixels
    /// there put 4.9 % beyond 40.
    public static let encoded = Tolerance(40, 0.005)

    /// Whether a frame that differs by `difference` passes.
    public func accepts(_ difference: FrameDifference) -> Bool {
        difference.share <= maxShare && (minPSNR.map { difference.psnr >= $0 } ?? true)
    }
}

/// Limits given for one run (`reel verify --threshold 4`), replacing those
/// of each manifest or the default; checked when made.
public struct ToleranceChange: Sendable, Equatable {
    public let threshold: Int?
    public let maxShare: Double?
    public let minPSNR: Double?

    /// - Throws: a value `Tolerance` would refuse.
    public init(threshold: Int? = nil, maxShare: Double? = nil, minPSNR: Double? = nil) throws(Tolerance.Problem) {
        _ = try Tolerance(threshold: threshold ?? 0, maxShare: maxShare ?? 0, minPSNR: minPSNR)
        (self.threshold, self.maxShare, self.minPSNR) = (threshold, maxShare, minPSNR)
    }

    /// `tolerance` with the limits given here in place of its own.
    public func applied(to tolerance: Tolerance) -> Tolerance {
        // Each value was checked as `Tolerance` checks it.
        (try? Tolerance(threshold: threshold ?? tolerance.threshold, maxShare: maxShare ?? tolerance.maxShare,
                        minPSNR: minPSNR ?? tolerance.minPSNR)) ?? tolerance
    }
}
