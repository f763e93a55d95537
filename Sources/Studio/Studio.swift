import Foundation
import Pipeline

/// `reel studio`: a local web page that shows any moment of a scene while
/// its file is edited, updated on every save.
///
/// Every frame is a pure function of the scene and the time, so the page
/// never needs a video: it asks for the PNG of the moment it shows, the
/// server draws just that frame (or answers from memory), and a save is
/// seen within one poll and announced as an event.
///
/// Released, a studio stops as `stop()` would. Its server's threads and its
/// own work hold it weakly, and a request then being answered finds it gone
/// and is told so (503).
public final class Studio: @unchecked Sendable {
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        /// 0 picks a free port (see `port`).
        public var port = 4750
        /// Frames drawn at once, and a render's worker threads.
        public var jobs = ProcessInfo.processInfo.activeProcessorCount
        /// Seconds between looks at the scene file and its assets.
        public var pollInterval = 0.05
        public var settings = SceneSettings()

        public init() {}
    }

    public let scenePath: String
    let scene: LiveScene
    let hub = EventHub()
    let frames: FrameService
    let renders: RenderService
    let page: PageFiles
    private let folder: String
    private var server: HTTPServer?
    /// The moment a page last asked for: drawn ahead after each reload, so a
    /// page's request for it finds the frame drawn or being drawn.
    private let momentLock = NSLock()
    private var lastMoment: FrameQuery?
    private let options: Options

    /// Loads the scene; throws when the file cannot be read (a scene with
    /// mistakes opens, showing them).
    public init(scene path: String, options: Options = Options()) throws(RenderError) {
        scenePath = path
        self.options = options
        folder = FileManager.default.temporaryDirectory.path + "/reel-studio-\(getpid())"
        scene = try LiveScene(path: path, settings: options.settings, hub: hub)
        frames = FrameService(jobs: options.jobs)
        renders = RenderService(scene: scene, hub: hub, jobs: options.jobs, folder: folder)
        page = PageFiles()
        scene.onReload = { [weak self] _ in self?.drawAhead() }
    }

    /// Starts listening and watching the scene's files.
    public func start() throws(StudioError) {
        server = try HTTPServer(host: options.host, port: options.port) { [weak self] request in
            self?.respond(to: request) ?? .text(503, "the studio has stopped")
        }
        scene.watch(interval: options.pollInterval)
    }

    /// What is wrong with the scene file now, one located message each.
    public var problems: [String] { scene.errors }

    /// The port listened on (the chosen one when asked for 0).
    public var port: Int { server?.port ?? 0 }

    /// Stops watching and serving: open event streams end, every connection's
    /// thread is joined, and the temporary render folder is removed.
    public func stop() {
        scene.stop()
        hub.close()
        server?.stop()
        server = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit {
        stop()
    }

    /// Remembers the moment of a frame request, for `drawAhead`.
    func noteAsked(_ query: FrameQuery) {
        momentLock.lock()
        lastMoment = query
        momentLock.unlock()
    }

    /// Starts drawing the moment a page showed last, as it is in the new version.
    private func drawAhead() {
        momentLock.lock()
        let moment = lastMoment
        momentLock.unlock()
        guard let moment else { return }
        DispatchQueue.global().async { [weak self] in _ = try? self?.frame(moment) }
    }
}
