import Foundation

/// The repository's root folder, for the scenes, fonts and docs the tests read.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
