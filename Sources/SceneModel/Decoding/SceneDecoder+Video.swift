import Animation

/// The reader for `video` layers. A layer's `video` is a video file's path
/// or the name of a `video` parameter, so each batch row can show its own clip.
extension SceneDecoder {
    /// `{"video", "size", "contentMode", "begin", "in", "out", "rate",
    /// "loop", "audio"}`; only `video` is required. A layer whose sound
    /// joins the mix adds its clip to `videoSounds`.
    mutating func video(_ fields: inout Fields) -> VideoNode? {
        let f = fields.object, path = fields.path
        let file = required(f, "video", path) { d, v, p in
            d.mediaFile(v, p, kind: .video, what: "a video file", role: "a video layer's file",
                        extensions: VideoNode.fileExtensions)
        }
        if file == nil { fields.ok = false }
        let size = fields.read(&self, "size") { d, v, p in d.animatedPair(v, p, atLeast: 0) }
        let mode = fields.read(&self, "contentMode") { d, v, p in d.word(v, p, as: ContentMode.self) }
        let begin = fields.read(&self, "begin") { d, v, p in d.number(v, p, atLeast: 0) } ?? 0
        let trimIn = fields.read(&self, "in") { d, v, p in d.number(v, p, atLeast: 0) } ?? 0
        let trimOut = fields.read(&self, "out") { d, v, p in d.number(v, p, greaterThan: trimIn) }
        let rate = fields.read(&self, "rate") { d, v, p in d.number(v, p, greaterThan: 0, atMost: 100) } ?? 1
        let loop = fields.read(&self, "loop") { d, v, p in d.bool(v, p) } ?? false
        let audio = fields.read(&self, "audio") { d, v, p in d.bool(v, p) } ?? false
        if audio && rate != 1, let at = f["audio"] {
            report(at.location, path.key("audio"), "a video's sound plays only at rate 1; this layer's rate is \(JSONValue.format(rate)) (take the sound out with \"audio\": false, or play it as an audio clip)")
            fields.ok = false
        }
        guard fields.ok, let file else { return nil }
        let node = VideoNode(file: file.asset, parameter: file.parameter, size: size, contentMode: mode, begin: begin,
                             trimIn: trimIn, trimOut: trimOut, rate: rate, loop: loop, audio: audio)
        if audio { videoSounds.append(node.soundClip) }
        return node
    }
}
