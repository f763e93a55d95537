import Animation
import Geometry

/// The reader for `motion`: `{"path": "M…", "progress": n, "rotate": "auto"}`.
extension SceneDecoder {
    /// `motion` of a node whose fields are `fields`; nil when absent or after
    /// reporting. It places the anchor, so it takes the place of `position`.
    mutating func motion(_ fields: inout Fields) -> MotionPath? {
        guard let motion = fields.read(&self, "motion", { d, v, p in d.motionPath(v, p) }) else { return nil }
        if let position = fields.object["position"] {
            report(position.location, fields.path.key("position"),
                   "a node takes \"position\" or \"motion\", not both: the motion path places the anchor")
            fields.ok = false
        }
        return motion
    }

    private mutating func motionPath(_ v: JSONValue, _ path: JSONPath) -> MotionPath? {
        guard let f = object(v, path) else { return nil }
        f.checkKeys(.motion, into: &self)
        var fields = Fields(f, path)
        let d = required(f, "path", path) { d, v, p in d.svgPath(v, p) }
        let progress = required(f, "progress", path) { d, v, p in d.animatedNumber(v, p) }
        let rotate = fields.read(&self, "rotate") { d, v, p in d.word(v, p, as: MotionRotation.self) }
        guard fields.ok, let d, let progress else { return nil }
        return MotionPath(path: d, progress: progress, rotate: rotate)
    }
}
