import Foundation
import Pixels
import Testing

/// Recording references is a local act: in CI the record switch is refused
/// and nothing under References/ is written or overwritten.
@Suite struct ReferenceGuardTests {
    @Test func recordingIsRefusedInCI() {
        #expect(ReferenceImage.mode(in: [:]) == .compare)
        #expect(ReferenceImage.mode(in: ["REEL_RECORD_REFERENCES": "1"]) == .record)
        #expect(ReferenceImage.mode(in: ["REEL_RECORD_REFERENCES": "1", "CI": "true"]) == .refused)
    }

    /// The guard used to record a failure and write the reference anyway.
    @Test func refusedRecordingWritesNothing() throws {
        let name = "guard-probe-\(UUID().uuidString)"
        let path = ReferenceImage.folder.appendingPathComponent(name + ".png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        withKnownIssue {
            try ReferenceImage.check(Bitmap(width: 2, height: 2), named: name, tolerance: 0,
                                     environment: ["REEL_RECORD_REFERENCES": "1", "CI": "true"])
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
