import Foundation
import ProcessRunner

/// Peak memory of a long render against a short one: the built `reel render`
/// runs in a child process per length, and its peak resident set size is
/// read from `wait4`'s resource usage (`ru_maxrss`, KiB on Linux). A render
/// holds a bounded window of frames, so ten times the frames should need
/// about the same memory (target: ratio ≤ 1.1).
///
/// Two sizes: a small scene (96×96 px at 50 fps: moving shapes, a text and
/// an emitter) to MP4 and to a PNG sequence, and the same scene at
/// 1080×1920 to MP4 without the frame cache, the size of a phone video; that
/// one is also rendered with 1 and 2 workers, and the difference is what
/// each worker adds (its rasterizer, its frames in flight).
func memoryBenchmark(reel: Program, sizes: [MemoryCase.Size] = [.small, .large]) throws {
    let folder = NSTemporaryDirectory() + "reel-memory-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    print("peak memory of reel render (\(reel))")
    print("size | output | frames | jobs | seconds | peak RSS MiB")
    for size in sizes {
        for output in size == .small ? ["mp4", "png"] : ["mp4"] {
            let peaks = try [1_000, 10_000].map { try MemoryCase(size: size, output: output, frames: $0).run(reel, in: folder) }
            print(String(format: "%@ %@: 10000 frames need %.2f× the memory of 1000", size.label, output, peaks[1] / peaks[0]))
        }
        if size == .large {
            let peaks = try [1, 2].map { try MemoryCase(size: size, output: "mp4", frames: 1_000, jobs: $0).run(reel, in: folder) }
            print(String(format: "%@ mp4: %.1f MiB with 1 worker, %.1f MiB per further worker", size.label, peaks[0], peaks[1] - peaks[0]))
        }
    }
}

/// One measured render.
struct MemoryCase {
    enum Size {
        case small, large
        var label: String { self == .small ? "96×96" : "1080×1920" }
    }
    var size: Size
    var output: String
    var frames: Int
    var jobs: Int?

    /// Renders and prints a row; returns the peak RSS in MiB.
    func run(_ reel: Program, in folder: String) throws -> Double {
        let scene = folder + "/scene-\(frames).json"
        let (width, height, scale) = size == .small ? (96, 96, 1) : (360, 640, 3)
        try memoryScene(seconds: Double(frames) / 50, width: width, height: height, scale: scale)
            .write(toFile: scene, atomically: true, encoding: .utf8)
        var args = ["render", scene, "--quiet"]
        args += output == "mp4" ? ["-o", folder + "/out-\(frames).mp4"] : ["--png-dir", folder + "/png-\(frames)"]
        if size == .large { args.append("--no-cache") }
        if let jobs { args += ["--jobs", "\(jobs)"] }
        let start = Date()
        let mib = Double(try reel.runChecked(args).peakMemoryKiB) / 1024
        print(String(format: "%@ | %@ | %d | %@ | %.1f | %.1f", size.label, output, frames, jobs.map { "\($0)" } ?? "all",
                     Date().timeIntervalSince(start), mib))
        try? FileManager.default.removeItem(atPath: folder + "/png-\(frames)")
        try? FileManager.default.removeItem(atPath: folder + "/out-\(frames).mp4")
        return mib
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}

/// A scene of `seconds` at 50 fps, `width` × `height` points (96 × 96 is
/// the small case; the layers sit in its middle): shapes on a repeating
/// animation, a text and falling snow.
func memoryScene(seconds: Double, width: Int = 96, height: Int = 96, scale: Int = 1) -> String {
    """
    {"canvas": {"width": \(width), "height": \(height), "scale": \(scale), "fps": 50, "duration": \(seconds), "background": "#203040"},
     "layers": [
      {"type": "rect", "size": [40, 40], "cornerRadius": 8, "fill": "orange",
       "position": [{"expr": "48 + 30 * sin(t * 2)"}, 48], "rotation": {"expr": "t * 90"}},
      {"type": "circle", "size": [20, 20], "fill": "white", "opacity": 0.7,
       "position": [48, {"expr": "48 + 30 * cos(t * 3)"}]},
      {"type": "text", "text": "Reel", "size": 14, "fill": "white", "position": [48, 84]},
      {"type": "emitter", "position": [48, -4], "shape": "line", "size": [96, 0], "mode": "outline",
       "cells": [{"name": "flake", "contents": {"image": "dot"}, "birthRate": 40, "lifetime": 3, "velocity": 30,
                  "emissionLongitude": 90, "scale": 0.2}]}
     ]}
    """
}
