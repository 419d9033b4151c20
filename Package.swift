// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "roster",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "RosterKit", targets: ["RosterKit"]),
        .executable(name: "roster", targets: ["roster"]),
    ],
    targets: [
        .target(name: "RosterKit"),
        .target(name: "RosterCLI", dependencies: ["RosterKit"]),
        .executableTarget(name: "roster", dependencies: ["RosterCLI"]),
        .testTarget(name: "RosterKitTests", dependencies: ["RosterKit"]),
        .testTarget(name: "RosterCLITests", dependencies: ["RosterCLI", "RosterKit", "roster"]),
    ],
    swiftLanguageModes: [.v6]
)
