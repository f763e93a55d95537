import Pipeline
import Studio

/// Why a command failed: a mistake in the invocation, or the library's
/// error. The wording of both for standard error (`message`, in
/// `ReelError+Wording.swift`) and the process's exit status live here, at
/// the edge, so the library never names a flag.
enum ReelError: Error {
    case usage(String)
    case render(RenderError)
    case studio(StudioError)
    /// Frames changed beyond their tolerance (`reel verify`, `reel diff`):
    /// exit status 1, as diff(1)'s "different". The report said which.
    case framesChanged(String)
    /// A failure of `reel verify` or `reel diff`, whose exit statuses follow
    /// diff(1) and CI custom: a usage mistake is 2 there, not 64.
    indirect case comparison(ReelError)
    /// Problems of several inputs (e.g. `reel validate a.json b.json`).
    indirect case several([ReelError])

    /// sysexits(3) codes: scripts can tell a bad invocation from a bad scene
    /// from a failing disk.
    var exitCode: Int32 {
        switch self {
        case .usage, .studio: return 64                  // EX_USAGE
        case .several(let errors): return errors.map(\.exitCode).max() ?? 65
        case .framesChanged: return 1
        case .comparison(let error): return error.exitCode == 64 ? 2 : error.exitCode
        case .render(let error):
            switch error {
            case .invalidScene, .invalidRows: return 65  // EX_DATAERR
            case .parameters: return 64                  // the invocation gave them
            case .failedRows: return 74                  // EX_IOERR
            case .cannotReadScene, .cannotReadData: return 66 // EX_NOINPUT
            case .canvas, .plan, .template: return 64    // the invocation asked for it
            // Settings the invocation chose (an unknown extension, a crf, a GIF
            // frame rate) are a usage mistake, not a failing disk.
            case .output(.invalidSettings): return 64
            case .output: return 74                      // EX_IOERR
            case .chunks: return 65                      // EX_DATAERR
            // A manifest or input that is not there, or one that cannot be used.
            case .verify(.manifestMissing), .verify(.unreadableInput): return 66
            case .verify: return 65
            case .interrupted(let signal): return 128 + signal // 130 for SIGINT, 143 for SIGTERM
            case .several(let errors): return errors.map { ReelError.render($0).exitCode }.max() ?? 65
            }
        }
    }
}
