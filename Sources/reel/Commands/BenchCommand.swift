import Foundation
import Media
import Pipeline

extension CommandSpec {
    static let bench = CommandSpec(
        name: "bench", summary: "time frame 0 of a scene, for peer benchmark harnesses",
        usage: ["SCENE.json [--repeat N] [--png OUT.png] [--jobs N] [--scale S]"],
        about: """
            Draws frame 0 N times, writes the last one to OUT.png and prints, as
            its last line, {"ms": [t1, …, tN]}: per-frame milliseconds covering
            evaluation, display list and rasterization (not loading, not PNG
            writing). With --jobs N > 1, N workers draw concurrently (throughput).
            --scale draws at another size (a Lottie file at 1080 px wide, say).
            """,
        options: [.repetitions, .png, .jobs, .scale],
        examples: ["reel bench Scenes/snow.json --repeat 20 --png /tmp/snow.png"]
    ) { parsed throws(ReelError) in
        let scene = try parsed.single("scene file")
        let prepared: PreparedScene
        do throws(RenderError) { prepared = try PreparedScene.load(scene, canvas: CanvasOverrides(scale: parsed.number(.scale))) } catch { throw .render(error) }
        let result = Benchmark.run(prepared, frames: parsed.integer(.repetitions) ?? 1, threads: parsed.integer(.jobs) ?? 1)
        if let png = parsed.text(.png) {
            do { try PNGCodec.write(result.last, to: png) } catch {
                throw .render(.output(error as? MediaError ?? .cannotWrite(path: png, reason: "\(error)")))
            }
        }
        let list = result.ms.map { String(format: "%.4f", $0) }.joined(separator: ", ")
        print("{\"ms\": [\(list)]}")
    }
}
