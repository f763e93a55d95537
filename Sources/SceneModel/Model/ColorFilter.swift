import Animation
import Geometry

/// SwiftUI's colour modifiers on a node: they recolour its drawing
/// (content, children, mask and clip applied) before its shadow, blur,
/// opacity and blend. A node's filters apply in the order of these cases,
/// whatever the order of its keys.
public enum ColorFilter: Sendable, Equatable {
    /// `hueRotation`, degrees.
    case hueRotation(Animated<Double>)
    /// `saturation`: 0 grey, 1 unchanged, more saturates.
    case saturation(Animated<Double>)
    /// `brightness`: −1…1, added to each component.
    case brightness(Animated<Double>)
    /// `contrast`: 1 unchanged, 0 grey, negative inverts.
    case contrast(Animated<Double>)
    /// `grayscale`: 0 unchanged … 1 grey.
    case grayscale(Animated<Double>)
    /// `colorMultiply`: each component times the colour's.
    case colorMultiply(Animated<Color>)
    /// `colorInvert`.
    case colorInvert

    /// The node keys, in the order the filters apply.
    public static let keys = ["hueRotation", "saturation", "brightness", "contrast", "grayscale", "colorMultiply",
                              "colorInvert"]
}
