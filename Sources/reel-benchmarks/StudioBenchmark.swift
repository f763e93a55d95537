import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Media
import Pipeline
import Studio

/// `reel studio`'s edit loop, as a page sees it: the time from saving the
/// scene file (written and renamed, as editors do) to the updated frame at
/// the playhead having arrived — the `reload` event over Server-Sent Events,
/// then the frame's PNG over HTTP — for each bundled scene at its full size.
/// Each save sets the canvas's background to a colour not used before, so
/// the frame's content is new and it is drawn afresh.
func studioBenchmark(_ files: [String], rounds: Int = 7) throws {
    print("studio: save → reload event → frame at the playhead (full size, \(rounds) saves each, all cores, 50 ms polling)")
    print("scene | pixels | reload event ms (median) | frame ms (median) | save → frame ms median | best | worst | CPU ms (median) | target")
    for file in files {
        let folder = NSTemporaryDirectory() + "reel-studio-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let assets = PathName.folder(of: file) + "/assets"
        if FileManager.default.fileExists(atPath: assets) {
            try FileManager.default.createSymbolicLink(atPath: folder + "/assets",
                                                       withDestinationPath: URL(fileURLWithPath: assets).path)
        }
        let scene = folder + "/" + (file as NSString).lastPathComponent
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try original.write(toFile: scene, atomically: true, encoding: .utf8)

        var options = Studio.Options()
        options.port = 0
        let studio = try Studio(scene: scene, options: options)
        try studio.start()
        defer { studio.stop() }
        let base = "http://127.0.0.1:\(studio.port)"
        let events = EventWaiter(url: URL(string: base + "/api/events")!)
        defer { events.cancel() }
        let description = try JSONSerialization.jsonObject(with: try fetch(URL(string: base + "/api/scene")!)) as! [String: Any]
        let poster = description["poster"] as! Double
        let canvas = description["canvas"] as! [String: Any]
        let frameURL = URL(string: base + "/api/frame.png?t=\(poster)")!
        _ = try fetch(frameURL) // the page shows the poster moment

        var reloads: [Double] = [], frames: [Double] = [], totals: [Double] = [], cpu: [Double] = []
        for round in 0..<rounds {
            // A colour of its own each time: no frame of an earlier version is reused.
            let edited = withBackground(original, String(format: "#0A0B%02X", round + 16))
            let version = round + 2
            let start = DispatchTime.now().uptimeNanoseconds, cpuStart = processCPUMilliseconds()
            try edited.write(toFile: scene, atomically: true, encoding: .utf8)
            guard events.wait(forVersion: version, timeout: 10) else { throw BenchmarkFailure(text: "\(file): no reload event") }
            let reloaded = DispatchTime.now().uptimeNanoseconds
            _ = try fetch(frameURL)
            let done = DispatchTime.now().uptimeNanoseconds
            reloads.append(Double(reloaded - start) / 1e6)
            frames.append(Double(done - reloaded) / 1e6)
            totals.append(Double(done - start) / 1e6)
            cpu.append(processCPUMilliseconds() - cpuStart)
            if ProcessInfo.processInfo.environment["REEL_BENCH_VERBOSE"] != nil {
                print(String(format: "  save %d: reload %.0f ms, frame %.0f ms", round + 1, reloads.last!, frames.last!))
            }
        }
        let name = (file as NSString).lastPathComponent
        let target = name == "snow.json" ? 500.0 : 250.0
        print(String(format: "%@ | %d×%d | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | < %.0f %@", name,
                     canvas["pixelWidth"] as! Int, canvas["pixelHeight"] as! Int, Benchmark.median(reloads), Benchmark.median(frames),
                     Benchmark.median(totals), totals.min()!, totals.max()!, Benchmark.median(cpu), target,
                     Benchmark.median(totals) < target ? "met" : "missed"))
    }
}

/// User and system CPU time of the whole process so far: on a machine shared
/// with other work, what the edit loop itself costs, apart from waiting for a core.
private func processCPUMilliseconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
    return ms(usage.ru_utime) + ms(usage.ru_stime)
}

/// `text` with its canvas's background set to `colour` (added when it has none).
private func withBackground(_ text: String, _ colour: String) -> String {
    if let range = text.range(of: #""background"\s*:\s*"[^"]*""#, options: .regularExpression) {
        return text.replacingCharacters(in: range, with: "\"background\": \"\(colour)\"")
    }
    let canvas = text.range(of: #""canvas"\s*:\s*\{"#, options: .regularExpression)!
    return text.replacingCharacters(in: canvas, with: text[canvas] + "\"background\": \"\(colour)\", ")
}

/// The body of a GET, waited for.
private func fetch(_ url: URL) throws -> Data {
    let done = DispatchSemaphore(value: 0)
    let result = LockedResult()
    URLSession.shared.dataTask(with: url) { data, response, error in
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        result.set(status == 200 && data != nil ? .success(data!) : .failure(BenchmarkFailure(text: "\(url): \(status) \(error.map { "\($0)" } ?? "")")))
        done.signal()
    }.resume()
    done.wait()
    return try result.get()
}

private final class LockedResult: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<Data, any Error> = .failure(BenchmarkFailure(text: "no answer"))
    func set(_ v: Result<Data, any Error>) { lock.lock(); value = v; lock.unlock() }
    func get() throws -> Data { lock.lock(); defer { lock.unlock() }; return try value.get() }
}

/// An open event stream that notes the version of every `reload`.
private final class EventWaiter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let condition = NSCondition()
    private var text = ""
    private var version = 0
    private var session: URLSession!

    init(url: URL) {
        super.init()
        session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        session.dataTask(with: url).resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        condition.lock()
        text += String(decoding: data, as: UTF8.self)
        while let end = text.range(of: "\n\n") {
            let block = text[..<end.lowerBound]
            text.removeSubrange(..<end.upperBound)
            if block.hasPrefix("event: reload"), let match = block.firstMatch(of: /"version":(\d+)/) {
                version = Int(match.1)!
            }
        }
        condition.broadcast()
        condition.unlock()
    }

    func wait(forVersion wanted: Int, timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while version < wanted { if !condition.wait(until: deadline) { return false } }
        return true
    }

    func cancel() { session.invalidateAndCancel() }
}
