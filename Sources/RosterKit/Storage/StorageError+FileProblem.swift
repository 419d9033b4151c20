import RosterEngine

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension StorageError {
    /// The storage error for a problem the engine met with a file.
    init(_ problem: FileProblem) {
        switch problem {
        case .isDirectory(let path): self = .isDirectory(path: path)
        case .notAFile(let path, let kind): self = .notAFile(path: path, kind: kind)
        case .brokenLink(let path, let target): self = .brokenLink(path: path, target: target)
        case .linkLoop(let path): self = .linkLoop(path: path)
        case .tooLarge(let path, let limit): self = .tooLarge(path: path, limit: limit)
        case .readOnly(let path): self = .readOnly(path: path)
        case .notOwnFile(let path): self = .notOwnFile(path: path)
        case .busy(let path, let seconds): self = .busy(path: path, seconds: seconds)
        case .changedWhileRead(let path): self = .changedWhileRead(path: path)
        case .system(let path, let action, let code):
            self = .fileSystem(path: path, action: action, code: code)
        }
    }

    /// Runs `body`, turning the engine's file problems into storage errors: the one place where
    /// the engine's facts become the library's errors.
    static func translating<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let problem as FileProblem {
            throw StorageError(problem)
        }
    }
}
