// swift-tools-version: 6.0
// libFuzzer targets for Reel's input readers, in a package of their own so
// the normal build never sees `-sanitize=fuzzer`. Build them with
// `make fuzz` (or scripts/fuzz.sh), which passes the fuzzer and
// AddressSanitizer flags to every module, Reel's included.
import PackageDescription

let reel: [Target.Dependency] = [.product(name: "ReelLibraries", package: "Reel"), "CFuzzDriver"]

let package = Package(
    name: "ReelFuzz",
    dependencies: [.package(name: "Reel", path: "..")],
    targets: [.target(name: "CFuzzDriver")] + ["json", "scene", "lottie", "expression", "svg-path", "png", "image", "font", "batch-data"].map { name in
        // Each `main.swift` hands its function to libFuzzer's driver.
        .executableTarget(name: "fuzz-\(name)", dependencies: reel)
    }
)
