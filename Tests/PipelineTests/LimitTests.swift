import Foundation
import Testing
@testable import Media
@testable import Pipeline
@testable import SceneModel
import Typesetting

/// Every documented limit (docs/LIMITS.md) is refused before anything is
/// drawn, with the exact message a user sees: file, line:column, JSON path,
/// what was found and the limit. Inputs are built just over each limit.
@Suite struct LimitTests {
    static let canvas = #"{"canvas": {"width": 10, "height": 10, "duration": 1}, "layers": "#

    /// The diagnostics of a scene that must be refused.
    func refusal(_ json: String) -> [String] {
        do {
            _ = try SceneDecoder.decode(Array(json.utf8), file: "s.json")
            return ["accepted"]
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func canvasPixelCount() {
        let json = #"{"canvas": {"width": 9000, "height": 9000, "duration": 1}}"#
        #expect(refusal(json) == [
            "s.json:1:12: $.canvas: canvas of 9000×9000 pixels; the limit is 67108864 pixels (64 Mi) (see docs/LIMITS.md)"])
    }

    /// An override builds its canvas through the same initializer.
    @Test func canvasPixelCountOfAnOverride() throws {
        let canvas = try Canvas(width: 4000, height: 4000, duration: 1)
        #expect(throws: CanvasError(problems: [.pixelCount(width: 12000, height: 12000)])) {
            _ = try canvas.with(scale: 3)
        }
    }

    @Test func canvasSide() {
        let json = #"{"canvas": {"width": 100, "height": 100, "scale": 200, "duration": 1}}"#
        #expect(refusal(json) == [
            "s.json:1:12: $.canvas: canvas is 20000×20000 pixels (width × scale, height × scale); each side must be 1…16384"])
    }

    static let nestedTooDeeply = "nested more than 32 levels deep; the limit is 32 levels of groups, shapes, clips, picks and cells (see docs/LIMITS.md)"

    /// 33 groups, each the only child of the one before.
    @Test func nodeNesting() {
        let depth = SceneDecoder.maxNesting + 1
        var node = #"{"type": "rect", "size": [1, 1]}"#
        for _ in 1..<depth { node = #"{"type": "group", "children": ["# + node + "]}" }
        let diagnostics = refusal(Self.canvas + "[" + node + "]}")
        let path = "$.layers[0]" + String(repeating: ".children[0]", count: depth - 1)
        let column = Self.canvas.count + 2 + (depth - 1) * #"{"type": "group", "children": ["#.count
        #expect(diagnostics == ["s.json:1:\(column): \(path): " + Self.nestedTooDeeply])
    }

    /// Compound shapes, picks and emitter sub-cells nest too: each level is
    /// a recursion of the decoder and of the evaluator.
    @Test(arguments: ["shape", "pick", "cells"])
    func otherNesting(_ kind: String) {
        let diagnostics = refusal(Self.canvas + "[" + Self.nested(kind, levels: SceneDecoder.maxNesting + 1) + "]}")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasSuffix(Self.nestedTooDeeply) == true, "\(diagnostics)")
    }

    /// One layer with `levels` of `kind` nested in it (the layer included).
    static func nested(_ kind: String, levels: Int) -> String {
        switch kind {
        case "shape":
            var shape = #"{"type": "rect", "size": [1, 1]}"#
            for _ in 1..<levels { shape = #"{"type": "shape", "shapes": ["# + shape + "]}" }
            return shape
        case "pick":
            var pick = "1"
            for _ in 1..<levels { pick = #"{"pick": ["# + pick + #"], "index": 0}"# }
            return #"{"type": "rect", "size": [1, 1], "opacity": "# + pick + "}"
        case "cells":
            var cells = #"{"birthRate": 1, "lifetime": 1}"#
            for _ in 2..<levels { cells = #"{"birthRate": 1, "lifetime": 1, "cells": ["# + cells + "]}" }
            return #"{"type": "emitter", "cells": ["# + cells + "]}"
        default:
            var node = #"{"type": "rect", "size": [1, 1]}"#
            for _ in 1..<levels { node = #"{"type": "group", "children": ["# + node + "]}" }
            return node
        }
    }

    @Test func jsonNestingDepthIsRefusedWhileParsing() {
        let json = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(refusal(json) == ["s.json:1:129: $: nesting deeper than 128 levels; the limit is 128 levels of arrays and objects (see docs/LIMITS.md)"])
    }

    /// 512 KiB, the stack the limits are sized for; four times that under
    /// ThreadSanitizer, whose instrumentation makes every frame of the
    /// decoder's recursion several times larger (the 512 KiB run overflowed),
    /// and twice under AddressSanitizer, whose redzones enlarge them too (the
    /// compound-shape recursion overflowed 512 KiB in one run of two).
    static let smallStack: Int = {
        let process = dlopen(nil, RTLD_NOW)
        let factor = dlsym(process, "__tsan_init") != nil ? 4 : dlsym(process, "__asan_init") != nil ? 2 : 1
        return factor * (512 << 10)
    }()

    /// Diagnostics of `json`, decoded on a thread with a `smallStack` stack
    /// (512 KiB is the smallest a Dispatch or Foundation thread gets on macOS).
    func refusalOnASmallStack(_ json: String) -> [String] {
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var diagnostics: [String] = []
        let thread = Thread {
            diagnostics = refusal(json)
            finished.signal()
        }
        thread.stackSize = Self.smallStack
        thread.start()
        finished.wait()
        return diagnostics
    }

    /// Everything nested as deep as the limits allow — JSON in an unknown
    /// key, groups, compound shapes, picks and sub-cells — decodes on a
    /// 512 KiB stack (a stack overflow would end the test run).
    @Test(arguments: ["json", "group", "shape", "pick", "cells"])
    func deepestNestingFitsASmallStack(_ kind: String) {
        let layer = kind == "json"
            ? #"{"type": "rect", "size": [1, 1], "extra": "# + String(repeating: "[", count: JSONParser.maxDepth - 4)
                + String(repeating: "]", count: JSONParser.maxDepth - 4) + "}"
            : Self.nested(kind, levels: SceneDecoder.maxNesting)
        let diagnostics = refusalOnASmallStack(Self.canvas + "[" + layer + "]}")
        #expect(diagnostics == (kind == "json" ? [#"s.json:1:100: $.layers[0].extra: unknown key "extra" in a node of type "rect""#] : ["accepted"]))
    }

    @Test func nodeCount() {
        let rect = #"{"type":"group"}"#
        let count = SceneDecoder.maxNodes + 1
        let json = Self.canvas + "[" + Array(repeating: rect, count: count).joined(separator: ",") + "]}"
        let column = Self.canvas.count + 2 + (count - 1) * (rect.count + 1)
        #expect(refusal(json) == [
            "s.json:1:\(column): $.layers[100000]: more than 100000 nodes in the scene; the limit is 100000 nodes (see docs/LIMITS.md)"])
    }

    @Test func pathSegments() {
        let d = "M0 0" + String(repeating: "L1 1", count: SceneDecoder.maxPathSegments)
        let json = Self.canvas + #"[{"type": "path", "d": ""# + d + #""}]}"#
        #expect(refusal(json) == [
            "s.json:1:89: $.layers[0].d: path data of more than 100000 segments; the limit is 100000 segments per path (see docs/LIMITS.md)"])
    }

    @Test func textLength() {
        let text = String(repeating: "é", count: SceneDecoder.maxTextLength + 1)
        let json = Self.canvas + #"[{"type": "text", "text": ""# + text + #""}, "#
            + #"{"type": "text", "text": {"pick": ["a", ""# + text + #""], "index": 0}}]}"#
        let diagnostics = refusal(json)
        #expect(diagnostics.count == 2)
        #expect(diagnostics.first == "s.json:1:92: $.layers[0].text: a text of 10001 characters; the limit is 10000 characters (see docs/LIMITS.md)")
        #expect(diagnostics.last?.hasSuffix(": $.layers[1].text.pick[1]: a text of 10001 characters; the limit is 10000 characters (see docs/LIMITS.md)") == true)
    }

    @Test func expressionLength() {
        let expr = String(repeating: "1+", count: SceneDecoder.maxExpressionLength / 2) + "1"
        let json = Self.canvas + #"[{"type": "rect", "size": [1, 1], "rotation": {"expr": ""# + expr + #""}}]}"#
        #expect(refusal(json) == [
            "s.json:1:121: $.layers[0].rotation.expr: an expression of 4097 characters; the limit is 4096 characters (see docs/LIMITS.md)"])
    }

    @Test func keyframeCount() {
        let keys = (0...SceneDecoder.maxKeyframes).map { #"{"t": \#($0), "value": 0}"# }.joined(separator: ",")
        let json = Self.canvas + #"[{"type": "rect", "size": [1, 1], "rotation": {"keyframes": ["# + keys + "]}}]}"
        #expect(refusal(json) == [
            "s.json:1:126: $.layers[0].rotation.keyframes: 10001 keyframes; the limit is 10000 keyframes per property (see docs/LIMITS.md)"])
    }

    /// A sparse file: its size is refused from `stat`, nothing is read. Each call has a folder of its
    /// own, because the tests run in parallel and each removes its folder when done.
    func sparseFile(named name: String, bytes: Int) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, off_t(bytes)) == 0)
        return path
    }

    @Test func sceneFileSize() throws {
        let path = try sparseFile(named: "huge.json", bytes: SceneDecoder.maxSceneFileBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let error = #expect(throws: RenderError.self) { _ = try SceneFile.load(path) }
        #expect(error?.description == "\(path): $: a file of 67108865 bytes; the limit is 67108864 bytes (64 MiB) (see docs/LIMITS.md)")
    }

    @Test func imageFileSize() throws {
        let path = try sparseFile(named: "huge.jpg", bytes: ImageDecoder.maxFileBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let error = #expect(throws: MediaError.self) { _ = try ImageDecoder.read(contentsOf: path) }
        #expect(error?.description == "cannot read \(path): a file of 268435457 bytes; the limit is 268435456 bytes (see docs/LIMITS.md)")
    }

    @Test func fontFileSize() throws {
        let path = try sparseFile(named: "huge.ttf", bytes: FontLibrary.maxFileBytes + 1)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let error = #expect(throws: FontError.self) { _ = try FontLibrary(fonts: ["big": path]) }
        #expect(error?.description == "font 'big': \(path) is a file of 67108865 bytes; the limit is 67108864 bytes (see docs/LIMITS.md)")
    }
}
