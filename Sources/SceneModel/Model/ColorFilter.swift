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
    /// `colorMap` (Reel): each colour replaced by a gradient's colour at its
    /// luminance, mixed with it by an amount.
    case colorMap(ColorMap)
    /// `levels` (Reel): After Effects' Levels, one channel set after another.
    case levels([Levels])

    /// The node keys, in the order the filters apply.
    public static let keys = ["hueRotation", "saturation", "brightness", "contrast", "grayscale", "colorMultiply",
                              "colorInvert", "colorMap", "levels"]
}

/// A gradient map (After Effects' Tint, Tritone and Colorama, CSS's duotone
/// filters): the stops are read at a colour's Rec. 709 luminance, 0 black
/// to 1 white, and the result is mixed with the colour by `amount`.
public struct ColorMap: Sendable, Equatable {
    public var stops: GradientStops
    /// 0 the colour unchanged … 1 the stops' colour.
    public var amount: Animated<Double>

    public init(stops: GradientStops, amount: Animated<Double>) {
        self.stops = stops
        self.amount = amount
    }
}

/// After Effects' Levels (and its Pro Levels' channels), lottie-web's and
/// Skottie's levels filter: on `channels`, values from input black to input
/// white are stretched to 0…1, raised to 1 / gamma, and laid from output
/// black to output white; values outside the input range take the nearer
/// output end.
public struct Levels: Sendable, Equatable {
    public var channels: ColorChannels
    public var inputBlack: Animated<Double>
    public var inputWhite: Animated<Double>
    public var gamma: Animated<Double>
    public var outputBlack: Animated<Double>
    public var outputWhite: Animated<Double>

    public init(channels: ColorChannels, inputBlack: Animated<Double>, inputWhite: Animated<Double>, gamma: Animated<Double>,
                outputBlack: Animated<Double>, outputWhite: Animated<Double>) {
        self.channels = channels
        self.inputBlack = inputBlack
        self.inputWhite = inputWhite
        self.gamma = gamma
        self.outputBlack = outputBlack
        self.outputWhite = outputWhite
    }
}
