/// Checks shared by every video writer's initializer, so each refuses a bad
/// setting before any file exists, with the same wording.
enum VideoSettingsCheck {
    /// Both sides positive, and at most `limit` (a format's own maximum).
    static func size(_ width: Int, _ height: Int, path: String, limit: Int = 16384) throws {
        guard width > 0, height > 0 else {
            throw MediaError.invalidSettings(path: path, reason: "size must be positive, not \(width)×\(height)")
        }
        guard width <= limit, height <= limit else {
            throw MediaError.invalidSettings(path: path, reason: "size must be at most \(limit) per side, not \(width)×\(height)")
        }
    }

    /// More than 0 and at most `limit` frames per second.
    static func fps(_ fps: Double, path: String, limit: Double = 1000) throws {
        guard fps.isFinite, fps > 0, fps <= limit else {
            throw MediaError.invalidSettings(path: path, reason: "fps must be more than 0 and at most \(Int(limit)), not \(fps)")
        }
    }
}
