import Animation
import SceneModel

/// Text layers: each text document (`t.d.k`, shown from its time to the
/// next's) drawn from the glyph outlines the file carries when it has them
/// all, else as a `text` node in the font the file names (found by the
/// caller), laid out as After Effects lays it out: the first baseline at the
/// layer's origin (or one font ascent below the top of a paragraph box),
/// lines `lh` apart.
extension LottieReader {
    mutating func textLayer(_ item: JSONValue, _ p: JSONPath, _ time: LottieTime, _ label: String) -> SceneJSON? {
        let dp = p.key("t").key("d").key("k")
        let keys = array(item["t"]?["d"]?["k"], dp)
        guard !keys.isEmpty, keys.allSatisfy({ $0["s"] != nil }) else { error(item, p, "\(label): a text layer needs a text document (t.d.k[0].s)"); return nil }
        let ap = p.key("t").key("a")
        let animators = textAnimators(item["t"]?["a"], ap, time, label)
        let documents = keys.enumerated().compactMap { i, key in textDocument(key["s"]!, dp.index(i).key("s"), time, label, animators, (item["t"]?["a"], ap)) }
        guard documents.count == keys.count else { return nil }
        if documents.count == 1 { return parameterised(documents[0], layer: item["nm"]) }
        // One node per document, each visible from its keyframe to the next.
        let starts = keys.enumerated().map { i, key in time.seconds(number(key["t"], dp.index(i).key("t")) ?? 0) }
        func floored(_ x: Double) -> String { JSONValue.format((x * 1e6).rounded(.down) / 1e6) }
        let shown = documents.indices.map { i -> SceneJSON in
            let from = i == 0 ? nil : "t >= \(floored(starts[i]))", to = i + 1 < starts.count ? "t < \(floored(starts[i + 1]))" : nil
            return documents[i].with("visible", .object([("expr", .string([from, to].compactMap { $0 }.joined(separator: " && ")))]))
        }
        return .object([("type", .string("group")), ("children", .array(shown))])
    }

    /// Glyph-outline text takes the animators that select the whole text
    /// alike, as a group's opacity and offset and the paths' colours (the
    /// last animator setting one wins); others are a warning (once a layer).
    private mutating func wholeText(_ animators: [TextAnimation], _ path: JSONPath, _ label: String, _ v: JSONValue?) -> TextAnimation {
        var out = TextAnimation(whole: true)
        let items = array(v, path)
        for animator in animators {
            let i = animator.index
            guard animator.whole, animator.tracking == nil, !animator.members.contains(where: { ["scale", "rotation"].contains($0.0) }) else {
                let message = "\(label): a text animator of part of the text, or of scale, rotation or tracking, is not supported yet for text drawn from the file's glyph outlines; the text is drawn without it"
                if !warnings.contains(where: { $0.path == path.index(i).description && $0.message == message }) {
                    warning(items.indices.contains(i) ? items[i] : v, path.index(i), message)
                }
                continue
            }
            out.fill = animator.fill ?? out.fill
            out.stroke = animator.stroke ?? out.stroke
            out.opacity = animator.opacity ?? out.opacity
            out.position = animator.position ?? out.position
        }
        return out
    }

    /// Glyph-outline text in a group with the whole-text animators' opacity and offset.
    private func wrapped(_ node: SceneJSON, _ animator: TextAnimation, _ time: LottieTime) -> SceneJSON {
        guard animator.opacity != nil || animator.position != nil else { return node }
        var keys: [(String, SceneJSON)] = [("type", .string("group")), ("children", .array([node]))]
        if let opacity = animator.opacity { keys.append(("opacity", opacity.scene(0, time) { min(max($0 / 100, 0), 1) })) }
        if let position = animator.position { keys.append(("offset", position.scenePair(time))) }
        return .object(keys)
    }

    /// A text in a font, its layer named as a parameter can be (letters,
    /// digits and _), reads that parameter — so `--set "Title=…"` replaces
    /// the text of the layer "Title" — unless the composition already has
    /// a parameter of that name with another value.
    private mutating func parameterised(_ node: SceneJSON, layer name: JSONValue?) -> SceneJSON {
        guard case .string(let name)? = name?.kind, case .string(let text)? = node["text"], node["type"] == .string("text") else { return node }
        let plain = text.replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}")
        guard declare(name, .object([("string", .string(plain))])) else { return node }
        return node.with("text", .string("{\(name)}"))
    }

    /// One text document.
    private mutating func textDocument(_ doc: JSONValue, _ sp: JSONPath, _ time: LottieTime, _ label: String, _ animators: [TextAnimation],
                                   _ source: (JSONValue?, JSONPath)) -> SceneJSON? {
        let text = (string(doc["t"], sp.key("t")) ?? "").replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{3}", with: "\n")
        let size = max(number(doc["s"], sp.key("s")) ?? 17, 0.1)
        if let outlines = glyphText(doc, sp, text, size, time, animators, source, label) { return outlines }
        let fontName = string(doc["f"], sp.key("f"))
        let named = fontName.map { fontFamilies[$0] ?? (family: $0, style: "", ascent: nil) }
        var face = LottieFont.bundled
        if let fontName, let named {
            let request = LottieFontRequest(name: fontName, family: named.family, style: named.style)
            face = fontsFound[request] ?? font(request)
            fontsFound[request] = face
        }
        var node: [(String, SceneJSON)] = [("type", .string("text")), ("text", .string(Self.literal(text))), ("size", .rounded(size))]
        if let fontName, let file = face.file {
            if !fonts.contains(where: { $0.0 == fontName }) { fonts.append((fontName, .string(file))) }
            node.append(("font", .string(fontName)))
        } else if let fontName, let named {
            if missingFonts.insert(fontName).inserted {
                warning(doc["f"], sp.key("f"), "\(label): font \"\(fontName)\" (family \"\(named.family)\"\(named.style.isEmpty ? "" : ", style \"\(named.style)\"")) is not beside the file nor installed; the bundled font is used")
            }
        }
        node.append(("fill", numbers(doc["fc"], sp.key("fc")).map { LottieProperty.color($0) } ?? .string("clear")))
        if let tr = number(doc["tr"], sp.key("tr")), tr != 0 { node.append(("tracking", .rounded(tr * size / 1000))) }
        let justify = Int(number(doc["j"], sp.key("j")) ?? 0)
        let (align, ax) = justify == 1 ? ("trailing", 1.0) : justify == 2 ? ("center", 0.5) : ("leading", 0.0)
        if align != "leading" { node.append(("align", .string(align))) }
        let lineHeight = number(doc["lh"], sp.key("lh")) ?? size * 1.2
        let spacing = lineHeight - face.lineHeight * size
        if abs(spacing) > 1e-6 { node.append(("lineSpacing", .rounded(spacing))) }
        let shift = number(doc["ls"], sp.key("ls")) ?? 0
        if let box = numbers(doc["sz"], sp.key("sz")), box.count == 2 {
            let origin = numbers(doc["ps"], sp.key("ps")) ?? [0, 0]
            let ascent = named?.ascent.map { $0 * size / 100 } ?? face.ascender * size
            node += [("width", .rounded(max(box[0], 0))), ("anchor", .point(0, 0)),
                     ("position", .point(origin.first ?? 0, (origin.count > 1 ? origin[1] : 0) + ascent - face.ascender * size - shift))]
        } else {
            let lines = Double(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            let height = face.lineHeight * size + (lines - 1) * lineHeight
            node += [("anchor", .point(ax, height > 0 ? face.ascender * size / height : 0)), ("position", .point(0, -shift))]
        }
        if !animators.isEmpty { node.append(("animators", .array(animators.map { $0.scene(size: size, time) }))) }
        guard let sc = numbers(doc["sc"], sp.key("sc")), let sw = number(doc["sw"], sp.key("sw")), sw > 0 else { return .object(node) }
        let stroke: SceneJSON = .object([("color", LottieProperty.color(sc)), ("width", .rounded(sw))])
        // The fill is drawn over the stroke unless `of` (stroke over fill) is true.
        guard doc["of"]?.kind != .bool(true), doc["fc"] != nil else { return .object(node + [("stroke", stroke)]) }
        let under = SceneJSON.object(node).with("fill", .string("clear")).with("stroke", stroke)
        return .object([("type", .string("group")), ("children", .array([under, .object(node)]))])
    }

    /// Text written as it reads: braces doubled, as scene text reads `{…}` as a placeholder.
    static func literal(_ text: String) -> String {
        text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
    }

    /// The text drawn from the glyph outlines the file carries (`chars`), as
    /// After Effects lays them out: glyphs 100 units to the em scaled to the
    /// size, advancing by their width plus the tracking, lines `lh` apart,
    /// the first baseline at the layer's origin; nil when a character has
    /// no outline.
    private mutating func glyphText(_ doc: JSONValue, _ sp: JSONPath, _ text: String, _ size: Double, _ time: LottieTime,
                                _ all: [TextAnimation], _ source: (JSONValue?, JSONPath), _ label: String) -> SceneJSON? {
        guard !glyphs.isEmpty, let fontName = string(doc["f"], sp.key("f")) else { return nil }
        let font = fontFamilies[fontName] ?? (fontName, "", nil)
        var outlines: [String: (JSONValue, JSONPath, Double)] = [:]
        for (glyph, gp) in glyphs {
            guard let ch = string(glyph["ch"], gp.key("ch")), string(glyph["fFamily"], gp.key("fFamily")) == font.family,
                  string(glyph["style"], gp.key("style")).map({ $0 == font.style || font.style.isEmpty }) ?? true,
                  outlines[ch] == nil else { continue }
            outlines[ch] = (glyph, gp, number(glyph["w"], gp.key("w")) ?? 0)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.allSatisfy({ $0.allSatisfy { outlines[String($0)] != nil } }) else { return nil }
        let animators = wholeText(all, source.1, label, source.0)
        let scale = size / 100, tracking = (number(doc["tr"], sp.key("tr")) ?? 0) * size / 1000
        let lineHeight = number(doc["lh"], sp.key("lh")) ?? size * 1.2
        let justify = Int(number(doc["j"], sp.key("j")) ?? 0)
        let shift = number(doc["ls"], sp.key("ls")) ?? 0
        var geometry: [LottieGeometry] = []
        var nextID = 0
        for (row, line) in lines.enumerated() {
            let width = line.reduce(0.0) { $0 + outlines[String($1)]!.2 * scale + tracking }
            var x = justify == 1 ? -width : justify == 2 ? -width / 2 : 0
            for ch in line {
                let (glyph, gp, advance) = outlines[String(ch)]!
                var place = LottieTransform()
                place.position = LottieProperty(constant: [x, Double(row) * lineHeight - shift])
                place.scale = LottieProperty(constant: [scale * 100, scale * 100])
                let shapes = shapeGroup(array(glyph["data"]?["shapes"], gp.key("data").key("shapes")), gp.key("data").key("shapes"), time, nextID: &nextID)
                nextID += 1
                geometry += shapes.geometry.map { $0.through(place, id: nextID) }
                x += advance * scale + tracking
            }
        }
        var nodes: [SceneJSON] = []
        if let fill = animators.fill ?? numbers(doc["fc"], sp.key("fc")).map({ LottieProperty(constant: $0) }) {
            nodes += paintNodes(LottiePaint(ink: .color(fill)), geometry, time, sp)
        }
        if let sc = numbers(doc["sc"], sp.key("sc")), let sw = number(doc["sw"], sp.key("sw")), sw > 0 {
            var stroke = LottiePaint(ink: .color(animators.stroke ?? LottieProperty(constant: sc)))
            stroke.stroke = [("width", .rounded(sw))]
            let strokes = paintNodes(stroke, geometry, time, sp)
            nodes = doc["of"]?.kind == .bool(true) ? nodes + strokes : strokes + nodes
        }
        return wrapped(.object([("type", .string("group")), ("children", .array(nodes))]), animators, time)
    }
}
