import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Peak memory of a long render against a short one: the built `reel render`
/// runs in a child process per length, and its peak resident set size is
/// read from `wait4`'s resource usage (`ru_maxrss`, KiB on Linux). A render
/// holds a bounded window of frames, so ten times the frames should need
/// about the same memory (target: ratio ≤ 1.1).
///
/// The scene is small (96×96 px at 50 fps) with moving shapes, a text and an
/// emitter, so 10,000 frames take well under a minute.
func memoryBenchmark(reel: String, lengths: [Int] = [1_000, 10_000]) throws {
    let folder = NSTemporaryDirectory() + "reel-memory-bench-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    print("peak memory of reel render (\(reel), 96×96 px, 50 fps, all cores)")
    print("output | frames | seconds | peak RSS MiB")
    for output in ["mp4", "png"] {
        var peaks: [Double] = []
        for frames in lengths {
            let scene = folder + "/scene-\(frames).json"
            try memoryScene(seconds: Double(frames) / 50).write(toFile: scene, atomically: true, encoding: .utf8)
            let target = output == "mp4" ? ["-o", folder + "/out-\(frames).mp4"] : ["--png-dir", folder + "/png-\(frames)"]
            let start = Date()
            let (status, maxRSS) = try runMeasured(reel, ["render", scene, "--quiet"] + target)
            guard status == 0 else { throw BenchmarkFailure(text: "reel render exited with status \(status)") }
            let mib = Double(maxRSS) / 1024
            peaks.append(mib)
            print(String(format: "%@ | %d | %.1f | %.1f", output, frames, Date().timeIntervalSince(start), mib))
            try? FileManager.default.removeItem(atPath: folder + "/png-\(frames)")
        }
        print(String(format: "%@: %d frames need %.2f× the memory of %d", output, lengths.last!, peaks.last! / peaks.first!, lengths.first!))
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}

/// A small scene of `seconds` at 50 fps: shapes on a repeating animation, a
/// counter text and falling snow.
func memoryScene(seconds: Double) -> String {
    """
    {"canvas": {"width": 96, "height": 96, "fps": 50, "duration": \(seconds), "background": "#203040"},
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

/// Runs `executable` with `args` (output discarded) and returns its exit
/// status and peak resident set size in KiB.
func runMeasured(_ executable: String, _ args: [String]) throws -> (status: Int32, maxRSSKiB: Int) {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchmarkFailure(text: "cannot run \(executable): \(String(cString: strerror(spawned)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
        guard errno == EINTR else { throw BenchmarkFailure(text: "wait4: \(String(cString: strerror(errno)))") }
    }
    let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    return (exit, Int(usage.ru_maxrss))
}
