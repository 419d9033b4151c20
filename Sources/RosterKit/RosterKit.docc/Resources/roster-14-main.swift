import RosterCLI

// The `roster` tool's whole main.swift.
CommandLineTool.main()
