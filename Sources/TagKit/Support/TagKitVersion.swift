import CShims

/// The version of this build of TagKit and tagproj.
public enum TagKitVersion {
    /// The version this source tree is: what a plain `swift build` prints, and the base of a
    /// package's version (`scripts/package.sh` reads it from this line and appends the commit).
    public static let base = "0.1.0"

    /// The version, as `tagproj --version` prints it: the package's (`0.1.0~git20261202.abc1234`)
    /// when `scripts/package.sh` built this binary, else `base`.
    public static let string = tp_packaged_version().map { String(cString: $0) } ?? base
}
