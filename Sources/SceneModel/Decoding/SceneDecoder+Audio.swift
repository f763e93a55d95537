import Animation

/// The reader for `audio`: the clips of sound placed on the timeline. A
/// clip's `file` is a sound file's path or the name of an `audio` parameter,
/// as an image's name may be an image parameter's, so each batch row can
/// bring its own sound.
extension SceneDecoder {
    /// Most clips in one scene's `audio`: each is decoded and mixed.
    public static let maxAudioClips = 256

    /// `audio`: an array of clips, read after `variables` (a clip's file may
    /// name a parameter, its volume read them).
    mutating func audioClips(_ v: JSONValue, _ path: JSONPath, duration: Double?) -> [AudioClip] {
        guard case .array(let items) = v.kind else {
            expected("an array of audio clips", v, path)
            return []
        }
        guard items.count <= Self.maxAudioClips else {
            report(v.location, path, Self.overLimit("\(items.count) audio clips", limit: "\(Self.maxAudioClips) clips"))
            return []
        }
        return items.enumerated().compactMap { audioClip($1, path.index($0), duration: duration) }
    }

    /// `{"file", "start", "in", "out", "loop", "gain", "volume"}`; only
    /// `file` is required.
    private mutating func audioClip(_ v: JSONValue, _ path: JSONPath, duration: Double?) -> AudioClip? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.audioClip, into: &self)
        var fields = Fields(f, path)
        let file = required(f, "file", path) { d, v, p in d.soundFile(v, p) }
        let start = fields.read(&self, "start") { d, v, p in d.number(v, p, atLeast: 0, atMost: duration) } ?? 0
        let trimIn = fields.read(&self, "in") { d, v, p in d.number(v, p, atLeast: 0) } ?? 0
        let trimOut = fields.read(&self, "out") { d, v, p in d.number(v, p, greaterThan: trimIn) }
        let loop = fields.read(&self, "loop") { d, v, p in d.bool(v, p) } ?? false
        let gain = fields.read(&self, "gain") { d, v, p in d.number(v, p, atLeast: -120, atMost: 24) } ?? 0
        let volume = fields.read(&self, "volume") { d, v, p in d.animatedNumber(v, p, atLeast: 0) } ?? .constant(1)
        guard fields.ok, let file else { return nil }
        return AudioClip(file: file.asset, parameter: file.parameter, start: start, trimIn: trimIn, trimOut: trimOut,
                         loop: loop, gain: gain, volume: volume)
    }

    /// A clip's `file`: the name of an `audio` parameter (its file), or a
    /// path ending in a sound file's extension.
    private mutating func soundFile(_ v: JSONValue, _ path: JSONPath) -> (asset: AssetFile, parameter: String?)? {
        mediaFile(v, path, kind: .audio, what: "a sound file", role: "a clip's file", extensions: AudioClip.fileExtensions)
    }

    /// A file a scene names directly or through a parameter of `kind` (its
    /// file): a sound clip's, a video layer's. A path must end in one of
    /// `extensions`.
    mutating func mediaFile(_ v: JSONValue, _ path: JSONPath, kind: ParameterKind, what: String, role: String,
                            extensions: [String]) -> (asset: AssetFile, parameter: String?)? {
        guard let name = string(v, path) else { return nil }
        switch fixedParameter(name) {
        case let value? where value.kind == kind:
            return (AssetFile(path: value.text, location: v.location, jsonPath: path.description), name)
        case let other?:
            report(v.location, path, "'\(name)' is a parameter of kind \(other.kind.rawValue); \(role) is \(what) or \(kind == .audio ? "an" : "a") \(kind.rawValue) parameter")
            return nil
        case nil:
            guard AssetFile.fileExtension(of: name).map(extensions.contains) ?? false else {
                let names = parameters.filter { $0.kind == kind }.map(\.name)
                var message = "expected \(what) (a path ending in "
                    + extensions.map { "." + $0 }.joined(separator: ", ")
                    + ") or the name of \(kind == .audio ? "an" : "a") \(kind.rawValue) parameter, found \(v.summary)"
                if let s = NameSuggestion.closest(to: name, in: names) { message += "; did you mean \"\(s)\"?" }
                report(v.location, path, message)
                return nil
            }
            return (AssetFile(path: name, location: v.location, jsonPath: path.description), nil)
        }
    }
}
