import Foundation

/// The page — HTML, CSS and JavaScript shipped as the target's resources,
/// read once at start: no build step and nothing from outside.
struct PageFiles: Sendable {
    struct File: Sendable {
        var type: String
        var bytes: [UInt8]
    }

    private let files: [String: File]

    init() {
        var files: [String: File] = [:]
        for (name, type) in [("index.html", "text/html; charset=utf-8"), ("studio.css", "text/css; charset=utf-8"),
                             ("studio.js", "text/javascript; charset=utf-8")] {
            let parts = name.split(separator: ".")
            if let url = Bundle.module.url(forResource: String(parts[0]), withExtension: String(parts[1]), subdirectory: "Page"),
               let data = try? Data(contentsOf: url) {
                files["/" + name] = File(type: type, bytes: [UInt8](data))
            }
        }
        files["/"] = files["/index.html"]
        self.files = files
    }

    func file(at path: String) -> File? { files[path] }
}
