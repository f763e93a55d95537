import DisplayList
import Geometry
import Pixels

/// Paint selection: a fill's coverage goes to the painter or shader its
/// paint needs (solid colour, gradient, image), with the frame's deferred
/// clear written by the same sweep when it is still pending.
extension Rasterizer {
    /// Paints `source`'s coverage of `box` (within the target layer's box) onto the
    /// current target with `paint`, whose geometry `transform` maps to pixels.
    /// The first fill over a deferred clear writes the clear with it, so a
    /// source must deliver rows in order while a clear is pending.
    func paint<S: CoverageSource>(_ source: S, over box: PixelBox, with paint: DisplayPaint, transform: Transform) {
        let target = layers.count - 1
        // Painting the clear with the fill needs every row still uncleared.
        if target == 0 && clearedRows > window.frameRows.lowerBound { writePendingClear() }
        let height = layers[target].bitmap.height
        layers[target].dirty = layers[target].dirty.union(box)
        countPass(over: box)
        let spanPixels = spans.pixels(count: box.maxX - box.minX)
        let clearColor = target == 0 ? pendingClear : nil
        var cleared = false
        withLayerPixels(target) { frame, width in // device (0, 0): the frame's corner
            let origin = frame + box.minY * width + box.minX
            func sweep<P: CoveragePainter>(_ painter: P) {
                if let clearColor {
                    var clearing = ClearingPainter(painter, frame: frame, width: width, rows: window.frameRows,
                                                   color: clearColor, originY: box.minY)
                    source.emit(into: &clearing)
                    clearing.finish()
                    cleared = true
                } else {
                    var painter = painter
                    source.emit(into: &painter)
                }
            }
            func shade<Shader: SpanShader>(_ shader: Shader) {
                sweep(ShaderPainter(shader: shader, origin: origin, rowPixels: width, originX: box.minX,
                                    originY: box.minY, span: spanPixels, mode: .normal))
            }
            switch paint {
            case .solid(let color):
                sweep(SolidPainter(origin: origin, rowPixels: width, color: color.premultipliedPixel,
                                   backdrop: clearColor))
            case let .linearGradient(gradient, start, end):
                guard let inverse = transform.inverted else { return source.discard() }
                shade(LinearGradientShader(table: gradients.table(for: gradient), start: start, end: end,
                                           inverse: inverse))
            case let .radialGradient(gradient, center, startRadius, endRadius):
                guard let inverse = transform.inverted else { return source.discard() }
                shade(RadialGradientShader(table: gradients.table(for: gradient), center: center,
                                           startRadius: startRadius, endRadius: endRadius, inverse: inverse))
            case let .conicalGradient(gradient, start, startRadius, end, endRadius):
                guard let inverse = transform.inverted else { return source.discard() }
                shade(ConicalGradientShader(table: gradients.table(for: gradient), start: start, startRadius: startRadius,
                                            end: end, endRadius: endRadius, inverse: inverse))
            case let .angularGradient(gradient, center, startAngle, endAngle):
                guard let inverse = transform.inverted else { return source.discard() }
                shade(AngularGradientShader(table: gradients.table(for: gradient), center: center,
                                            startAngle: startAngle, endAngle: endAngle, inverse: inverse))
            case let .ellipticalGradient(gradient, center, width, height, startFraction, endFraction):
                guard let inverse = transform.inverted else { return source.discard() }
                // A radial gradient of the fractions in the unit space whose
                // unit circle is the w × h ellipse about the centre.
                let unit = Transform(a: 1 / width, b: 0, c: 0, d: 1 / height, tx: -center.x / width, ty: -center.y / height)
                shade(RadialGradientShader(table: gradients.table(for: gradient), center: .zero,
                                           startRadius: startFraction, endRadius: endFraction,
                                           inverse: unit.concatenating(inverse)))
            case let .video(frame, imageTransform, tile, opacity):
                // Not through the sprite cache: a frame is drawn once or
                // twice, and textures kept per frame would grow without end.
                guard let image = videoFrames?.bitmap(for: frame),
                      let inverse = transform.concatenating(imageTransform).inverted else {
                    return source.discard()
                }
                shade(ImageShader(image: image, inverse: inverse, tile: tile, opacity: opacity))
            case let .image(name, imageTransform, tile, opacity):
                guard let image = BuiltInSprites.image(named: name, in: images),
                      let inverse = transform.concatenating(imageTransform).inverted else {
                    return source.discard()
                }
                let shader = ImageShader(image: image, inverse: inverse, tile: tile, opacity: opacity)
                // Whole-pixel placements copy texel rows into the span: faster than any sampling.
                guard !shader.copiesTexels, let texture = spriteCache.texture(.image(name), images: images) else {
                    return shade(shader)
                }
                let level = tile ? texture.wrapped : texture.base
                let occupancy = tile ? texture.wrappedOccupancy : texture.baseOccupancy
                level.texels.withUnsafeBufferPointer { texels in
                    if let painter = ImagePainter(shader, level: level, texels: texels.baseAddress!, origin: origin,
                                                  rowPixels: width, rows: height, originX: box.minX, originY: box.minY,
                                                  occupancy: occupancy, boxWidth: box.maxX - box.minX) {
                        sweep(painter)
                    } else {
                        shade(shader)
                    }
                }
            }
        }
        if cleared { pendingClear = nil }
    }
}
