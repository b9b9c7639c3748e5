/// What `trove --version` prints: the release and the commit the binary was built from
/// (`buildCommit`, written by the StampVersion plugin before every build).
///
/// ```sh
/// $ trove --version
/// trove 0.1.0 (commit 4057e49a1c2d)
/// ```
enum TroveVersion {
    /// The release; raise it with every tagged release, and say what changed in the README.
    static let release = "0.1.0"

    static var number: String { "\(release) (commit \(buildCommit))" }
}
