import FuzzBodies

/// libFuzzer entry point for the lossless JPEG path: coefficients read, rectangles decoded,
/// painted and re-encoded, the file written (see `FuzzBodies.lossless`). Built only by
/// `scripts/fuzz.sh`, which links libFuzzer's own `main` (`-parse-as-library`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLossless(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzBodies.lossless(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
