import Foundation
import SceneModel
import Pipeline
import Pixels

/// A component instantiated N times against the same N copies written out
/// (each copy's own timeline turned into variables and events of the
/// scene's): decoding time, then evaluation and drawing per frame over the
/// scene's first second, one thread. Instances should cost no more.
func componentBenchmark(count n: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-components-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let canvas = ##""canvas": {"width": 540, "height": 960, "scale": 2, "fps": 30, "duration": 1, "background": "#101014"}"##
    func place(_ i: Int) -> String { "[\(27 + (i % 20) * 27), \(30 + (i / 20) * 60)]" }
    func hue(_ i: Int) -> String { ["#0A84FF", "#FF9F0A", "#30D158", "#FF375F"][i % 4] }
    func card(grow: String, accent: String, label: String) -> String {
        #"""
        [{"type": "rect", "size": [24, 48], "cornerRadius": 6, "fill": \#(accent), "scale": {"expr": "0.6 + 0.4 * \#(grow)"}},
         {"type": "circle", "radius": 8, "position": [12, 14], "fill": "white", "opacity": {"expr": "\#(grow)"}},
         {"type": "text", "text": "\#(label)", "position": [12, 38], "size": 9, "color": "white"}]
        """#
    }
    let uses = (0..<n).map { i in
        #"{"type": "use", "component": "card", "position": \#(place(i)), "begin": \#(Double(i % 10) * 0.05), "with": {"accent": "\#(hue(i))", "label": "\#(i)"}}"#
    }
    let instanced = #"""
        {\#(canvas), "components": {"card": {"variables": {"accent": "#0A84FF", "label": "0", "grow": 0},
          "timeline": [{"at": 0.1, "animation": {"curve": "bouncy"}, "set": {"grow": 1}}],
          "layers": \#(card(grow: "grow", accent: #"{"expr": "accent"}"#, label: "{label}"))}},
         "layers": [\#(uses.joined(separator: ",\n"))]}
        """#
    let variables = (0..<n).map { #""grow\#($0)": 0"# }.joined(separator: ", ")
    let events = (0..<n).map { i in
        #"{"at": \#(0.1 + Double(i % 10) * 0.05), "animation": {"curve": "bouncy"}, "set": {"grow\#(i)": 1}}"#
    }.joined(separator: ", ")
    let groups = (0..<n).map { i in
        #"{"type": "group", "position": \#(place(i)), "visible": {"expr": "t >= \#(Double(i % 10) * 0.05)"}, "children": \#(card(grow: "grow\(i)", accent: "\"\(hue(i))\"", label: "\(i)"))}"#
    }
    let written = #"{\#(canvas), "variables": {\#(variables)}, "timeline": [\#(events)], "layers": [\#(groups.joined(separator: ",\n"))]}"#

    print("component instances against copies written out: \(n) cards (rect, circle, text) with their own spring, 540×960 @2×, frames 0–29, 1 thread")
    print("scene | KB | decode ms (median of 5) | ms/frame (evaluate + draw, best of 3)")
    var perFrame: [Double] = []
    for (name, json) in [("\(n) uses of one component", instanced), ("\(n) copies written out", written)] {
        let file = folder.appendingPathComponent("\(perFrame.count).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        let bytes = Array(json.utf8)
        let decode = Benchmark.median((0..<5).map { _ in (try? milliseconds { _ = try SceneDecoder.decode(bytes, file: file) }) ?? .nan })
        let prepared = try PreparedScene.load(file)
        let rasterizer = prepared.makeRasterizer(reuse: false)
        let list = prepared.evaluator.displayList(frame: 0)
        var bitmap = Bitmap(width: list.width, height: list.height)
        let ms = (0..<3).map { _ in
            milliseconds { for f in 0..<30 { rasterizer.render(prepared.evaluator.displayList(frame: f), into: &bitmap) } } / 30
        }.min()!
        perFrame.append(ms)
        print(String(format: "%@ | %.0f | %.2f | %.2f", name, Double(bytes.count) / 1024, decode, ms))
    }
    print(String(format: "instances ÷ copies, per frame: %.2f (target ≤ 1)", perFrame[0] / perFrame[1]))
}
