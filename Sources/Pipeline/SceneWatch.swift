import Foundation

/// `reel watch`: renders, then renders again whenever a scene file or one of
/// its assets changes, until interrupted. The frame cache makes each round
/// redraw only frames whose content changed; the round's summary says how
/// many. A scene with mistakes is reported and waited on, not fatal.
public enum SceneWatch {
    /// Returns when SIGINT or SIGTERM arrives between renders (outputs are
    /// complete then); throws `.interrupted` when one arrives during a render.
    /// `report` prints a round's error (the command line words its flags).
    public static func run(_ batch: RenderBatch, pollInterval: Double = 0.25,
                           report: (ReelError) -> Void) throws(ReelError) {
        let scenes = batch.requests.map(\.scenePath)
        let quiet = batch.progress == .quiet
        while true {
            let before = batch.requests.map { WatchedFiles(scene: $0.scenePath, parameters: $0.parameters) }
            do {
                try batch.run()
            } catch {
                if case .interrupted = error { throw error }
                report(error)
            }
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
