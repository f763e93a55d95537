import Foundation
import Pipeline

/// `reel`: a thin shell over the Pipeline library. Parses arguments, runs the
/// command, prints errors to standard error and exits with a sysexits code.
let arguments = Array(CommandLine.arguments.dropFirst())
do {
    try Command.run(arguments)
    exit(0)
} catch {
    // Scene problems already start with file:line:column, compiler style.
    let text: String
    if case .invalidScene = error { text = error.description } else { text = "reel: " + error.description }
    FileHandle.standardError.write(Data((text + "\n").utf8))
    exit(error.exitCode)
}
