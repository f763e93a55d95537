/// A font a Lottie file names in `fonts.list` (`fName`, `fFamily`,
/// `fStyle`), for the caller to find a file for: the converter itself reads
/// no files.
public struct LottieFontRequest: Sendable, Hashable {
    public var name: String
    public var family: String
    public var style: String
}

/// The font a text layer is set in, with the line metrics the converter
/// needs to put baselines where After Effects puts them (Reel's text puts
/// the first baseline one ascender below the top and lines one line height
/// apart; Lottie's first baseline is at the layer's origin, lines `lh` apart).
public struct LottieFont: Sendable, Equatable {
    /// The font file (a path relative to the Lottie file, or absolute); nil
    /// for Reel's bundled font.
    public var file: String?
    /// Ascender, and ascender + descender + line gap, per point of size.
    public var ascender: Double
    public var lineHeight: Double

    public init(file: String?, ascender: Double, lineHeight: Double) {
        self.file = file
        self.ascender = ascender
        self.lineHeight = lineHeight
    }

    /// Reel's bundled font (Inter: ascender 0.96875 em, descender 0.2421875 em, no gap).
    public static let bundled = LottieFont(file: nil, ascender: 0.96875, lineHeight: 1.2109375)
}
