import Foundation
import Media
import Pipeline
import SceneModel

/// The subcommands and their help texts.
enum Command {
    static let usage = """
        reel — render scene files (JSON) to video and PNG frames

        Usage:
          reel render SCENE.json|FOLDER… [-o OUT] [--format F] [--frames A-B] [--every N] [--jobs N] …
          reel batch SCENE.json --data ROWS.csv|.jsonl|.json [-o TEMPLATE] [--force] [--shard K/N] [render options]
          reel preview SCENE.json|FOLDER… [render options]
          reel watch SCENE.json… [render options]
          reel plan SCENE.json [--data ROWS] --shards N [--json]
          reel concat DIR/|PART… -o OUT.mp4
          reel verify SCENE.json|FOLDER… [--record | --update] [--golden DIR] [--data ROWS] [--shard K/N] …
          reel diff A B [--threshold N] [--max-share P] [--exact] …
          reel still SCENE.json [--time T] [--scale S] -o OUT.png
          reel studio SCENE.json [--port P] [--host ADDRESS]
          reel validate SCENE.json…
          reel info SCENE.json… [--json]
          reel schema [-o FILE]
          reel bench SCENE.json --frames N --png OUT.png [--threads N]
          reel help [COMMAND]

        Run 'reel render --help' for the options of a command.
        """

    static func run(_ args: [String]) throws(ReelError) {
        guard let first = args.first else { throw .usage(usage) }
        switch first {
        case "-h", "--help", "help":
            switch args.count > 1 ? args[1] : "" {
            case "render": print(renderHelp)
            case "batch": print(batchHelp)
            case "watch": print(watchHelp)
            case "preview": print(previewHelp)
            case "validate": print(validateHelp)
            case "still": print(stillHelp)
            case "studio": print(studioHelp)
            case "bench": print(benchHelp)
            case "concat": print(concatHelp)
            case "plan": print(planHelp)
            case "info": print(infoHelp)
            case "schema": print(schemaHelp)
            case "verify": print(verifyHelp)
            case "diff": print(diffHelp)
            default: print(usage)
            }
        case "render":
            try render(Array(args.dropFirst()))
        case "batch":
            try batch(Array(args.dropFirst()))
        case "preview":
            try preview(Array(args.dropFirst()))
        case "watch":
            try watch(Array(args.dropFirst()))
        case "bench":
            try bench(Array(args.dropFirst()))
        case "concat":
            try concat(Array(args.dropFirst()))
        case "plan":
            try plan(Array(args.dropFirst()))
        case "validate":
            try validate(Array(args.dropFirst()))
        case "still":
            try still(Array(args.dropFirst()))
        case "studio":
            try studio(Array(args.dropFirst()))
        case "info":
            try info(Array(args.dropFirst()))
        case "schema":
            try schema(Array(args.dropFirst()))
        case "verify":
            try verify(Array(args.dropFirst()))
        case "diff":
            try diff(Array(args.dropFirst()))
        default:
            throw .usage("unknown command '\(first)'\n\n" + usage)
        }
    }
}
