// swift-tools-version:6.0
import PackageDescription

/// tagproj: dish-name and price tags on food photos, one SQLite project file per editing session.
///
/// The C libraries come from Debian's `-dev` packages through system-library targets; the little
/// C that Swift cannot do (setjmp-guarded libjpeg/libpng calls, libwebp and libheif glue, HarfBuzz's subsetter and
/// libqrencode opened on first use, variadic sqlite3_db_config, the embedded schema, the resampling's loops built for both
/// SSE2 and AVX2 and picked by the processor) lives in `CShims`.
/// Whether the font and codec libraries are opened on first call rather than at start-up: on
/// x86-64, where CLazyLoad has trampolines, unless TAGPROJ_LINK_ALL=1 asks for the ordinary link
/// (scripts/make-lazy-libraries.sh reads from such a build which of their functions tagproj calls).
#if arch(x86_64)
let lazyLoading = Context.environment["TAGPROJ_LINK_ALL"] != "1"
#else
let lazyLoading = false
#endif

/// The font and codec libraries, linked only where they are not opened on first call.
let lazyLibraries: [LinkerSetting] = lazyLoading ? [] :
    ["freetype", "harfbuzz", "fontconfig", "jpeg", "png16", "webp", "webpdemux", "webpmux"].map { .linkedLibrary($0) }

/// Where FreeType's headers find each other, for every Swift module that imports CFreeType or a
/// module that does (pkg-config gave it before, with the -L that linked the library).
let freetypeHeaders: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/freetype2"])]

let package = Package(
    name: "tagproj",
    products: [
        .library(name: "TagKit", targets: ["TagKit"]),
        .executable(name: "tagproj", targets: ["tagproj"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The font libraries' headers only, without pkg-config: its -L/usr/lib/<triplet> would come
        // first on the link line and make the release build link them (see `lazyLoading`).
        // FreeType's headers include each other from /usr/include/freetype2 (`freetypeHeaders`).
        .systemLibrary(name: "CFreeType", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CHarfBuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // The header only (no pkg-config, so no -lfribidi): right-to-left text dlopens the library.
        .systemLibrary(name: "CFriBidi", providers: [.apt(["libfribidi-dev"])]),
        // The header only (no pkg-config, so no -lmicrohttpd): the editor dlopens the library.
        .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
        // The header only (no pkg-config, so no -lqrencode): `open --lan`'s QR code dlopens the library.
        .systemLibrary(name: "CQREncode", providers: [.apt(["libqrencode-dev"])]),
        // Opening a C library on first use: dlopen and a table of its functions, for the codec shims
        // and the editor's alike, and (x86-64) trampolines for the font and codec libraries.
        .target(name: "CLazyLoad", cSettings: lazyLoading ? [] : [.define("TP_LAZY_LINK_ALL")]),
        .target(
            name: "CShims",
            dependencies: ["CSQLite", "CHarfBuzz", "CLazyLoad", "CQREncode"],
            cSettings: [.unsafeFlags(["-std=gnu2x"])],
            linkerSettings: [.linkedLibrary("sqlite3")] + lazyLibraries
        ),
        .target(
            name: "TagKit",
            dependencies: ["CSQLite", "CShims", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi"],
            swiftSettings: freetypeHeaders,
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The editor's C glue: the HTTP server over libmicrohttpd and the embedded page.
        .target(name: "CEditor", dependencies: ["CMicroHTTPD", "CLazyLoad"], cSettings: [.unsafeFlags(["-std=gnu2x"])]),
        .target(name: "TagProjEditor", dependencies: ["TagKit", "CEditor", "CShims"], exclude: ["Page"]),
        // The release build takes the C++ library statically (see link/libstdc++.so): only the Swift
        // runtime needs it, and loading it at start-up cost every short command a third of its time.
        // It links none of the font and codec libraries either (see link/lazy/ and CLazyLoad/lazy.c).
        .executableTarget(name: "tagproj", dependencies: ["TagKit", "TagProjEditor", "CShims"],
                          swiftSettings: freetypeHeaders,
                          linkerSettings: [.unsafeFlags(["-L", Context.packageDirectory + "/link"], .when(platforms: [.linux], configuration: .release))]),
        .target(name: "FuzzBodies", dependencies: ["TagKit"], path: "Fuzz/FuzzBodies"),
        // The lossless-export tests' reader of JPEG coefficients: libjpeg alone, not the code they check.
        .target(name: "CJPEGCoefficients", path: "Tests/CJPEGCoefficients", linkerSettings: [.linkedLibrary("jpeg")]),
        .testTarget(name: "TagKitTests", dependencies: ["TagKit", "FuzzBodies", "CJPEGCoefficients"],
                    exclude: ["Render/Golden", "Text/BidiReference"]),
        .testTarget(name: "tagprojTests", dependencies: ["tagproj", "TagKit", "FuzzBodies"], exclude: ["Golden"]),
        .testTarget(name: "TagProjEditorTests", dependencies: ["TagProjEditor", "TagKit"]),
    ]
)

// libFuzzer targets, built only by scripts/fuzz.sh (TAGPROJ_FUZZ=1 with --sanitize fuzzer --sanitize
// address): they have no `main` of their own (libFuzzer links one), so an ordinary build must not
// see them.
if Context.environment["TAGPROJ_FUZZ"] == "1" {
    for name in ["FuzzDecode", "FuzzHEIC", "FuzzProject", "FuzzJSON", "FuzzLossless", "FuzzFont"] {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FuzzBodies"], path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    }
    for target in package.targets {
        switch target.name {
        case "TagKit", "FuzzBodies", "FuzzDecode", "FuzzHEIC", "FuzzProject", "FuzzJSON", "FuzzLossless", "FuzzFont":
            // SwiftPM passes one -sanitize= per --sanitize, in no fixed order, and swiftc keeps only
            // the last: each build gave the Swift code either coverage (and no ASan) or ASan (and
            // no coverage, the fuzzer blind). Both in one flag, after SwiftPM's.
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer,address"])]
        case "CShims":
            // UndefinedBehaviorSanitizer for the C (swiftc has no -sanitize=undefined on Linux, so
            // not --sanitize undefined), fatal so that libFuzzer sees it; ASan's runtime has the handlers.
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=undefined", "-fno-sanitize-recover=undefined"])]
        default:
            break
        }
    }
}
