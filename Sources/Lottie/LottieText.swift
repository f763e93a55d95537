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
        let animators = textAnimators(item["t"]?["a"], p.key("t").key("a"), time, label)
        let documents = keys.enumerated().compactMap { i, key in textDocument(key["s"]!, dp.index(i).key("s"), time, label, animators) }
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

    /// A text in a font, its layer named as a parameter can be (letters,
    /// digits and _), reads that parameter — so `--set "Title=…"` replaces
    /// the text of the layer "Title" — unless the composition already has
    /// a parameter of that name with another value.
    private mutating func parameterised(_ node: SceneJSON, layer name: JSONValue?) -> SceneJSON {
        guard case .string(let name)? = name?.kind, case .string(let text)? = node["text"], node["type"] == .string("text"),
              node["glyphs"] == nil else { return node }
        let plain = text.replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}")
        guard declare(name, .object([("string", .string(plain))])) else { return node }
        return node.with("text", .string("{\(name)}"))
    }

    /// One text document: set in the glyph outlines the file carries when
    /// it has one for every character, else in the font it names.
    private mutating func textDocument(_ doc: JSONValue, _ sp: JSONPath, _ time: LottieTime, _ label: String,
                                       _ animators: [TextAnimation]) -> SceneJSON? {
        let text = (string(doc["t"], sp.key("t")) ?? "").replacingOccurrences(of: "\r", with: "\n").replacingOccurrences(of: "\u{3}", with: "\n")
        let size = max(number(doc["s"], sp.key("s")) ?? 17, 0.1)
        let fontName = string(doc["f"], sp.key("f"))
        let named = fontName.map { fontFamilies[$0] ?? (family: $0, style: "", ascent: nil) }
        var face = LottieFont.bundled
        var node: [(String, SceneJSON)] = [("type", .string("text")), ("text", .string(Self.literal(text))), ("size", .rounded(size))]
        if let named, let outlines = glyphOutlines(text, family: named.family, style: named.style, ascent: named.ascent, time) {
            face = outlines.face
            node.append(("glyphs", outlines.json))
        } else if let fontName, let named {
            let request = LottieFontRequest(name: fontName, family: named.family, style: named.style)
            face = fontsFound[request] ?? font(request)
            fontsFound[request] = face
            if let file = face.file {
                if !fonts.contains(where: { $0.0 == fontName }) { fonts.append((fontName, .string(file))) }
                node.append(("font", .string(fontName)))
            } else if missingFonts.insert(fontName).inserted {
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

    /// The glyph outlines the file carries (`chars`, 100 units to the em, y
    /// down from the baseline) for every character of `text` in the font of
    /// `family` and `style`, as a text node's `glyphs`, with the metrics
    /// the layout places them by (the font's `ascent` when given); nil when
    /// a character has none.
    private mutating func glyphOutlines(_ text: String, family: String, style: String, ascent: Double?,
                                        _ time: LottieTime) -> (json: SceneJSON, face: LottieFont)? {
        guard !glyphs.isEmpty else { return nil }
        var found: [Character: (JSONValue, JSONPath)] = [:]
        for (glyph, gp) in glyphs {
            guard let ch = string(glyph["ch"], gp.key("ch")), ch.count == 1, string(glyph["fFamily"], gp.key("fFamily")) == family,
                  string(glyph["style"], gp.key("style")).map({ $0 == style || style.isEmpty }) ?? true,
                  found[ch.first!] == nil else { continue }
            found[ch.first!] = (glyph, gp)
        }
        var used: [Character] = []
        for ch in text where !ch.isNewline && !used.contains(ch) {
            guard found[ch] != nil else { return nil }
            used.append(ch)
        }
        var nextID = 0
        let characters = used.map { ch -> (String, SceneJSON) in
            let (glyph, gp) = found[ch]!
            let shapes = shapeGroup(array(glyph["data"]?["shapes"], gp.key("data").key("shapes")), gp.key("data").key("shapes"), time, nextID: &nextID)
            let d = shapes.geometry.compactMap { $0.bezier(at: 0) }.filter { !$0.v.isEmpty }.map(\.d).joined(separator: " ")
            let advance: (String, SceneJSON) = ("advance", .rounded(number(glyph["w"], gp.key("w")) ?? 0))
            return (String(ch), .object(d.isEmpty ? [advance] : [("d", .string(d)), advance]))
        }
        let ascender = min(max(ascent ?? 75, 0), 100)
        let json: SceneJSON = .object([("unitsPerEm", .number(100)), ("ascender", .rounded(ascender)), ("descender", .rounded(100 - ascender)),
                                       ("characters", .object(characters))])
        return (json, LottieFont(file: nil, ascender: ascender / 100, lineHeight: 1))
    }
}
