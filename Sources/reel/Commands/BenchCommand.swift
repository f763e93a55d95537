import Foundation
import Media
import Pipeline

extension CommandSpec {
    static let bench = CommandSpec(
        name: "bench", summary: "time frame 0 of a scene, for peer benchmark harnesses",
        usage: ["SCENE.json [--repeat N] [--png OUT.png] [--jobs N | --threads N] [--scale S]",
                "SCENE.json --all-frames [--png OUT.png] [--jobs N] [--scale S]"],
        about: """
            Draws frame 0 N times, writes the last one to OUT.png and prints, as
            its last line, {"ms": [t1, …, tN]}: per-frame milliseconds covering
            evaluation, display list and rasterization (not loading, not PNG
            writing). With --jobs N > 1, N workers draw concurrently (throughput).
            --scale draws at another size (a Lottie file at 1080 px wide, say).
            With --threads N, each repetition draws the frame alone on 1 thread
            and then on N threads (bands: the same bytes); a line gives both
            medians and the speed-up, and the last line has "ms" (N threads)
            and "ms1" (1 thread).
            With --all-frames, every frame of the scene is drawn once, in order,
            as `reel render --no-cache` draws them but without writing them
            (with one job, on one thread, each frame into the buffer of the
            frame two before, as a render's worker gets it back):
            {"ms": […]} has a time per frame, and a line before it gives their
            median and mean (drawing alone, beside a render's whole time).
            """,
        options: [.repetitions, .allFrames, .png, .jobs, .threads, .scale],
        examples: ["reel bench Scenes/snow.json --repeat 20 --png /tmp/snow.png",
                   "reel bench Scenes/calendar.json --repeat 15 --threads 2",
                   "reel bench animation.json --all-frames --scale 2"]
    ) { parsed throws(ReelError) in
        let scene = try parsed.single("scene file")
        let prepared: PreparedScene
        do throws(RenderError) { prepared = try PreparedScene.load(scene, canvas: CanvasOverrides(scale: parsed.number(.scale))) } catch { throw .render(error) }
        let repetitions = parsed.integer(.repetitions) ?? 1, threads = parsed.integer(.threads)
        if threads != nil, parsed.integer(.jobs) != nil {
            throw .usage("--jobs draws frames side by side and --threads one frame in bands: give one of them")
        }
        if parsed.has(.allFrames), let other = [Option.repetitions, .threads].first(where: { parsed.has($0) }) {
            throw .usage("--all-frames draws each frame once; \(other.name) is for frame 0 drawn again and again")
        }
        let (last, fields) = {
            if parsed.has(.allFrames) {
                let result = Benchmark.everyFrame(prepared, threads: parsed.integer(.jobs) ?? 1)
                print(String(format: "%d frames: median %.2f ms, mean %.2f ms a frame (drawing alone)", result.ms.count,
                             Benchmark.median(result.ms), result.ms.reduce(0, +) / Double(result.ms.count)))
                return (result.last, [("ms", result.ms)])
            }
            guard let threads else {
                let result = Benchmark.run(prepared, frames: repetitions, threads: parsed.integer(.jobs) ?? 1)
                return (result.last, [("ms", result.ms)])
            }
            let result = Benchmark.bands(prepared, frames: repetitions, threads: threads)
            let (one, many) = (Benchmark.median(result.one), Benchmark.median(result.many))
            print(String(format: "frame 0 alone: 1 thread %.2f ms, %d threads %.2f ms (median of %d): %.2f× faster",
                         one, threads, many, repetitions, one / many))
            return (result.last, [("ms", result.many), ("ms1", result.one)])
        }()
        if let png = parsed.text(.png) {
            do { try PNGCodec.write(last, to: png) } catch {
                throw .render(.output(error as? MediaError ?? .cannotWrite(path: png, reason: "\(error)")))
            }
        }
        let json = fields.map { name, ms in "\"\(name)\": [" + ms.map { String(format: "%.4f", $0) }.joined(separator: ", ") + "]" }
        print("{" + json.joined(separator: ", ") + "}")
    }
}
