import Testing
import Animation
@testable import SceneModel

/// The scene's `audio` list: clips with their defaults, volumes animated as
/// any number, files named by path or by an `audio` parameter, and the exact
/// message of each mistake.
@Suite struct AudioClipDecodingTests {
    static let canvas = #""canvas": {"width": 100, "height": 50, "duration": 4}"#

    func decode(_ body: String, _ assignments: [ParameterAssignment] = []) throws(SceneLoadError) -> Scene {
        try SceneDecoder.decode(Array("{\(Self.canvas), \(body)}".utf8), file: "s.json", parameters: assignments)
    }

    func problems(_ body: String, _ assignments: [ParameterAssignment] = []) -> [String] {
        do {
            _ = try decode(body, assignments)
            return []
        } catch {
            return error.diagnostics.map(\.description) + error.parameterIssues.map { "\($0.name): \($0.message)" }
        }
    }

    @Test func aClipTakesItsDefaults() throws {
        let scene = try decode(#""audio": [{"file": "sounds/a.wav"}]"#)
        #expect(scene.audio.count == 1)
        let clip = scene.audio[0]
        #expect(clip.file.path == "sounds/a.wav")
        #expect(clip.file.jsonPath == "$.audio[0].file")
        #expect(clip.file.location == SourceLocation(line: 1, column: 76))
        #expect(clip.parameter == nil)
        #expect(clip.start == 0 && clip.trimIn == 0 && clip.trimOut == nil && !clip.loop && clip.gain == 0)
        #expect(clip.volume == .constant(1))
    }

    @Test func everyKeyIsRead() throws {
        let scene = try decode(#"""
            "variables": {"level": 0.5},
            "audio": [{"file": "a.MP3", "start": 1.5, "in": 0.25, "out": 2, "loop": true, "gain": -6,
                       "volume": {"keyframes": [{"t": 0, "value": 0}, {"t": 2, "value": 1, "curve": "easeIn"}]}},
                      {"file": "b.flac", "volume": {"expr": "level * 2"}}]
            """#)
        let a = scene.audio[0], b = scene.audio[1]
        #expect(a.start == 1.5 && a.trimIn == 0.25 && a.trimOut == 2 && a.loop && a.gain == -6)
        #expect(a.volume == .keyframes(Keyframes(keys: [Keyframe(time: 0, value: 0), Keyframe(time: 2, value: 1, curve: .easeIn)])))
        guard case .expression = b.volume else { Issue.record("volume \(b.volume)"); return }
    }

    /// An `audio` parameter names the file; `--set` and batch rows replace it,
    /// relative paths from outside joined to their folder.
    @Test func anAudioParameterNamesTheFile() throws {
        let body = #""variables": {"music": {"audio": "tracks/theme.ogg"}}, "audio": [{"file": "music", "gain": -3}]"#
        let scene = try decode(body)
        #expect(scene.parameters == [Parameter(name: "music", kind: .audio, value: .audio("tracks/theme.ogg"))])
        #expect(scene.audio[0].file.path == "tracks/theme.ogg")
        #expect(scene.audio[0].parameter == "music")
        let row = try decode(body, [ParameterAssignment(name: "music", value: .text("day7.m4a"), baseDirectory: "/data")])
        #expect(row.audio[0].file.path == "/data/day7.m4a")
        #expect(row.parameters[0].value == .audio("/data/day7.m4a"))
        #expect(problems(body, [ParameterAssignment(name: "music", value: .text("day7.png"))]) == [
            #"music: expected a sound file (a path ending in .wav, .aiff, .flac, .mp3, .m4a, .aac, .opus or .ogg), found "day7.png""#,
        ])
    }

    static let mistakes: [(body: String, message: String)] = [
        (#""audio": {"file": "a.wav"}"#,
         #"s.json:1:66: $.audio: expected an array of audio clips, found an object"#),
        (#""audio": [{"start": 1}]"#,
         #"s.json:1:67: $.audio[0]: missing required key "file""#),
        (#""audio": [{"file": "a.wav", "gian": -3}]"#,
         #"s.json:1:85: $.audio[0].gian: unknown key "gian" in an audio clip; did you mean "gain"?"#),
        (#""audio": [{"file": "a.txt"}]"#,
         #"s.json:1:76: $.audio[0].file: expected a sound file (a path ending in .wav, .wave, .aif, .aiff, .aifc, .flac, .mp3, .aac, .m4a, .opus, .ogg, .oga) or the name of an audio parameter, found "a.txt""#),
        (#""variables": {"musik": {"audio": "a.wav"}}, "audio": [{"file": "music"}]"#,
         #"s.json:1:120: $.audio[0].file: expected a sound file (a path ending in .wav, .wave, .aif, .aiff, .aifc, .flac, .mp3, .aac, .m4a, .opus, .ogg, .oga) or the name of an audio parameter, found "music"; did you mean "musik"?"#),
        (#""variables": {"title": "Hi"}, "audio": [{"file": "title"}]"#,
         #"s.json:1:106: $.audio[0].file: 'title' is a parameter of kind string; a clip's file is a sound file or an audio parameter"#),
        (#""audio": [{"file": "a.wav", "start": 5}]"#,
         #"s.json:1:94: $.audio[0].start: expected a number ≥ 0 and ≤ 4, found 5"#),
        (#""audio": [{"file": "a.wav", "in": 2, "out": 1}]"#,
         #"s.json:1:101: $.audio[0].out: expected a number > 2, found 1"#),
        (#""audio": [{"file": "a.wav", "loop": "yes"}]"#,
         #"s.json:1:93: $.audio[0].loop: expected true or false, found "yes""#),
        (#""audio": [{"file": "a.wav", "gain": 30}]"#,
         #"s.json:1:93: $.audio[0].gain: expected a number ≥ -120 and ≤ 24, found 30"#),
        (#""audio": [{"file": "a.wav", "volume": -1}]"#,
         #"s.json:1:95: $.audio[0].volume: expected a number ≥ 0, found -1"#),
        (#""audio": [{"file": "a.wav", "volume": {"expr": "nope + 1"}}]"#,
         #"s.json:1:105: $.audio[0].volume.expr: unknown name 'nope'"#),
        (#""variables": {"music": {"audio": "a.png"}}"#,
         #"s.json:1:90: $.variables.music.audio: expected a sound file (a path ending in .wav, .aiff, .flac, .mp3, .m4a, .aac, .opus or .ogg), found "a.png""#),
        (#""variables": {"music": {"audio": "a.wav"}}, "layers": [{"type": "text", "text": "{music}"}]"#,
         #"s.json:1:137: $.layers[0].text: placeholder {music}: 'music' is a sound; only strings, numbers and booleans can be written in text"#),
    ]

    @Test(arguments: mistakes.indices)
    func mistakesGiveExactMessages(index: Int) {
        let (body, message) = Self.mistakes[index]
        #expect(problems(body) == [message])
    }
}
