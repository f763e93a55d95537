import Geometry

/// Everything one frame draws, as a flat list of commands in pixel space:
/// the seam between "what to draw" (Evaluation) and "how" (Raster).
///
/// A value type with no references to the scene, so it can be compared,
/// hashed (frame caching) and handed to any thread.
public struct DisplayList: Sendable, Equatable, Hashable {
    /// Output size in pixels.
    public var width: Int
    public var height: Int
    /// Fills the frame before the first command; `clear` leaves it transparent.
    public var background: Color
    public var items: [DisplayItem]

    public init(width: Int, height: Int, background: Color, items: [DisplayItem] = []) {
        self.width = width
        self.height = height
        self.background = background
        self.items = items
    }
}

/// One drawing command.
public enum DisplayItem: Sendable, Equatable, Hashable {
    /// Fill `path`, mapped by `transform` into pixels, with `paint`.
    case fill(path: Path, transform: Transform, paint: DisplayPaint, rule: FillRule)
    /// Start an offscreen layer; everything until the matching `endLayer` is
    /// drawn into it, then its effects apply and it is composited once.
    case beginLayer(Layer)
    case endLayer
    /// Particles: many transformed, tinted copies of small images.
    case sprites(SpriteBatch)
    /// Text's fill: glyph outlines filled with one paint, nonzero. The same
    /// picture as one `fill` of all outlines, kept as glyphs so the
    /// rasterizer can draw repeated glyphs from cached coverage masks.
    case glyphs(GlyphRun)
}

/// How covered pixels are coloured. Geometry of gradients and images is in
/// the same space as the path they paint (before its transform).
public enum DisplayPaint: Sendable, Equatable, Hashable {
    /// sRGB, straight alpha; clamped when drawn.
    case solid(Color)
    /// Colour varies along start → end, padded beyond the ends.
    case linearGradient(Gradient, start: Point, end: Point)
    /// Colour varies with distance from `center`, from `startRadius` to `endRadius`.
    case radialGradient(Gradient, center: Point, startRadius: Double, endRadius: Double)
    /// Colour varies from the circle of `startRadius` about `start` to the
    /// circle of `endRadius` about `end` (SVG's focal radial gradient,
    /// Canvas's `createRadialGradient`): a two-point conical gradient.
    case conicalGradient(Gradient, start: Point, startRadius: Double, end: Point, endRadius: Double)
    /// Colour varies with the angle about `center` (degrees, 0 along +x,
    /// clockwise with y down) from `startAngle` to `endAngle`, as SwiftUI's
    /// `AngularGradient`.
    case angularGradient(Gradient, center: Point, startAngle: Double, endAngle: Double)
    /// A radial gradient stretched to a `width` × `height` box about
    /// `center`: the ellipse of semi-axes r·width and r·height has the
    /// colour at (r − startRadiusFraction) / (endRadiusFraction −
    /// startRadiusFraction), as SwiftUI's `EllipticalGradient`.
    case ellipticalGradient(Gradient, center: Point, width: Double, height: Double, startRadiusFraction: Double,
                            endRadiusFraction: Double)
    /// A named image mapped by `transform` (image pixels → path space),
    /// sampled bilinearly; `tile` repeats it, otherwise it is transparent
    /// outside its bounds. `opacity` scales it.
    case image(name: String, transform: Transform, tile: Bool, opacity: Double)
    /// A video clip's frame, painted as `image` paints a named image.
    case video(VideoFrameRef, transform: Transform, tile: Bool, opacity: Double)
}

/// Colour stops of a gradient, sorted by location (0…1).
public struct Gradient: Sendable, Equatable, Hashable {
    public var stops: [GradientStop]

    public init(stops: [GradientStop]) {
        self.stops = stops
    }
}

public struct GradientStop: Sendable, Equatable, Hashable {
    public var location: Double
    public var color: Color

    public init(location: Double, color: Color) {
        self.location = location
        self.color = color
    }
}

/// An offscreen layer and what happens to it, in the scene format's order:
/// backdrop first (before the content), then content (a mask layer inside
/// it masks it as it closes), clip, colour filters, shadow under it, blur,
/// and finally opacity and blend as one composite. Lengths in pixels.
public struct Layer: Sendable, Equatable, Hashable {
    public var opacity: Double
    public var blend: BlendMode
    public var clip: ClipPath?
    /// Gaussian standard deviation of a blur of the whole layer; 0 = none.
    public var blur: Double
    public var shadow: LayerShadow?
    public var backdrop: LayerBackdrop?
    /// Set on a mask layer: when it closes it is not composited; instead
    /// the layer it was opened in keeps, at each pixel, the fraction this
    /// one's alpha or luminance gives (`MaskMode`; 0 where this one drew
    /// nothing, 1 for the inverted modes). Its other effects are ignored.
    public var maskMode: MaskMode?
    /// Recolour the layer's pixels, one after another.
    public var colorFilters: [LayerColorFilter]

    public init(opacity: Double = 1, blend: BlendMode = .normal, clip: ClipPath? = nil, blur: Double = 0,
                shadow: LayerShadow? = nil, backdrop: LayerBackdrop? = nil, maskMode: MaskMode? = nil,
                colorFilters: [LayerColorFilter] = []) {
        self.opacity = opacity
        self.blend = blend
        self.clip = clip
        self.blur = blur
        self.shadow = shadow
        self.backdrop = backdrop
        self.maskMode = maskMode
        self.colorFilters = colorFilters
    }
}

/// SwiftUI's colour modifiers, as the rasterizer applies them to a layer's
/// straight-alpha sRGB colour (W3C Filter Effects' formulas for the CSS
/// filters of the same meaning; each result clamped to 0…1).
public enum LayerColorFilter: Sendable, Equatable, Hashable {
    /// feColorMatrix `hueRotate`, degrees.
    case hueRotation(degrees: Double)
    /// feColorMatrix `saturate`: 0 grey, 1 unchanged.
    case saturation(Double)
    /// Adds the amount (−1…1) to R, G and B.
    case brightness(Double)
    /// (C − 0.5) · amount + 0.5, as CSS `contrast()`.
    case contrast(Double)
    /// CSS `grayscale()`, 0…1.
    case grayscale(Double)
    /// Each component times the colour's.
    case multiply(Color)
    /// 1 − C for R, G and B.
    case invert
    /// The gradient's colour at C's Rec. 709 luminance (R, G, B and A, the
    /// alpha times C's), mixed with C by the amount (0…1).
    case luminanceMap(Gradient, amount: Double)
    /// After Effects' Levels on the channels (see `LevelsTransfer`).
    case levels(LevelsTransfer, ColorChannels)
}

/// Levels as numbers: input black and white (0…1), gamma (> 0), output
/// black and white (0…1).
public struct LevelsTransfer: Sendable, Equatable, Hashable {
    public var inputBlack, inputWhite, gamma, outputBlack, outputWhite: Double

    public init(inputBlack: Double, inputWhite: Double, gamma: Double, outputBlack: Double, outputWhite: Double) {
        self.inputBlack = inputBlack
        self.inputWhite = inputWhite
        self.gamma = gamma
        self.outputBlack = outputBlack
        self.outputWhite = outputWhite
    }
}

/// A path that limits where a layer shows, anti-aliased.
public struct ClipPath: Sendable, Equatable, Hashable {
    public var path: Path
    public var transform: Transform
    public var rule: FillRule

    public init(path: Path, transform: Transform, rule: FillRule = .nonzero) {
        self.path = path
        self.transform = transform
        self.rule = rule
    }
}

/// The layer's alpha, tinted, blurred and moved, drawn beneath it.
public struct LayerShadow: Sendable, Equatable, Hashable {
    public var color: Color
    /// Gaussian standard deviation, pixels.
    public var sigma: Double
    /// Pixels.
    public var offset: Point

    public init(color: Color, sigma: Double, offset: Point) {
        self.color = color
        self.sigma = sigma
        self.offset = offset
    }
}

/// Frosted material: inside `shape`, what is already drawn beneath the layer,
/// blurred (edges clamped), with `tint` laid over it.
public struct LayerBackdrop: Sendable, Equatable, Hashable {
    public var shape: ClipPath
    public var sigma: Double
    public var tint: Color?

    public init(shape: ClipPath, sigma: Double, tint: Color?) {
        self.shape = shape
        self.sigma = sigma
        self.tint = tint
    }
}
