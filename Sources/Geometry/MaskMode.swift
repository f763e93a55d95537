/// Which value of a mask's drawing lets the masked content through: its
/// alpha (SwiftUI's `mask`), its luminance (CSS `mask-type: luminance`),
/// or either inverted (After Effects' and Lottie's inverted track mattes).
/// Shared vocabulary of the scene model and the rasterizer.
///
/// Luminance is CSS Masking's "luminance mask" value: the sRGB-encoded
/// (not linearised) straight colour weighted 0.2125 R + 0.7154 G + 0.0721 B,
/// times alpha. Where the mask draws nothing its value is 0, so an inverted
/// mode lets everything through there.
public enum MaskMode: String, Sendable, Equatable, Hashable, CaseIterable {
    case alpha, invertedAlpha, luminance, invertedLuminance

    /// True for the inverted modes: 1 − the value.
    public var isInverted: Bool { self == .invertedAlpha || self == .invertedLuminance }
}
