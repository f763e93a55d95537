import Foundation
import Pipeline

/// `reel`: a thin shell over the Pipeline library. Parses arguments, runs the
/// command, prints errors to standard error and exits with a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())
Interruption.shared.install()
MemoryReuse.configure()
do {
    try CommandSpec.run(arguments)
    // A command that stopped early but cleanly on a signal (`watch`) still says so.
    exit(Interruption.shared.receivedSignal.map { 128 + $0 } ?? 0)
} catch {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(error.exitCode)
}
