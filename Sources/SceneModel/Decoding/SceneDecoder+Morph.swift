import Animation
import Geometry

/// A path's `d` that changes: keyframes of path data morph from one outline
/// to the next (as Lottie's shape keyframes and SwiftUI's animatable shapes
/// do), and a pick switches between outlines.
extension SceneDecoder {
    /// Path data, `{"keyframes": [{"t", "value": "M…"}, …]}` or `{"pick": […], "index": n}`.
    mutating func animatedPath(_ v: JSONValue, _ path: JSONPath) -> Animated<Path>? {
        guard let animated = animated(v, path, { d, v, p in d.svgPath(v, p) }) else { return nil }
        return morphable(animated, v, path)
    }

    /// `animated` with the paths of each set of keyframes rewritten to the
    /// same commands; nil after reporting the first keyframe whose commands
    /// differ from the first keyframe's.
    private mutating func morphable(_ animated: Animated<Path>, _ v: JSONValue, _ path: JSONPath) -> Animated<Path>? {
        switch animated {
        case .keyframes(let k):
            switch Path.morphable(k.keys.map(\.value)) {
            case .success(let paths):
                let keys = zip(k.keys, paths).map { Keyframe(time: $0.time, value: $1, curve: $0.curve) }
                return .keyframes(Keyframes(keys: keys, repeat: k.repeatMode))
            case .failure(let mismatch):
                let i: Int, message: String
                switch mismatch {
                case let .count(path, count, expected):
                    i = path
                    message = "has \(count) commands where keyframe 0 has \(expected)"
                case let .command(path, command, found, expected):
                    i = path
                    message = "command \(command + 1) is \(found) where keyframe 0 has \(expected)"
                }
                let p = path.key("keyframes").index(i).key("value")
                var at = v.location
                if case .array(let keys)? = v["keyframes"]?.kind, i < keys.count, let value = keys[i]["value"] {
                    at = value.location
                }
                report(at, p,
                       "cannot morph: this path \(message); keyframed paths need the same commands in the same order")
                return nil
            }
        case let .pick(choices, index):
            guard case .array(let items)? = v["pick"]?.kind else { return animated }
            let morphed = zip(choices, items).enumerated().map { i, c in morphable(c.0, c.1, path.key("pick").index(i)) }
            return morphed.contains { $0 == nil } ? nil : .pick(morphed.map { $0! }, index: index)
        case .constant, .expression:
            return animated
        }
    }
}
