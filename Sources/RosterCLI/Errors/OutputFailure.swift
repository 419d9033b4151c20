/// Standard output failed while a command was still deciding whether to save: it stops, nothing
/// is saved, and ``Invocation/run(_:)`` reports the output's failure.
struct OutputFailure: Error {}
