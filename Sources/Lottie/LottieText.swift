import SceneModel

/// Text layers: the first text document (text, size, fill, tracking,
/// justification, paragraph box) as a `text` node in Reel's fonts, its
/// first baseline at the layer's origin as in After Effects.
extension LottieReader {
    /// Where the first baseline of the bundled font sits in a line's height.
    private static let baseline = 0.8

    mutating func textLayer(_ item: JSONValue, _ p: JSONPath, _ time: LottieTime, _ label: String) -> SceneJSON? {
        let dp = p.key("t").key("d").key("k")
        let keys = array(item["t"]?["d"]?["k"], dp)
        guard let first = keys.first, let doc = first["s"] else { error(item, p, "\(label): a text layer needs a text document (t.d.k[0].s)"); return nil }
        let sp = dp.index(0).key("s")
        if keys.count > 1 { warning(item["t"]?["d"], dp, "\(label): text that changes over time is not supported yet; the first text is shown") }
        if !array(item["t"]?["a"], p.key("t").key("a")).isEmpty {
            warning(item["t"]?["a"], p.key("t").key("a"), "\(label): text animators are not supported yet")
        }
        let text = (string(doc["t"], sp.key("t")) ?? "").replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{3}", with: "\n")
        let size = max(number(doc["s"], sp.key("s")) ?? 17, 0.1)
        if let outlines = glyphText(doc, sp, text, size, time) { return outlines }
        if let font = string(doc["f"], sp.key("f")) {
            warning(doc["f"], sp.key("f"), "\(label): font \"\(font)\" is drawn with the bundled font (fonts are not imported yet)")
        }
        let justify = Int(number(doc["j"], sp.key("j")) ?? 0)
        let (align, ax) = justify == 1 ? ("trailing", 1.0) : justify == 2 ? ("center", 0.5) : ("leading", 0.0)
        let lines = Double(text.split(separator: "\n", omittingEmptySubsequences: false).count)
        var node: [(String, SceneJSON)] = [("type", .string("text")), ("text", .string(text)), ("size", .rounded(size))]
        if let fc = numbers(doc["fc"], sp.key("fc")) { node.append(("color", LottieProperty.color(fc))) }
        if let tr = number(doc["tr"], sp.key("tr")), tr != 0 { node.append(("tracking", .rounded(tr * size / 1000))) }
        if align != "leading" { node.append(("align", .string(align))) }
        if let box = numbers(doc["sz"], sp.key("sz")), box.count == 2 {
            let origin = numbers(doc["ps"], sp.key("ps")) ?? [0, 0]
            node += [("width", .rounded(max(box[0], 0))), ("anchor", .point(0, 0)), ("position", .point(origin.first ?? 0, origin.count > 1 ? origin[1] : 0))]
        } else {
            node += [("anchor", .point(ax, Self.baseline / max(lines, 1))), ("position", .point(0, 0))]
        }
        return .object(node)
    }

    /// The text drawn from the glyph outlines the file carries (`chars`), as
    /// After Effects lays them out: glyphs 100 units to the em scaled to the
    /// size, advancing by their width plus the tracking, lines `lh` apart,
    /// the first baseline at the layer's origin; nil when a character has
    /// no outline.
    private mutating func glyphText(_ doc: JSONValue, _ sp: JSONPath, _ text: String, _ size: Double, _ time: LottieTime) -> SceneJSON? {
        guard !glyphs.isEmpty, let fontName = string(doc["f"], sp.key("f")) else { return nil }
        let font = fontFamilies[fontName] ?? (fontName, "")
        var outlines: [String: (JSONValue, JSONPath, Double)] = [:]
        for (glyph, gp) in glyphs {
            guard let ch = string(glyph["ch"], gp.key("ch")), string(glyph["fFamily"], gp.key("fFamily")) == font.family,
                  string(glyph["style"], gp.key("style")).map({ $0 == font.style || font.style.isEmpty }) ?? true,
                  outlines[ch] == nil else { continue }
            outlines[ch] = (glyph, gp, number(glyph["w"], gp.key("w")) ?? 0)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.allSatisfy({ $0.allSatisfy { outlines[String($0)] != nil } }) else { return nil }
        let scale = size / 100, tracking = (number(doc["tr"], sp.key("tr")) ?? 0) * size / 1000
        let lineHeight = number(doc["lh"], sp.key("lh")) ?? size * 1.2
        let justify = Int(number(doc["j"], sp.key("j")) ?? 0)
        var geometry: [LottieGeometry] = []
        var nextID = 0
        for (row, line) in lines.enumerated() {
            let width = line.reduce(0.0) { $0 + outlines[String($1)]!.2 * scale + tracking }
            var x = justify == 1 ? -width : justify == 2 ? -width / 2 : 0
            for ch in line {
                let (glyph, gp, advance) = outlines[String(ch)]!
                var place = LottieTransform()
                place.position = LottieProperty(constant: [x, Double(row) * lineHeight])
                place.scale = LottieProperty(constant: [scale * 100, scale * 100])
                let shapes = shapeGroup(array(glyph["data"]?["shapes"], gp.key("data").key("shapes")), gp.key("data").key("shapes"), time, nextID: &nextID)
                nextID += 1
                geometry += shapes.geometry.map { $0.through(place, id: nextID) }
                x += advance * scale + tracking
            }
        }
        var nodes: [SceneJSON] = []
        if let fc = numbers(doc["fc"], sp.key("fc")) {
            nodes += paintNodes(LottiePaint(ink: .color(LottieProperty(constant: fc))), geometry, time, sp)
        }
        if let sc = numbers(doc["sc"], sp.key("sc")), let sw = number(doc["sw"], sp.key("sw")), sw > 0 {
            var stroke = LottiePaint(ink: .color(LottieProperty(constant: sc)))
            stroke.stroke = [("width", .rounded(sw))]
            let strokes = paintNodes(stroke, geometry, time, sp)
            nodes = doc["of"]?.kind == .bool(true) ? nodes + strokes : strokes + nodes
        }
        return .object([("type", .string("group")), ("children", .array(nodes))])
    }
}
