import Foundation

/// An executable to run as a child process: `reel` itself, or a tool the
/// tests and benchmarks compare it with (ffprobe, hb-shape, x264 through ffmpeg).
public struct Program: Sendable, CustomStringConvertible {
    public let path: String
    /// Variables every run of the program gets (a run's own win over them).
    public let environment: [String: String]

    public init(_ path: String, environment: [String: String] = [:]) {
        self.path = path
        self.environment = environment
    }

    /// The `reel` built beside the running executable: the test bundle and
    /// the benchmarks are built into the same folder as it.
    /// Its frame cache is a folder of this process's, not the user's, so
    /// tests and benchmarks neither fill the user's cache nor read frames
    /// another run left there.
    public static let reel = Program(URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("reel").path,
        environment: ["REEL_CACHE_DIR": NSTemporaryDirectory() + "reel-cache-\(getpid())"])

    /// The first executable called `name` in the folders of `PATH`, if any.
    public static func onPath(_ name: String) -> Program? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }.map { Program($0) }
    }

    public var description: String { path }

    /// The program and `arguments` as one line, for messages.
    func commandLine(_ arguments: [String]) -> String {
        ([path] + arguments).joined(separator: " ")
    }

    /// Starts the program with `arguments`; `input` is its standard input
    /// (none: /dev/null), `environment` is added to this process's, and
    /// `folder` is its current directory (nil: this process's).
    public func start(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
                      in folder: String? = nil) throws(ProcessError) -> ChildProcess {
        try ChildProcess(self, arguments, input: input, environment: self.environment.merging(environment) { $1 }, folder: folder)
    }

    /// Runs the program to its end (see `start`); after `timeout` seconds it
    /// is killed and `ProcessError.timedOut` thrown.
    public func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
                    in folder: String? = nil, timeout: Double? = nil) throws(ProcessError) -> ProcessResult {
        try start(arguments, input: input, environment: environment, in: folder).wait(timeout: timeout)
    }
}
