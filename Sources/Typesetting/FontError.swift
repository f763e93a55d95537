/// Why a `FontLibrary` could not be built: every font file that failed, at
/// once, in font-name order (the bundled default is named "default").
public struct FontError: Error, Sendable, Equatable, CustomStringConvertible {
    public var failures: [FontFailure]

    public init(failures: [FontFailure]) {
        self.failures = failures
    }

    /// One line per failure.
    public var description: String {
        failures.map(\.description).joined(separator: "\n")
    }
}

/// One font file that could not be loaded.
public struct FontFailure: Sendable, Equatable, CustomStringConvertible {
    public enum Reason: Error, Sendable, Equatable {
        /// Nothing (or a directory) at the path.
        case fileMissing
        /// The file exists but could not be read; the system's reason.
        case unreadable(String)
        /// FreeType does not recognise the file as a font; its error code.
        case notAFont(code: Int32)
        /// A font with bitmaps only: there are no outlines to draw.
        case noOutlines
        /// The file is larger than `FontLibrary.maxFileBytes`; it is not read.
        case tooLarge(bytes: Int, limit: Int)
    }

    /// The font's name (key in `assets.fonts`).
    public var name: String
    /// The path as given.
    public var path: String
    public var reason: Reason

    public init(name: String, path: String, reason: Reason) {
        self.name = name
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .fileMissing:
            return "font '\(name)': no such file: \(path)"
        case .unreadable(let why):
            return "font '\(name)': cannot read \(path): \(why)"
        case .notAFont(let code):
            return "font '\(name)': \(path) is not a font file FreeType can open (FreeType error \(code))"
        case .noOutlines:
            return "font '\(name)': \(path) has only bitmap glyphs, no outlines"
        case let .tooLarge(bytes, limit):
            return "font '\(name)': \(path) is a file of \(bytes) bytes; the limit is \(limit) bytes (see docs/LIMITS.md)"
        }
    }
}
