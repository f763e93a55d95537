import Foundation

/// `reel watch`: renders, then renders again whenever a scene file, one of
/// its assets or a values file (`--vars`) changes, until interrupted. The
/// frame cache makes each round redraw only frames whose content changed;
/// the round's summary says how many. A scene or values file with mistakes
/// is reported and waited on, not fatal.
public enum SceneWatch {
    /// Renders the batch `makeBatch` builds — anew each round, so it reads
    /// the values files again — and waits for a change to its scenes, their
    /// assets or `files`. `scenes` are watched when the batch cannot be built.
    /// Returns when SIGINT or SIGTERM arrives between renders (outputs are
    /// complete then); throws `.interrupted` when one arrives during a render.
    /// `report` prints a round's error: the batch's own, or the caller's
    /// (a values file that no longer reads, worded with its flag).
    public static func run(scenes: [String], files: [String], pollInterval: Double = 0.25, quiet: Bool,
                           report: (any Error) -> Void,
                           batch makeBatch: () throws -> RenderBatch) throws(RenderError) {
        while true {
            // Stamped before anything is read, so no save made meanwhile is missed.
            let values = WatchedFiles(paths: files)
            var before = scenes.map { WatchedFiles(scene: $0) }
            do {
                let batch = try makeBatch()
                before = batch.requests.map { WatchedFiles(scene: $0.scenePath, parameters: $0.parameters) }
                try batch.run()
            } catch let error as RenderError {
                if case .interrupted = error { throw error }
                report(error)
            } catch {
                report(error)
            }
            before.append(values)
            if !quiet { say("watch: waiting for changes to \(scenes.joined(separator: ", ")) (Ctrl-C to stop)") }
            while true {
                Thread.sleep(forTimeInterval: pollInterval)
                if Interruption.shared.receivedSignal != nil { return }
                let changed = before.flatMap { $0.changes(in: $0.refreshed()) }
                guard !changed.isEmpty else { continue }
                if !quiet { say("watch: \(changed.joined(separator: ", ")) changed; rendering again") }
                break
            }
        }
    }

    private static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
