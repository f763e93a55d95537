import Foundation
import ProcessRunner
import Testing

/// Children run through `Program`: both streams read at once, input,
/// environment and folder, signals, timeouts, output waited for as it comes.
@Suite struct ChildProcessTests {
    static let shell = Program("/bin/sh")

    @Test func runCollectsBothStreamsAndTheStatus() throws {
        let r = try Self.shell.run(["-c", "echo out; echo err >&2; exit 3"])
        #expect(r.status == 3 && r.stdout == "out\n" && r.stderr == "err\n")
        #expect(r.peakMemoryKiB > 0)
    }

    /// Read one after the other, a child that fills the standard-error pipe
    /// before closing standard output would wait for ever: both are read at once.
    @Test func fullStandardErrorDoesNotBlockStandardOutput() throws {
        let r = try Self.shell.run(["-c", "head -c 1000000 /dev/zero | tr '\\0' e >&2; echo done"], timeout: 60)
        #expect(r.status == 0)
        #expect(r.stdout == "done\n")
        #expect(r.stderr.utf8.count == 1_000_000)
    }

    @Test func inputEnvironmentAndFolder() throws {
        let text = String(repeating: "line of input\n", count: 20_000)
        let cat = try Program("/bin/cat").run([], input: Data(text.utf8))
        #expect(cat.stdout == text)
        let r = try Self.shell.run(["-c", "echo \"$REEL_TEST_VALUE\"; pwd"], environment: ["REEL_TEST_VALUE": "given"], in: "/tmp")
        #expect(r.stdout == "given\n/tmp\n")
    }

    /// A child that stops reading its input early ends the writing, not this process (SIGPIPE).
    @Test func inputNotReadToTheEnd() throws {
        let r = try Program("/usr/bin/head").run(["-c", "3"], input: Data(count: 1 << 20))
        #expect(r.status == 0 && r.stdout.utf8.count == 3)
    }

    @Test func missingExecutableOrFolder() {
        #expect(throws: ProcessError.cannotStart(command: "/nonexistent/tool -x", errno: ENOENT)) {
            try Program("/nonexistent/tool").run(["-x"])
        }
        #expect(throws: ProcessError.cannotStart(command: "/bin/sh -c true", errno: ENOENT)) {
            try Self.shell.run(["-c", "true"], in: "/nonexistent/folder")
        }
    }

    /// A descriptor this process opened without close-on-exec (as a file
    /// being copied is) stays out of the child: an executable still open for
    /// writing in another process cannot be run.
    @Test func childKeepsOnlyItsStandardStreams() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        defer { close(descriptor) }
        #expect(descriptor > 2)
        let r = try Self.shell.run(["-c", "ls /proc/$$/fd"])
        #expect(r.stdout.split(separator: "\n") == ["0", "1", "2"], "\(r.stdout)")
    }

    /// A signal ends the child; the status is 128 + its number, as a shell shows it.
    @Test func signalsAndStatus() throws {
        let child = try Self.shell.start(["-c", "echo ready; exec sleep 30"])
        #expect(child.waitFor("ready", on: .stdout))
        #expect(child.isRunning)
        #expect(try child.stop(SIGTERM, timeout: 10).status == 128 + SIGTERM)
        #expect(!child.isRunning)
    }

    @Test func timeoutKillsTheChild() throws {
        let child = try Self.shell.start(["-c", "echo started; exec sleep 30"])
        #expect(child.waitFor("started", on: .stdout))
        #expect(throws: ProcessError.timedOut(command: "/bin/sh -c echo started; exec sleep 30", seconds: 0.2,
                                               stdout: "started\n", stderr: "")) {
            try child.wait(timeout: 0.2)
        }
        #expect(try child.wait(timeout: 10).status == 128 + SIGKILL)
    }

    /// Output is seen as it comes; a wait for text that never comes ends with the stream.
    @Test func waitForCountsOccurrences() throws {
        let child = try Self.shell.start(["-c", "echo tick >&2; echo tick >&2; read line; echo tick >&2"],
                                         input: Data("go\n".utf8))
        #expect(child.waitFor("tick", count: 3))
        #expect(!child.waitFor("tick", count: 4))
        #expect(try child.wait().stderr == "tick\ntick\ntick\n")
    }

    /// Released while running: killed, not left behind.
    @Test func releasedChildIsKilled() throws {
        var child: ChildProcess? = try Self.shell.start(["-c", "exec sleep 30"])
        let pid = child!.processIdentifier
        child = nil
        var gone = false
        for _ in 0..<200 where !gone {
            // Reaped: no such process (or the ID reused, which takes far longer).
            gone = kill(pid, 0) != 0
            usleep(10_000)
        }
        #expect(gone)
    }

    /// Hundreds of short runs, eight at a time, each released as soon as it
    /// has ended (what crashed the suite when a pipe's handler outlived the
    /// object it captured unowned).
    @Test func runReleasedRightAfterItEnds() throws {
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                do {
                    let r = try Self.shell.start(["-c", "echo gone >&2; exit 64"]).wait(timeout: 30)
                    if r.status != 64 || r.stderr != "gone\n" { failures.add("\(r)") }
                } catch {
                    failures.add("\(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
    }
}

private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ text: String) { lock.withLock { list.append(text) } }
    var all: [String] { lock.withLock { list } }
}
