import Media
import Testing

/// `PathName` gives `NSString`'s folder and name parts, also for the
/// one-letter paths on which Foundation's `deletingLastPathComponent` traps.
@Suite struct PathNameTests {
    @Test(arguments: [("p", "", "p"), ("p/", "", "p"), ("p//", "", "p"), ("ab", "", "ab"), ("ab/", "", "ab"),
                      ("a/b", "a", "b"), ("a/b/", "a", "b"), ("a//b", "a", "b"), ("/p", "/", "p"), ("/p/", "/", "p"),
                      ("/", "/", "/"), ("//", "/", "/"), ("./p", ".", "p"), ("x/y/z.mp4", "x/y", "z.mp4"), ("", "", "")])
    func splitsLikeNSString(path: String, folder: String, name: String) {
        #expect(PathName.folder(of: path) == folder)
        #expect(PathName.name(of: path) == name)
    }
}
