import Foundation
import ProcessRunner
import Testing

/// Outputs that cannot be written: the process exits 74 with a message
/// naming the file, and nothing is left under the final name (nor any
/// temporary). A full disk is simulated with a file-size limit (`ulimit -f`,
/// any user, any file system): past it a write fails with EFBIG, as on a
/// full file system it fails with ENOSPC, through the same code.
@Suite struct WriteFailureTests {
    let cli = CommandLineTests()

    /// Runs `reel` under a 4-block file-size limit (2 KiB in dash, 4 KiB in bash).
    func runLimited(_ args: [String]) throws -> ProcessResult {
        try Program("/bin/sh").run(["-c", "ulimit -f 4 && exec \"$0\" \"$@\"", Program.reel.path] + args)
    }

    static let hello = Repository.root.appendingPathComponent("Scenes/hello.json").path

    /// Arguments, message and the file that must not appear; DIR is the test's folder.
    static let outputs: [(args: [String], message: String, file: String)] = [
        (["still", hello, "-o", "DIR/still.png"], "reel: cannot write DIR/still.png: File too large\n", "still.png"),
        (["render", hello, "--frames", "0-9", "--png-dir", "DIR/seq", "--no-cache", "--quiet"],
         "reel: cannot write DIR/seq/frame_00000.png: File too large\n", "seq/frame_00000.png"),
        (["render", hello, "--frames", "0-29", "-o", "DIR/out.mp4", "--no-cache", "--quiet"],
         "reel: cannot encode DIR/out.mp4: writing the MP4 trailer failed: File too large\n", "out.mp4"),
    ]

    /// Killed by SIGXFSZ, reel would leave its temporary and no message.
    @Test(arguments: 0..<outputs.count)
    func fullDiskExits74AndLeavesNothing(index: Int) throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (args, message, file) = Self.outputs[index]
        let r = try runLimited(args.map { $0.replacingOccurrences(of: "DIR", with: dir) })
        #expect(r.status == 74)
        #expect(r.stderr == message.replacingOccurrences(of: "DIR", with: dir))
        #expect(!FileManager.default.fileExists(atPath: dir + "/" + file))
        let left = FileManager.default.subpaths(atPath: dir)?.filter { !$0.hasSuffix("seq") } ?? []
        #expect(left == [], "left behind: \(left)")
    }

    /// The limit is what fails the writes above: without it the same render works.
    @Test func sameRenderSucceedsWithoutTheLimit() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["still", Self.hello, "-o", dir + "/still.png"])
        #expect(r.status == 0)
        let size = (try FileManager.default.attributesOfItem(atPath: dir + "/still.png")[.size] as? Int) ?? 0
        #expect(size > 4096)
    }

    @Test func unknownOutputExtensionIsAUsageError() throws {
        let dir = try cli.tempDir()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try Program.reel.run(["render", Self.hello, "-o", dir + "/out.avi", "--quiet"])
        #expect(r.status == 64)
        #expect(r.stderr == "reel: -o \(dir)/out.avi: unknown video format; use .mp4, .mov, .webm, .gif, or --format\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [])
    }
}
