import FuzzBodies

/// libFuzzer entry point for project files: open, check, read (see `FuzzBodies.openProject`).
/// Built only by `scripts/fuzz.sh` (TAGPROJ_FUZZ=1, `--sanitize fuzzer`), which links libFuzzer's
/// own `main`; this file therefore has none (`-parse-as-library`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProject(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzBodies.openProject(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
