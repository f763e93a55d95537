import Animation
import Geometry

/// The reader for `variables`: each entry is a parameter whose declared value
/// is its default. Assignments from outside replace the defaults here, before
/// anything reads them, so the rest of the scene decodes exactly as if the
/// values were written in the file.
extension SceneDecoder {
    /// The timeline's variables (numbers, colours, booleans, points) of the
    /// `variables` at `path` (the scene's or a component's), after
    /// `assignments`; sets `parameters` (every kind) and returns the
    /// refused assignments.
    mutating func variables(_ v: JSONValue?, at path: JSONPath,
                            assignments: [ParameterAssignment]) -> ([TimelineVariable], [ParameterIssue]) {
        var keyframed: [String: TimelineVariable.Definition] = [:]
        if let v {
            if case .object(let members) = v.kind {
                for m in members {
                    if let (parameter, keyframes) = declaration(m.value, path.key(m.key), name: m.key) {
                        parameters.append(parameter)
                        if let keyframes { keyframed[m.key] = keyframes }
                    }
                }
            } else {
                expected("an object of name: initial value", v, path)
            }
        }
        let issues = Parameters.apply(assignments, to: &parameters, imageAssets: assets.images.keys.sorted())
        let variables = parameters.compactMap { p -> TimelineVariable? in
            if let k = keyframed[p.name] { return TimelineVariable(name: p.name, definition: k) }
            return p.value?.expressionValue.map { TimelineVariable(name: p.name, initial: $0) }
        }
        return (variables, issues)
    }

    /// A number, `true`/`false`, a colour, a point `[x, y]`, `{"string": s}`, `{"image": name
    /// or path}`, `{"audio": path}`, `{"list": [items]}`, or keyframes (which carry no settable value). A string that
    /// is not a colour is a string parameter, unless it starts with `#`.
    private mutating func declaration(_ v: JSONValue, _ path: JSONPath,
                                      name: String) -> (Parameter, TimelineVariable.Definition?)? {
        switch v.kind {
        case .number(let n): return (Parameter(name: name, kind: .number, value: .number(n)), nil)
        case .bool(let b): return (Parameter(name: name, kind: .bool, value: .bool(b)), nil)
        case .string(let s):
            if ColorLiteral.parse(s) == nil && !s.hasPrefix("#") {
                return (Parameter(name: name, kind: .string, value: .string(s)), nil)
            }
            return color(v, path).map { (Parameter(name: name, kind: .color, value: .color($0)), nil) }
        case .array:
            return point(v, path).map { (Parameter(name: name, kind: .point, value: .point($0)), nil) }
        case .object where v["keyframes"] != nil:
            if case .string? = v.firstKeyframeValue?.kind {
                guard case .keyframes(let k)? = animatedColor(v, path) else { return nil }
                return (Parameter(name: name, kind: .color, value: nil), .colorKeyframes(k))
            }
            if case .array? = v.firstKeyframeValue?.kind {
                guard case .keyframes(let k)? = animated(v, path, { d, v, p in d.point(v, p) }) else { return nil }
                return (Parameter(name: name, kind: .point, value: nil), .pointKeyframes(k))
            }
            guard case .keyframes(let k)? = animatedNumber(v, path) else { return nil }
            return (Parameter(name: name, kind: .number, value: nil), .numberKeyframes(k))
        case .object(let members) where members.count == 1 && members[0].key == "list":
            switch ListItem.items(of: members[0].value, limit: Self.maxListItems) {
            case .success(let items): return (Parameter(name: name, kind: .list, value: .list(items)), nil)
            case .failure(let problem):
                report(members[0].value.location, path.key("list"), problem.message)
                return nil
            }
        case .object(let members) where members.count == 1 && ["string", "image", "audio", "video"].contains(members[0].key):
            let m = members[0]
            guard let s = string(m.value, path.key(m.key)) else { return nil }
            if m.key == "string" { return (Parameter(name: name, kind: .string, value: .string(s)), nil) }
            if m.key == "audio" {
                guard let value = Parameters.audio(s, baseDirectory: nil) else {
                    expected(ParameterKind.audio.description, m.value, path.key(m.key))
                    return nil
                }
                return (Parameter(name: name, kind: .audio, value: value), nil)
            }
            if m.key == "video" {
                guard let value = Parameters.video(s, baseDirectory: nil) else {
                    expected(ParameterKind.video.description, m.value, path.key(m.key))
                    return nil
                }
                return (Parameter(name: name, kind: .video, value: value), nil)
            }
            switch Parameters.image(s, imageAssets: assets.images.keys.sorted(), baseDirectory: nil) {
            case .success(let value): return (Parameter(name: name, kind: .image, value: value), nil)
            case .failure(let suggestion):
                var message = "expected \(ParameterKind.image), found \(m.value.summary)"
                if let s = suggestion.name { message += "; did you mean \"\(s)\"?" }
                report(m.value.location, path.key(m.key), message)
                return nil
            }
        default:
            expected("a number, a colour, true/false, [x, y], a string, {\"string\": …}, {\"image\": …}, {\"audio\": …}, {\"video\": …}, {\"list\": […]} or keyframes", v, path)
            return nil
        }
    }

    /// The value of the string, image, audio or video parameter `name` (or of a
    /// `forEach` item's string of that name), if it is one.
    func fixedParameter(_ name: String) -> ParameterValue? {
        if let item = itemStrings[name] { return .string(item) }
        guard let p = parameters.first(where: { $0.name == name }), [.string, .image, .audio, .video].contains(p.kind) else { return nil }
        return p.value
    }
}
