import FuzzBodies

/// libFuzzer entry point for image decoding: probe, decode, orient (see `FuzzBodies.decode`).
/// Built only by `scripts/fuzz.sh` (TAGPROJ_FUZZ=1, `--sanitize fuzzer`), which links libFuzzer's
/// own `main`; this file therefore has none (`-parse-as-library`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzBodies.decode(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
