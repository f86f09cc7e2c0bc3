#ifndef TP_VERSION_H
#define TP_VERSION_H

/// The version a packager gave this build, or NULL for an ordinary build. scripts/package.sh passes
/// the Debian package's version (`-Xcc -DTAGPROJ_VERSION="0.1.0~git20261202.abc1234"`) so that
/// `tagproj --version` prints what `dpkg -s tagproj` says; a plain `swift build` leaves it unset
/// and TagKitVersion falls back to its own number.
const char *tp_packaged_version(void);

#endif
