import Foundation
import Pipeline

/// The subcommands, in the order `reel --help` lists them, and dispatch.
extension CommandSpec {
    static let all: [CommandSpec] = [.render, .batch, .preview, .watch, .plan, .concat, .still, .studio, .validate, .info,
                                     .verify, .diff, .cache, .schema, .importCommand, .bench, .helpCommand]

    static let version = "reel \(RendererIdentity.version)"

    /// `reel` and `reel --help`.
    static var usage: String {
        let width = all.map(\.name.count).max()! + 2
        return "reel — render scene files (JSON) to video and PNG frames\n\nUsage: reel COMMAND [OPTIONS]\n\nCommands:\n"
            + all.map { "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n")
            + "\n\nRun 'reel COMMAND --help' for a command's options, 'reel --version' for the version."
    }

    /// Runs the command `args` names.
    static func run(_ args: [String]) throws(ReelError) {
        guard let first = args.first else {
            print(usage)
            return
        }
        switch first {
        case "-h", "--help": print(usage)
        case "-V", "--version": print(version)
        default:
            guard let command = all.first(where: { $0.name == first }) else {
                let hint = Suggestion.phrase(for: first, in: all.map(\.name))
                throw .usage("unknown command '\(first)'\(hint); run 'reel --help' for the list")
            }
            try command(Array(args.dropFirst()))
        }
    }
}
