import Animation
import DisplayList
import Geometry
import SceneModel

extension Evaluator {
    /// A video layer is drawn as an image layer is, its paint naming the
    /// source frame shown at the scene time: nothing before `begin`.
    func emitVideo(_ video: VideoNode, bounds: Rect, transform: Transform, opacity: Double, ctx: TimelineContext,
                   into items: inout [DisplayItem]) {
        guard let timeline = videos[video.file.path], let index = video.frame(at: ctx.time, of: timeline),
              let (placement, tile) = Self.imagePlacement(natural: Size(Double(timeline.width), Double(timeline.height)),
                                                          bounds: bounds, sized: video.size != nil, mode: video.contentMode)
        else { return }
        items.append(.fill(path: .roundedRect(bounds, radii: (0, 0, 0, 0)), transform: transform,
                           paint: .video(VideoFrameRef(clip: timeline.digest, index: index), transform: placement,
                                         tile: tile, opacity: opacity),
                           rule: .nonzero))
    }
}

extension VideoNode {
    /// The source frame shown at scene time `t`: the one whose presentation
    /// interval holds the source time `t` maps to — `in` + (t − begin) ×
    /// rate, wrapped into [in, out) when looping; past `out` (or the
    /// source's end) the last frame before it holds. Nil before `begin`.
    public func frame(at t: Double, of timeline: VideoTimeline) -> Int? {
        guard t >= begin, !timeline.times.isEmpty else { return nil }
        let end = min(trimOut ?? timeline.end, timeline.end)
        let length = end - trimIn
        guard length > 0 else { return timeline.frame(before: end) }
        var played = (t - begin) * rate
        if loop {
            played = played.truncatingRemainder(dividingBy: length)
            // A time a rounding short of a whole turn starts the next one.
            if length - played < VideoTimeline.tolerance { played = 0 }
        }
        if played >= length - VideoTimeline.tolerance { return timeline.frame(before: end) }
        return timeline.frame(at: trimIn + played)
    }
}
