import Animation
import Geometry

/// Reel's documented limits on what one scene may ask for (docs/LIMITS.md).
///
/// Each is checked while the scene is decoded, before anything is drawn or
/// allocated for the thing refused, so a hostile or mistaken file costs at
/// most its own parse. The values are far above what hand-made scenes use
/// (the bundled ones nest 6 deep and hold 322 nodes) and low enough that the
/// refused work — recursion depth, per-frame evaluation, memory — stays
/// bounded on one machine.
extension SceneDecoder {
    /// Largest scene file, in bytes: read whole into memory before parsing.
    public static let maxSceneFileBytes = 64 << 20
    /// Most nodes in a scene, layers, group children and the parts of
    /// compound shapes and clips counted together: every one is evaluated
    /// for every frame.
    public static let maxNodes = 100_000
    /// Deepest nesting of the structures the decoder and the evaluator
    /// recurse into: groups, compound shapes, clips, masks, `pick`s and emitter
    /// sub-cells (a top-level layer is 1; each level inside adds 1). With
    /// JSON nesting at most 128, this keeps decoding within a 512 KiB
    /// thread stack even in a debug build, and a group may hold a full-frame
    /// layer per level.
    public static let maxNesting = 32
    /// Most segments one SVG path's data may produce.
    public static let maxPathSegments = 100_000
    /// Longest text of one `text` node (each of a `pick`'s strings), in
    /// Unicode scalars: laid out once per frame when it changes.
    public static let maxTextLength = 10_000
    /// Longest expression source, in Unicode scalars.
    public static let maxExpressionLength = 4_096
    /// Most keyframes of one animated property.
    public static let maxKeyframes = 10_000
    /// Most items of a list parameter: a `forEach` draws its content once
    /// for each, so this bounds what one data row can make a scene draw.
    public static let maxListItems = 10_000

    /// `message` for a value over a limit, worded the same everywhere: what
    /// was found and the limit's name and value.
    static func overLimit(_ found: String, limit: String) -> String {
        "\(found); the limit is \(limit) (see docs/LIMITS.md)"
    }

    /// Counts a node and enters one nesting level (`enterNesting`); false,
    /// after reporting (the count only once), when a limit is passed.
    mutating func enterNode(_ v: JSONValue, _ path: JSONPath) -> Bool {
        nodeCount += 1
        if nodeCount > Self.maxNodes {
            if nodeCount == Self.maxNodes + 1 {
                report(v.location, path, Self.overLimit("more than \(Self.maxNodes) nodes in the scene",
                                                        limit: "\(Self.maxNodes) nodes"))
            }
            return false
        }
        return enterNesting(v, path)
    }

    /// Enters one level of nesting; false, after reporting, beyond
    /// `maxNesting`. Call `leaveNesting()` after a true result.
    mutating func enterNesting(_ v: JSONValue, _ path: JSONPath) -> Bool {
        if nesting >= Self.maxNesting {
            report(v.location, path, Self.overLimit("nested more than \(Self.maxNesting) levels deep",
                                                    limit: "\(Self.maxNesting) levels of groups, shapes, clips, picks and cells"))
            return false
        }
        nesting += 1
        return true
    }

    mutating func leaveNesting() { nesting -= 1 }

    /// Whether a string of `count` Unicode scalars fits under `limit`;
    /// reports it otherwise, naming it `what`.
    mutating func withinLength(_ v: JSONValue, _ path: JSONPath, _ what: String, limit: Int) -> Bool {
        guard case .string(let s) = v.kind else { return true }
        let count = s.unicodeScalars.count
        guard count > limit else { return true }
        report(v.location, path, Self.overLimit("\(what) of \(count) characters", limit: "\(limit) characters"))
        return false
    }

    /// Whether an array of keyframes fits under `maxKeyframes`.
    mutating func withinKeyframeLimit(_ list: JSONValue, _ count: Int, _ path: JSONPath) -> Bool {
        guard count > Self.maxKeyframes else { return true }
        report(list.location, path, Self.overLimit("\(count) keyframes", limit: "\(Self.maxKeyframes) keyframes per property"))
        return false
    }
}

extension SceneDecoder {
    /// Refuses a scene file of `size` bytes over `maxSceneFileBytes`; call it
    /// with the file's size before reading it.
    public static func checkFileSize(_ size: Int, file: String) throws(SceneLoadError) {
        guard size > maxSceneFileBytes else { return }
        throw SceneLoadError(diagnostics: [
            Diagnostic(file: file, location: nil, path: "$",
                       message: overLimit("a file of \(size) bytes", limit: "\(maxSceneFileBytes) bytes (64 MiB)"))])
    }
}
