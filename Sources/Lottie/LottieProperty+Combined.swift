/// Effect parameters that make one scene value together (a shadow's offset
/// from its direction and distance, its colour from colour and opacity).
extension LottieProperty {
    /// The property whose value is `f` of the values of `properties`. When
    /// one of them moves and `f` is linear in it, its keys carry over with
    /// their easing; when several move, or `f` bends one (a sine of an
    /// angle), the value is written as a key per frame (straight between).
    static func combining(_ properties: [LottieProperty], linearInEach linear: Bool,
                          _ f: ([[Double]]) -> [Double]) -> LottieProperty {
        let firsts = properties.map(\.first)
        let moving = properties.indices.filter { properties[$0].isAnimated }
        guard let only = moving.first else { return LottieProperty(constant: f(firsts)) }
        if linear && moving.count == 1 {
            return properties[only].map { v in
                var values = firsts
                values[only] = v
                return f(values)
            }
        }
        let frames = wholeFrames(over: moving.map { properties[$0].span })!.frames
        return LottieProperty(keys: frames.map { frame in
            Key(frame: Double(frame), value: f(properties.map { $0.value(at: Double(frame)) }))
        })
    }
}
