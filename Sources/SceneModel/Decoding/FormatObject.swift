/// Every kind of JSON object the scene format has (besides nodes), with the
/// keys it takes: the single table the decoder checks unknown keys against
/// and the JSON Schema is tested against, so the two cannot drift apart.
public enum FormatObject: String, CaseIterable, Sendable {
    case scene, canvas, assets, color, keyframes, keyframe, expression, textExpression, choice, cubicBezier
    case imagePaint, linearGradientPaint, linearGradient, radialGradientPaint, radialGradient
    case angularGradientPaint, angularGradient, ellipticalGradientPaint, ellipticalGradient
    case colorMap, levels, stroke, shadow, rotation3D, backdrop, matte, event, animation, animationRepeat, spring, interpolatingSpring, springPreset, loop
    case audioClip, motion, component, transition, instanceTransform, textAnimator, textRange, glyphOutlines, glyph

    public var keys: [String] {
        switch self {
        case .scene: return ["$schema", "version", "canvas", "seed", "assets", "variables", "timeline", "loop", "poster", "components", "layers", "audio"]
        case .canvas: return ["width", "height", "scale", "fps", "duration", "start", "background"]
        case .assets: return ["images", "fonts"]
        case .color: return ["r", "g", "b", "a"]
        case .keyframes: return ["keyframes", "repeat"]
        case .keyframe: return ["t", "value", "curve"]
        case .expression: return ["expr"]
        case .textExpression: return ["expr", "format"]
        case .choice: return ["pick", "index"]
        case .cubicBezier: return ["cubicBezier"]
        case .imagePaint: return ["image", "tile", "scale"]
        case .linearGradientPaint: return ["linearGradient"]
        case .linearGradient: return ["colors", "stops", "start", "end"]
        case .radialGradientPaint: return ["radialGradient"]
        case .radialGradient: return ["colors", "stops", "center", "startRadius", "endRadius", "focus"]
        case .angularGradientPaint: return ["angularGradient"]
        case .angularGradient: return ["colors", "stops", "center", "startAngle", "endAngle"]
        case .ellipticalGradientPaint: return ["ellipticalGradient"]
        case .ellipticalGradient: return ["colors", "stops", "center", "startRadiusFraction", "endRadiusFraction"]
        case .colorMap: return ["colors", "stops", "amount"]
        case .levels: return ["channels", "inputBlack", "inputWhite", "gamma", "outputBlack", "outputWhite"]
        case .stroke: return ["color", "paint", "width", "cap", "join", "miterLimit", "dash", "dashPhase"]
        case .shadow: return ["color", "radius", "offset"]
        case .rotation3D: return ["angle", "axis", "anchor", "anchorZ", "perspective"]
        case .backdrop: return ["blur", "tint"]
        case .matte: return ["node", "mode"]
        case .event: return ["at", "animation", "set"]
        case .animation: return ["curve", "duration", "delay", "repeat"]
        case .animationRepeat: return ["count", "autoreverses"]
        case .spring: return ["response", "dampingFraction", "duration", "bounce"]
        case .springPreset: return ["duration", "extraBounce"]
        case .interpolatingSpring: return ["stiffness", "damping", "mass"]
        case .loop: return ["every", "resets"]
        case .audioClip: return ["file", "start", "in", "out", "loop", "gain", "volume"]
        case .motion: return ["path", "progress", "rotate"]
        case .component: return ["variables", "timeline", "loop", "duration", "size", "layers"]
        case .transition: return ["transition", "duration", "edge", "curve"]
        case .instanceTransform: return ["offset", "rotation", "scale"]
        case .textAnimator: return ["range", "opacity", "color", "strokeColor", "offset", "scale", "rotation", "tracking",
                                    "anchor", "skew", "skewAxis", "strokeWidth", "hue", "saturation", "brightness"]
        case .textRange: return ["start", "end", "offset", "units", "basedOn", "shape", "easeHigh", "easeLow", "amount", "smoothness", "mode"]
        case .glyphOutlines: return ["unitsPerEm", "ascender", "descender", "characters"]
        case .glyph: return ["d", "advance"]
        }
    }

    /// How messages name it: "unknown key "x" in a shadow".
    var context: String {
        switch self {
        case .scene: return "the scene"
        case .canvas: return "canvas"
        case .assets: return "assets"
        case .color: return "a colour"
        case .keyframes: return "keyframes"
        case .keyframe: return "a keyframe"
        case .expression: return "an expression"
        case .textExpression: return "a text expression"
        case .choice: return "a choice"
        case .cubicBezier: return "a curve"
        case .imagePaint: return "an image paint"
        case .linearGradientPaint, .radialGradientPaint, .angularGradientPaint, .ellipticalGradientPaint: return "a paint"
        case .linearGradient: return "a linear gradient"
        case .radialGradient: return "a radial gradient"
        case .angularGradient: return "an angular gradient"
        case .ellipticalGradient: return "an elliptical gradient"
        case .colorMap: return "a colour map"
        case .levels: return "levels"
        case .stroke: return "a stroke"
        case .shadow: return "a shadow"
        case .rotation3D: return "a 3D rotation"
        case .backdrop: return "a backdrop"
        case .matte: return "a matte"
        case .event: return "a timeline event"
        case .animation: return "an animation"
        case .animationRepeat: return "a repeat"
        case .spring: return "a spring"
        case .interpolatingSpring: return "an interpolating spring"
        case .springPreset: return "a spring preset"
        case .loop: return "a loop"
        case .audioClip: return "an audio clip"
        case .motion: return "a motion"
        case .component: return "a component"
        case .transition: return "a transition"
        case .instanceTransform: return "an instance transform"
        case .textAnimator: return "a text animator"
        case .textRange: return "a text range"
        case .glyphOutlines: return "glyph outlines"
        case .glyph: return "a glyph"
        }
    }
}

extension ObjectFields {
    func checkKeys(_ kind: FormatObject, into d: inout SceneDecoder) {
        checkKeys(allowed: kind.keys, context: kind.context, into: &d)
    }
}
