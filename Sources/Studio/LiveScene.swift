import Foundation
import Pipeline
import SceneModel
import Typesetting

/// The scene being edited: the last version that loaded cleanly, and the
/// problems of the file as it is now, if it does not load.
///
/// A watcher thread polls the scene file and its assets (`WatchedFiles`, as
/// `reel watch` does) and reloads on every change; what happened is told to
/// the pages through the event hub. Frames are always drawn from the last
/// clean version, so a page shows the errors over the last good frame.
final class LiveScene: @unchecked Sendable {
    /// One cleanly loaded version of the scene at one scale.
    struct Version: Sendable {
        /// Counts clean loads from 1; pages compare it to tell a new scene.
        let number: Int
        let prepared: PreparedScene
        let keys: FrameKey
        let drawers: DrawerPool

        /// `previous`'s frame keys are taken over when the images are the
        /// same: a key digests every image's pixels, which for a scene with
        /// large images costs more than the reload itself.
        init(number: Int, prepared: PreparedScene, previous: Version? = nil) {
            self.number = number
            self.prepared = prepared
            if let previous, previous.prepared.images.bitmaps == prepared.images.bitmaps,
               Self.sameBytes(previous.prepared.evaluator.texts.library.files, prepared.evaluator.texts.library.files) {
                keys = previous.keys
            } else {
                keys = FrameKey(images: prepared.images.bitmaps, fonts: prepared.evaluator.texts.library.files)
            }
            drawers = DrawerPool(prepared)
        }

        /// The same font files with the same bytes, in the same order.
        private static func sameBytes(_ a: [FontFile], _ b: [FontFile]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { x, y in
                x.path == y.path && x.withBytes { p in y.withBytes { q in p.elementsEqual(q) } }
            }
        }
    }

    let path: String
    private var currentSettings: SceneSettings
    private let hub: EventHub
    private let lock = NSLock()
    /// Held through a whole load and its install, so a save and a page's
    /// parameter edit are applied one after the other.
    private let loading = NSLock()
    private var current: Version?
    /// The same version at other scales (`?scale=`), made on first use; at
    /// most `scalesKept` (a page uses one or two).
    static let scalesKept = 4
    private var scaled: [Double: Version] = [:]
    private var problems: [String] = []
    private var watched: WatchedFiles
    private var stopped = false
    /// Called after each clean reload, before pages hear of it.
    var onReload: (@Sendable (Version) -> Void)?

    /// Loads `path` once; a scene with mistakes still opens (its problems are
    /// shown), but a missing or unreadable file does not.
    init(path: String, settings: SceneSettings, hub: EventHub) throws(RenderError) {
        self.path = path
        currentSettings = settings
        self.hub = hub
        watched = WatchedFiles(scene: path, assetsOf: nil)
        do {
            let prepared = try settings.load(path, scale: nil)
            current = Version(number: 1, prepared: prepared)
            watched = WatchedFiles(scene: path, assetsOf: prepared.scene)
        } catch {
            switch error {
            case .cannotReadScene, .parameters: throw error
            default: problems = Self.lines(of: error)
            }
        }
    }

    /// The settings every load and render uses now.
    var settings: SceneSettings {
        lock.lock()
        defer { lock.unlock() }
        return currentSettings
    }

    /// Gives each parameter named its value as `--set NAME=VALUE` would (the
    /// file is not touched) and reloads once; values the scene refuses change
    /// nothing and come back as the messages to show.
    func set(_ values: [(name: String, value: String)]) throws(QueryError) {
        loading.lock()
        defer { loading.unlock() }
        let changed = values.reduce(settings) { $0.setting($1.name, to: $1.value) }
        let stamps = WatchedFiles(scene: path, assetsOf: version()?.prepared.scene)
        let result: Result<PreparedScene, RenderError>
        do throws(RenderError) {
            result = .success(try changed.load(path, scale: nil))
        } catch {
            if case let .parameters(issues, _) = error {
                throw QueryError(issues.map { "\($0.name): \($0.message)" }.joined(separator: "\n"))
            }
            result = .failure(error)
        }
        lock.lock()
        currentSettings = changed
        lock.unlock()
        install(result, stamps: stamps)
    }

    /// The last clean version at `scale` (nil: the canvas's own), or nil if the scene has never loaded.
    func version(scale: Double? = nil) -> Version? {
        lock.lock()
        guard let base = current else { lock.unlock(); return nil }
        guard let scale, scale != base.prepared.scene.canvas.scale else { lock.unlock(); return base }
        if let v = scaled[scale] { lock.unlock(); return v }
        lock.unlock()
        guard let prepared = try? settings.load(path, scale: scale) else { return nil }
        let made = Version(number: base.number, prepared: prepared, previous: base)
        lock.lock()
        defer { lock.unlock() }
        guard current?.number == base.number else { return made }
        if scaled.count >= Self.scalesKept { scaled = [:] }
        scaled[scale] = made
        return made
    }

    /// What is wrong with the file now (file:line:column: $.path: message each); empty when it loads.
    var errors: [String] {
        lock.lock()
        defer { lock.unlock() }
        return problems
    }

    /// Polls every `interval` seconds on its own thread until `stop`.
    func watch(interval: Double) {
        let thread = Thread { [self] in
            while true {
                Thread.sleep(forTimeInterval: interval)
                lock.lock()
                let done = stopped, seen = watched
                lock.unlock()
                if done { return }
                let changed = seen.changes(in: seen.refreshed())
                if !changed.isEmpty { reload() }
            }
        }
        thread.name = "reel studio watch"
        thread.start()
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
    }

    /// Loads the file as it is now. Stamps are taken before reading, so a save
    /// made during the load is seen by the next poll.
    private func reload() {
        loading.lock()
        defer { loading.unlock() }
        lock.lock()
        let previous = current
        lock.unlock()
        var stamps = WatchedFiles(scene: path, assetsOf: previous?.prepared.scene)
        let result: Result<PreparedScene, RenderError>
        do throws(RenderError) {
            result = .success(try settings.load(path, scale: nil))
        } catch {
            result = .failure(error)
        }
        if case .success(let prepared) = result, prepared.scene.assets != previous?.prepared.scene.assets {
            stamps = WatchedFiles(scene: path, assetsOf: prepared.scene)
        }
        install(result, stamps: stamps)
    }

    /// Makes a load's outcome current and tells the pages: a new version,
    /// or the problems over the last good one.
    private func install(_ result: Result<PreparedScene, RenderError>, stamps: WatchedFiles) {
        lock.lock()
        let previous = current
        lock.unlock()
        switch result {
        case .success(let prepared):
            let version = Version(number: (previous?.number ?? 0) + 1, prepared: prepared, previous: previous)
            lock.lock()
            current = version
            scaled = [:]
            problems = []
            watched = stamps
            lock.unlock()
            onReload?(version)
            hub.publish("reload", JSONText.string(ReloadEvent(version: version.number,
                                                             warnings: prepared.warnings.map(\.description))))
        case .failure(let error):
            let messages = Self.lines(of: error)
            lock.lock()
            problems = messages
            watched = stamps
            lock.unlock()
            hub.publish("error", JSONText.string(ErrorEvent(messages: messages, version: previous?.number)))
        }
    }

    /// The located messages of a load failure, one per problem.
    static func lines(of error: RenderError) -> [String] {
        if case .invalidScene(let e) = error { return e.diagnostics.map(\.description) }
        return error.description.split(separator: "\n").map(String.init)
    }

    private struct ReloadEvent: Encodable {
        var version: Int
        var warnings: [String]
    }

    private struct ErrorEvent: Encodable {
        var messages: [String]
        /// The version still shown, nil if none ever loaded.
        var version: Int?
    }
}
