import DisplayList
import Geometry
import Testing

/// The frame cache trusts that two display lists with equal canonical bytes
/// draw the same frame. Every field of every display-list value is changed
/// here, one at a time, and must change the bytes; and each type's fields
/// (read by reflection) must all be in the table, so a field added later
/// without a line here — and without its encoding — fails this test.
@Suite struct CanonicalBytesCoverageTests {
    typealias Change<T> = (field: String, apply: (inout T) -> Void)

    func bytes<T: CanonicallyEncodable>(_ v: T) -> [UInt8] {
        var out = CanonicalBytes()
        v.encode(to: &out)
        return out.bytes
    }

    /// Checks a struct: the changes name exactly its stored properties, and each changes value and bytes.
    func check<T: CanonicallyEncodable & Equatable>(_ sample: T, _ changes: [Change<T>]) {
        let fields = Mirror(reflecting: sample).children.compactMap(\.label)
        #expect(fields.sorted() == changes.map(\.field).sorted(), "\(T.self): fields \(fields) but the table changes \(changes.map(\.field))")
        checkChanges(sample, changes)
    }

    /// Checks one enum case: the changes cover each of its payload's fields.
    func check<T: CanonicallyEncodable & Equatable>(case sample: T, _ changes: [Change<T>]) {
        // A tuple payload reflects as its fields; a single value is one field.
        let payload = Mirror(reflecting: sample).children.first.map { child in
            Mirror(reflecting: child.value).displayStyle == .tuple ? Mirror(reflecting: child.value).children.count : 1
        } ?? 0
        #expect(payload == changes.count, "\(sample): \(payload) payload fields, \(changes.count) changes")
        checkChanges(sample, changes)
    }

    func checkChanges<T: CanonicallyEncodable & Equatable>(_ sample: T, _ changes: [Change<T>]) {
        let base = bytes(sample)
        for change in changes {
            var v = sample
            change.apply(&v)
            #expect(v != sample, "\(T.self).\(change.field): the change changes nothing")
            let reaches = bytes(v) != base
            #expect(reaches, "\(T.self).\(change.field) does not reach the canonical bytes")
        }
    }

    let path = Path(elements: [.move(Point(1, 2)), .line(Point(3, 4)), .quad(Point(5, 6), Point(7, 8)),
                               .cubic(Point(1, 1), Point(2, 2), Point(3, 3)), .close])
    let transform = Transform(a: 1, b: 0.5, c: 0.25, d: 2, tx: 3, ty: 4)
    let color = Color(r: 0.1, g: 0.2, b: 0.3, a: 0.4)
    var clip: ClipPath { ClipPath(path: path, transform: transform, rule: .nonzero) }
    var levels: LevelsTransfer { LevelsTransfer(inputBlack: 0, inputWhite: 1, gamma: 1, outputBlack: 0, outputWhite: 1) }
    var gradient: Gradient { Gradient(stops: [GradientStop(location: 0, color: color), GradientStop(location: 1, color: .white)]) }

    @Test func everyGeometryFieldReachesTheBytes() {
        check(Point(1, 2), [("x", { $0.x += 1 }), ("y", { $0.y += 1 })])
        let transformChanges: [Change<Transform>] = [
            ("a", { $0.a += 1 }), ("b", { $0.b += 1 }), ("c", { $0.c += 1 }),
            ("d", { $0.d += 1 }), ("tx", { $0.tx += 1 }), ("ty", { $0.ty += 1 })]
        check(transform, transformChanges)
        let colorChanges: [Change<Color>] = [
            ("r", { $0.r += 0.1 }), ("g", { $0.g += 0.1 }), ("b", { $0.b += 0.1 }), ("a", { $0.a += 0.1 })]
        check(color, colorChanges)
        check(path, [("elements", { $0 = Path(elements: $0.elements.dropLast()) })])
        check(case: PathElement.move(Point(1, 2)), [("point", { $0 = .move(Point(1, 3)) })])
        check(case: PathElement.line(Point(1, 2)), [("point", { $0 = .line(Point(1, 3)) })])
        check(case: PathElement.quad(Point(1, 2), Point(3, 4)),
              [("control", { $0 = .quad(Point(0, 2), Point(3, 4)) }), ("to", { $0 = .quad(Point(1, 2), Point(0, 4)) })])
        check(case: PathElement.cubic(Point(1, 2), Point(3, 4), Point(5, 6)),
              [("c1", { $0 = .cubic(Point(0, 2), Point(3, 4), Point(5, 6)) }),
               ("c2", { $0 = .cubic(Point(1, 2), Point(0, 4), Point(5, 6)) }),
               ("to", { $0 = .cubic(Point(1, 2), Point(3, 4), Point(0, 6)) })])
        #expect(bytes(PathElement.close) != bytes(PathElement.move(Point(0, 0))))
        #expect(bytes(FillRule.nonzero) != bytes(FillRule.evenodd))
        #expect(Set(BlendMode.allCases.map { bytes($0) }).count == BlendMode.allCases.count)
    }

    /// A path's bytes, written in place, are those of appending its count
    /// and then each element's tag and coordinates one number at a time, as
    /// they were before (frame cache keys written by earlier builds stay
    /// valid).
    @Test func pathBytesAreItsCountThenEachElementsTagAndNumbers() {
        let path = Path(elements: [.move(Point(1.5, -2)), .line(Point(3, 4)), .quad(Point(5, 6), Point(7, 8.25)),
                                   .cubic(Point(9, 10), Point(11, 12), Point(-13, 14)), .close])
        var expected = CanonicalBytes()
        expected.append(5)
        for (tag, numbers) in [(0, [1.5, -2]), (1, [3, 4]), (2, [5, 6, 7, 8.25]), (3, [9, 10, 11, 12, -13, 14]), (4, [])] as [(UInt8, [Double])] {
            expected.append(tag)
            for n in numbers { expected.append(n) }
        }
        #expect(bytes(path) == expected.bytes)
        #expect(bytes(PathElement.quad(Point(5, 6), Point(7, 8.25))) == Array(expected.bytes[(8 + 1 + 16 + 1 + 16)..<(8 + 1 + 16 + 1 + 16 + 33)]))
    }

    @Test func everyPaintAndLayerFieldReachesTheBytes() {
        check(GradientStop(location: 0.5, color: color), [("location", { $0.location = 0.6 }), ("color", { $0.color = .white })])
        check(gradient, [("stops", { $0.stops.removeLast() })])
        check(case: DisplayPaint.solid(color), [("color", { $0 = .solid(.white) })])
        check(case: DisplayPaint.linearGradient(gradient, start: Point(0, 0), end: Point(1, 1)), [
            ("gradient", { $0 = .linearGradient(Gradient(stops: []), start: Point(0, 0), end: Point(1, 1)) }),
            ("start", { $0 = .linearGradient(gradient, start: Point(0, 1), end: Point(1, 1)) }),
            ("end", { $0 = .linearGradient(gradient, start: Point(0, 0), end: Point(1, 2)) })])
        check(case: DisplayPaint.radialGradient(gradient, center: Point(0, 0), startRadius: 1, endRadius: 2), [
            ("gradient", { $0 = .radialGradient(Gradient(stops: []), center: Point(0, 0), startRadius: 1, endRadius: 2) }),
            ("center", { $0 = .radialGradient(gradient, center: Point(1, 0), startRadius: 1, endRadius: 2) }),
            ("startRadius", { $0 = .radialGradient(gradient, center: Point(0, 0), startRadius: 0, endRadius: 2) }),
            ("endRadius", { $0 = .radialGradient(gradient, center: Point(0, 0), startRadius: 1, endRadius: 3) })])
        check(case: DisplayPaint.angularGradient(gradient, center: Point(0, 0), startAngle: 1, endAngle: 2), [
            ("gradient", { $0 = .angularGradient(Gradient(stops: []), center: Point(0, 0), startAngle: 1, endAngle: 2) }),
            ("center", { $0 = .angularGradient(gradient, center: Point(1, 0), startAngle: 1, endAngle: 2) }),
            ("startAngle", { $0 = .angularGradient(gradient, center: Point(0, 0), startAngle: 0, endAngle: 2) }),
            ("endAngle", { $0 = .angularGradient(gradient, center: Point(0, 0), startAngle: 1, endAngle: 3) })])
        func conical(_ g: Gradient? = nil, start: Point = Point(1, 1), startRadius: Double = 0, end: Point = Point(0, 0),
                     endRadius: Double = 4) -> DisplayPaint {
            .conicalGradient(g ?? gradient, start: start, startRadius: startRadius, end: end, endRadius: endRadius)
        }
        check(case: conical(), [
            ("gradient", { $0 = conical(Gradient(stops: [])) }), ("start", { $0 = conical(start: Point(1, 2)) }),
            ("startRadius", { $0 = conical(startRadius: 1) }), ("end", { $0 = conical(end: Point(0, 1)) }),
            ("endRadius", { $0 = conical(endRadius: 5) })])
        func elliptical(_ g: Gradient? = nil, center: Point = Point(0, 0), width: Double = 4, height: Double = 3,
                        start: Double = 0, end: Double = 0.5) -> DisplayPaint {
            .ellipticalGradient(g ?? gradient, center: center, width: width, height: height, startRadiusFraction: start,
                                endRadiusFraction: end)
        }
        check(case: elliptical(), [
            ("gradient", { $0 = elliptical(Gradient(stops: [])) }), ("center", { $0 = elliptical(center: Point(1, 0)) }),
            ("width", { $0 = elliptical(width: 5) }), ("height", { $0 = elliptical(height: 5) }),
            ("startRadiusFraction", { $0 = elliptical(start: 0.1) }), ("endRadiusFraction", { $0 = elliptical(end: 1) })])
        check(case: DisplayPaint.image(name: "a", transform: transform, tile: false, opacity: 1), [
            ("name", { $0 = .image(name: "b", transform: transform, tile: false, opacity: 1) }),
            ("transform", { $0 = .image(name: "a", transform: .identity, tile: false, opacity: 1) }),
            ("tile", { $0 = .image(name: "a", transform: transform, tile: true, opacity: 1) }),
            ("opacity", { $0 = .image(name: "a", transform: transform, tile: false, opacity: 0.5) })])
        check(clip, [("path", { $0.path = Path() }), ("transform", { $0.transform = .identity }), ("rule", { $0.rule = .evenodd })])
        check(LayerShadow(color: color, sigma: 2, offset: Point(1, 1)),
              [("color", { $0.color = .white }), ("sigma", { $0.sigma = 3 }), ("offset", { $0.offset = Point(0, 1) })])
        check(LayerBackdrop(shape: clip, sigma: 4, tint: color),
              [("shape", { $0.shape.rule = .evenodd }), ("sigma", { $0.sigma = 5 }), ("tint", { $0.tint = nil })])
        check(Layer(opacity: 0.5, blend: .multiply, clip: clip, blur: 1, shadow: LayerShadow(color: color, sigma: 2, offset: Point(1, 1)),
                    backdrop: LayerBackdrop(shape: clip, sigma: 4, tint: nil), maskMode: .luminance,
                    colorFilters: [.saturation(0.5)]), [
            ("opacity", { $0.opacity = 1 }), ("blend", { $0.blend = .normal }), ("clip", { $0.clip = nil }),
            ("blur", { $0.blur = 0 }), ("shadow", { $0.shadow = nil }), ("backdrop", { $0.backdrop = nil }),
            ("maskMode", { $0.maskMode = .invertedLuminance }), ("colorFilters", { $0.colorFilters = [.saturation(0.6)] })])
        let filters: [LayerColorFilter] = [.hueRotation(degrees: 1), .saturation(1), .brightness(1), .contrast(1),
                                           .grayscale(1), .multiply(color), .invert, .luminanceMap(gradient, amount: 1),
                                           .levels(levels, .rgb)]
        #expect(Set(filters.map { bytes($0) }).count == filters.count)
        check(case: LayerColorFilter.hueRotation(degrees: 1), [("degrees", { $0 = .hueRotation(degrees: 2) })])
        check(case: LayerColorFilter.saturation(1), [("amount", { $0 = .saturation(2) })])
        check(case: LayerColorFilter.brightness(0.5), [("amount", { $0 = .brightness(0.25) })])
        check(case: LayerColorFilter.contrast(1), [("amount", { $0 = .contrast(2) })])
        check(case: LayerColorFilter.grayscale(1), [("amount", { $0 = .grayscale(0.5) })])
        check(case: LayerColorFilter.multiply(color), [("color", { $0 = .multiply(.white) })])
        check(case: LayerColorFilter.luminanceMap(gradient, amount: 1), [
            ("gradient", { $0 = .luminanceMap(Gradient(stops: []), amount: 1) }),
            ("amount", { $0 = .luminanceMap(gradient, amount: 0.5) })])
        check(levels, [("inputBlack", { $0.inputBlack = 0.1 }), ("inputWhite", { $0.inputWhite = 0.9 }), ("gamma", { $0.gamma = 2 }),
                       ("outputBlack", { $0.outputBlack = 0.1 }), ("outputWhite", { $0.outputWhite = 0.9 })])
        check(case: LayerColorFilter.levels(levels, .rgb), [
            ("transfer", { $0 = .levels(LevelsTransfer(inputBlack: 0.5, inputWhite: 1, gamma: 1, outputBlack: 0, outputWhite: 1), .rgb) }),
            ("channels", { $0 = .levels(levels, .alpha) })])
        #expect(Set(MaskMode.allCases.map { bytes($0) }).count == MaskMode.allCases.count)
    }

    @Test func everyItemFieldReachesTheBytes() {
        let glyph = GlyphRun.Glyph(id: 7, outline: path, origin: Point(1, 2), scale: 0.5)
        let run = GlyphRun(transform: transform, paint: .solid(color), glyphs: [glyph])
        // A glyph is encoded as part of its run.
        let glyphChanges: [Change<GlyphRun>] = [
            ("id", { $0.glyphs[0].id = 8 }), ("outline", { $0.glyphs[0].outline = Path() }),
            ("origin", { $0.glyphs[0].origin = Point(0, 0) }), ("scale", { $0.glyphs[0].scale = 1 })]
        #expect(Mirror(reflecting: glyph).children.compactMap(\.label).sorted() == glyphChanges.map(\.field).sorted())
        checkChanges(run, glyphChanges)
        let runChanges: [Change<GlyphRun>] = [
            ("transform", { $0.transform = .identity }), ("paint", { $0.paint = .solid(.white) }), ("glyphs", { $0.glyphs = [] })]
        check(run, runChanges)
        let spriteChanges: [Change<Sprite>] = [
            ("a", { $0.a += 1 }), ("b", { $0.b += 1 }), ("c", { $0.c += 1 }), ("d", { $0.d += 1 }),
            ("tx", { $0.tx += 1 }), ("ty", { $0.ty += 1 }), ("tint", { $0.tint = 0 }), ("source", { $0.source = 0 })]
        check(Sprite(transform: transform, tint: 0xFF00_00FF, source: 1), spriteChanges)
        check(case: SpriteSource.image("a"), [("name", { $0 = .image("b") })])
        check(case: SpriteSource.picture(DisplayList(width: 1, height: 1, background: .clear)),
              [("list", { $0 = .picture(DisplayList(width: 2, height: 1, background: .clear)) })])
        check(SpriteBatch(sources: [.image("a")], sprites: [Sprite(transform: transform, tint: 1, source: 0)], blend: .plus), [
            ("sources", { $0.sources = [] }), ("sprites", { $0.sprites = [] }), ("blend", { $0.blend = .normal })])
        check(case: DisplayItem.fill(path: path, transform: transform, paint: .solid(color), rule: .nonzero), [
            ("path", { $0 = .fill(path: Path(), transform: transform, paint: .solid(color), rule: .nonzero) }),
            ("transform", { $0 = .fill(path: path, transform: .identity, paint: .solid(color), rule: .nonzero) }),
            ("paint", { $0 = .fill(path: path, transform: transform, paint: .solid(.white), rule: .nonzero) }),
            ("rule", { $0 = .fill(path: path, transform: transform, paint: .solid(color), rule: .evenodd) })])
        check(case: DisplayItem.beginLayer(Layer()), [("layer", { $0 = .beginLayer(Layer(opacity: 0.5)) })])
        check(case: DisplayItem.sprites(SpriteBatch()), [("batch", { $0 = .sprites(SpriteBatch(blend: .plus)) })])
        check(case: DisplayItem.glyphs(GlyphRun(transform: transform, paint: .solid(color), glyphs: [])),
              [("run", { $0 = .glyphs(GlyphRun(transform: .identity, paint: .solid(color), glyphs: [])) })])
        #expect(bytes(DisplayItem.endLayer) != bytes(DisplayItem.beginLayer(Layer())))
        check(DisplayList(width: 4, height: 3, background: color, items: [.endLayer]), [
            ("width", { $0.width = 5 }), ("height", { $0.height = 4 }), ("background", { $0.background = .white }),
            ("items", { $0.items = [] })])
    }
}
