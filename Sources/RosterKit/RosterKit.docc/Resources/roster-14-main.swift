import RosterCLI

// The `roster` tool's whole main.swift. RosterCLI is a target of this package, not a product:
// parsing, help and rendering, with everything passed in so its tests run it in-process.
CommandLineTool.main()
