import CFFmpeg

extension MediaError {
    /// `.encodingFailed` for a negative FFmpeg return code, with FFmpeg's own
    /// text for it ("Invalid argument", "Encoder not found", …).
    static func ffmpeg(_ code: Int32, path: String, step: String) -> MediaError {
        .encodingFailed(path: path, step: step, reason: ffmpegErrorText(code))
    }
}

/// FFmpeg's own text for a negative return code.
func ffmpegErrorText(_ code: Int32) -> String {
    var buffer = [CChar](repeating: 0, count: 128)
    return buffer.withUnsafeMutableBufferPointer {
        String(cString: reel_av_strerror(code, $0.baseAddress, $0.count))
    }
}

/// Limits FFmpeg's own printing to errors. FFmpeg, its codec libraries and
/// its filters print banners and statistics at their default level
/// ("256 colors generated…"); failures reach callers as thrown errors.
func quietFFmpegLogging() {
    av_log_set_level(AV_LOG_ERROR)
}

/// Throws `MediaError.encodingFailed` naming `path` and `step` for a negative
/// FFmpeg return code; returns non-negative codes unchanged.
@discardableResult
func checkFFmpeg(_ code: Int32, path: String, step: String) throws -> Int32 {
    guard code < 0 else { return code }
    throw MediaError.ffmpeg(code, path: path, step: step)
}

/// Sets `key=value` pairs in an FFmpeg options dictionary and runs `body`
/// (an `avcodec_open2` or `avformat_write_header` call) with it. An option
/// the library left unconsumed is an error rather than silently ignored: a
/// setting that reproducibility depends on must really be in effect.
func withFFmpegOptions(_ pairs: [(String, String)], path: String, step: String,
                       _ body: (inout OpaquePointer?) -> Int32) throws {
    var dictionary: OpaquePointer?
    defer { av_dict_free(&dictionary) }
    for (key, value) in pairs { av_dict_set(&dictionary, key, value, 0) }
    try checkFFmpeg(body(&dictionary), path: path, step: step)
    var unused: [String] = []
    var entry: UnsafeMutablePointer<AVDictionaryEntry>?
    while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
        unused.append(String(cString: next.pointee.key))
        entry = next
    }
    if !unused.isEmpty {
        let names = unused.joined(separator: ", ")
        throw MediaError.encodingFailed(path: path, step: step, reason: "this FFmpeg does not know the option(s) \(names)")
    }
}
