/// One subcommand: what it is for, what it takes, and what it does. The
/// table of these (`CommandSpec.all`) drives dispatch, `--help`, `reel help
/// --markdown` and the suggestions for a misspelt command or flag.
struct CommandSpec: Sendable {
    let name: String
    /// One line: what the command does.
    let summary: String
    /// The usage lines after "reel NAME ".
    let usage: [String]
    /// Paragraphs shown between the usage and the options.
    var about: String = ""
    let options: [Option]
    var examples: [String] = []
    /// Its failures take diff(1)'s and CI's exit statuses (`verify`, `diff`):
    /// a usage mistake is 2, as 1 means "changed".
    var comparesFrames = false
    let run: @Sendable (ParsedArguments) throws(ReelError) -> Void

    /// The flags this command takes, with `--help`.
    var allOptions: [Option] { options + [.help] }

    /// `args` parsed against this command's options, then run (or its help printed).
    func callAsFunction(_ args: [String]) throws(ReelError) {
        do {
            let parsed = try ParsedArguments(args, for: self)
            if parsed.has(.help) { print(help); return }
            try run(parsed)
        } catch {
            throw comparesFrames ? .comparison(error) : error
        }
    }
}
