import RosterCLI

// The `roster` tool. Everything it does is in RosterCLI, where tests run it in-process.
CommandLineTool.main()
