import SceneModel

/// The moment a request asks for — `?t=SECONDS` or `?frame=N`, with an
/// optional `&scale=S` — checked against the scene; a mistake is a 400
/// whose message names the argument, what it expects and what it found.
struct FrameQuery: Equatable {
    enum Moment: Equatable {
        /// Any time in 0…duration, as `reel still --time`.
        case time(Double)
        /// A frame index, as `reel render` draws it.
        case frame(Int)
    }

    var moment: Moment?
    /// Pixels per point instead of the canvas's.
    var scale: Double?

    /// Reads `request`'s arguments; `allowed` are those the endpoint takes
    /// (some take no `frame` or `scale`).
    init(_ request: HTTPRequest, allowed: Set<String> = ["t", "frame", "scale"]) throws(QueryError) {
        for (name, _) in request.query where !allowed.contains(name) {
            throw QueryError("unknown query argument '\(name)'; expected \(allowed.sorted().joined(separator: ", "))")
        }
        let t = request.value(of: "t"), frame = request.value(of: "frame")
        if t != nil && frame != nil { throw QueryError("give t or frame, not both") }
        if let t {
            guard let v = Double(t), v.isFinite, v >= 0 else { throw QueryError("t expects seconds ≥ 0, found '\(t)'") }
            moment = .time(v)
        }
        if let frame {
            guard let v = Int(frame), v >= 0 else { throw QueryError("frame expects a frame number ≥ 0, found '\(frame)'") }
            moment = .frame(v)
        }
        if let s = request.value(of: "scale") {
            guard let v = Double(s), v.isFinite, v > 0, v <= 16 else {
                throw QueryError("scale expects pixels per point, more than 0 and at most 16, found '\(s)'")
            }
            scale = v
        }
    }

    /// The moment within `canvas`, the scene's default time when none was given.
    func resolved(in canvas: Canvas, defaultTime: Double) throws(QueryError) -> Moment {
        switch moment ?? .time(defaultTime) {
        case .time(let t):
            guard t >= canvas.start, t <= canvas.end else {
                throw QueryError("t=\(Self.format(t)): the scene " + Canvas.span(start: canvas.start, end: canvas.end))
            }
            return .time(t)
        case .frame(let f):
            guard f < canvas.frameCount else {
                throw QueryError("frame=\(f): the scene has \(canvas.frameCount) frames (0-\(canvas.frameCount - 1))")
            }
            return .frame(f)
        }
    }

    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}

/// A bad query argument: answered with 400 and this message.
struct QueryError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

extension FrameQuery {
    /// The value of `name` for an endpoint that takes only that argument.
    static func single(_ request: HTTPRequest, _ name: String) throws(QueryError) -> String? {
        for (other, _) in request.query where other != name {
            throw QueryError("unknown query argument '\(other)'; expected \(name)")
        }
        return request.value(of: name)
    }
}
