// swift-tools-version:6.2
import PackageDescription

// Two layers: RosterKit is the teaching app grown up (the model, StorageHandler, the view model);
// RosterEngine, below it, is what makes it fast (parallel work, sorting, bytes and text). The
// engine is not a product and cannot see Student.
//
// Swift 6.2 is needed for `@concurrent` and `SendableMetatype`. The platforms are the first whose
// SDKs have what RosterKit uses: Observation (macOS 14, iOS 17) and Synchronization's `Mutex`
// (macOS 15, iOS 18). Linux needs no declaration.
let package = Package(
    name: "roster",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "RosterKit", targets: ["RosterKit"]),
        .executable(name: "roster", targets: ["roster"]),
    ],
    targets: [
        .target(name: "RosterEngine"),
        .target(name: "RosterKit", dependencies: ["RosterEngine"]),
        .target(name: "RosterCLI", dependencies: ["RosterKit", "RosterEngine"]),
        // The tool's release build leaves out the debug sections the static Swift libraries bring.
        .executableTarget(
            name: "roster", dependencies: ["RosterCLI"],
            linkerSettings: [
                .unsafeFlags(
                    ["-Xlinker", "--strip-debug"], .when(platforms: [.linux], configuration: .release))
            ]),
        // Tests in two layers: in-process tests of the library and the command line, which run in
        // seconds, and end-to-end tests that run the built binary (fuzzing, killed writers,
        // terminals, shells, other tools).
        .target(name: "RosterTestSupport", dependencies: ["RosterCLI"], path: "Tests/RosterTestSupport"),
        .testTarget(name: "RosterKitTests", dependencies: ["RosterKit", "RosterEngine"]),
        .testTarget(
            name: "RosterCLITests",
            dependencies: ["RosterCLI", "RosterKit", "RosterEngine", "RosterTestSupport"]),
        .testTarget(
            name: "RosterEndToEndTests",
            dependencies: ["RosterCLI", "RosterKit", "RosterEngine", "RosterTestSupport", "roster"],
            // The pseudo-terminal driver the shell tests run with python3, read from its place.
            exclude: ["Scripts"]),
    ],
    swiftLanguageModes: [.v6]
)
