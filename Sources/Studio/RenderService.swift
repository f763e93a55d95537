import Foundation
import Media
import Pipeline

/// "Render" from the page: the job `reel render` runs, one at a time, into
/// the studio's own temporary folder (never the scene's), its progress told
/// as `render` events and its file offered for download when done.
final class RenderService: @unchecked Sendable {
    /// What the page is told, in every `render` event and by `GET /api/render`.
    struct Status: Encodable, Sendable {
        /// `idle`, `running`, `done` or `failed`.
        var state: String
        var frame = 0
        var total = 0
        var format: String?
        /// Where to download the finished file.
        var download: String?
        var bytes: Int?
        var seconds: Double?
        var message: String?
    }

    /// Formats the page offers: each is `reel render`'s for that extension.
    static let formats = ["mp4", "webm", "mov", "gif"]

    private let scene: LiveScene
    private let hub: EventHub
    private let jobs: Int
    private let folder: String
    private let lock = NSLock()
    private var status = Status(state: "idle")
    private var finished: String?

    init(scene: LiveScene, hub: EventHub, jobs: Int, folder: String) {
        self.scene = scene
        self.hub = hub
        self.jobs = jobs
        self.folder = folder
    }

    var current: Status {
        lock.lock()
        defer { lock.unlock() }
        return status
    }

    /// Starts a render in `format`; false (and nothing started) while one runs.
    func start(format: String) -> Bool {
        lock.lock()
        guard status.state != "running" else { lock.unlock(); return false }
        let name = ((scene.path as NSString).lastPathComponent as NSString).deletingPathExtension + "." + format
        let output = folder + "/" + name
        status = Status(state: "running", format: format)
        lock.unlock()
        publish()

        var request = RenderRequest(scenePath: scene.path, videoPath: output)
        let settings = scene.settings
        request.canvas = settings.canvasOverrides(scale: nil)
        request.parameters = settings.parameters
        request.cacheFolder = FrameCache.standardFolder()
        var batch = RenderBatch([request], jobs: jobs, progress: .quiet)
        batch.onFrame = { [self] _, done, total in
            lock.lock()
            status.frame = done
            status.total = total
            lock.unlock()
            // About fifty events a render, and the last: enough for a bar.
            if done == total || done % max(total / 50, 1) == 0 { publish() }
        }
        let started = DispatchTime.now().uptimeNanoseconds
        let thread = Thread { [self, batch] in
            var outcome = Status(state: "done", format: format)
            do throws(RenderError) {
                try batch.run()
                outcome.download = "/api/render/" + name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)!
                outcome.bytes = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? nil
            } catch {
                outcome.state = "failed"
                outcome.message = error.description
            }
            outcome.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            lock.lock()
            outcome.frame = status.frame
            outcome.total = status.total
            status = outcome
            finished = outcome.state == "done" ? name : nil
            lock.unlock()
            publish()
        }
        thread.name = "reel studio render"
        thread.start()
        return true
    }

    /// The finished file called `name`, if it is the last render's.
    func file(named name: String) -> [UInt8]? {
        lock.lock()
        let available = finished == name
        lock.unlock()
        guard available else { return nil }
        return FileManager.default.contents(atPath: folder + "/" + name).map { [UInt8]($0) }
    }

    private func publish() { hub.publish("render", JSONText.string(current)) }
}
