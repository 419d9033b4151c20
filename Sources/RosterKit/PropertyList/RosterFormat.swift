/// The flavour of property list a roster file is stored in.
///
/// New rosters are ``binary``, as `PropertyListEncoder` writes them by default; a roster that was
/// converted to XML (for example with `plutil -convert xml1`) stays XML when it is rewritten.
public enum RosterFormat: String, Sendable, CaseIterable {
    /// Apple's compact binary property list, starting with `bplist00`.
    case binary
    /// The XML property list, readable in any text editor.
    case xml
}
