/// Checks shared by the video writers and `makeWriter`, so each refuses a bad
/// setting before any file exists, with the same wording.
enum VideoSettingsCheck {
    /// Both sides positive, and at most `limit` (a format's own maximum).
    static func size(_ width: Int, _ height: Int, path: String, limit: Int = 16384) throws {
        guard width > 0, height > 0 else {
            throw MediaError.invalidSettings(path: path, reason: "size must be positive, not \(width)×\(height)")
        }
        guard width <= limit, height <= limit else {
            throw MediaError.invalidSettings(path: path,
                                             reason: "size must be at most \(limit) per side, not \(width)×\(height)")
        }
    }

    /// More than 0 and at most `limit` frames per second.
    static func fps(_ fps: Double, path: String, limit: Double = 1000) throws {
        guard fps.isFinite, fps > 0, fps <= limit else {
            throw MediaError.invalidSettings(path: path,
                                             reason: "fps must be more than 0 and at most \(Int(limit)), not \(fps)")
        }
    }

    /// An x264 constant rate factor, 0…51.
    static func x264CRF(_ crf: Int, path: String) throws {
        guard (0...51).contains(crf) else {
            throw MediaError.invalidSettings(path: path, reason: "crf must be 0…51, not \(crf)")
        }
    }

    /// One of `MP4Writer.presets`.
    static func x264Preset(_ preset: String, path: String) throws {
        guard MP4Writer.presets.contains(preset) else {
            let known = MP4Writer.presets.joined(separator: ", ")
            throw MediaError.invalidSettings(path: path, reason: "unknown x264 preset \"\(preset)\"; use one of \(known)")
        }
    }

    /// The MP4 and QuickTime muxer flags: the index first, and metadata tags
    /// under their own names when there are any (without the flag the muxer
    /// keeps only the iTunes-style keys it knows).
    static func movFlags(tagged: Bool) -> String {
        tagged ? "+faststart+use_metadata_tags" : "+faststart"
    }
}
