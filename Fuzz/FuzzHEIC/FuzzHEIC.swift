import FuzzBodies

/// libFuzzer entry point for HEIF-family decoding (HEIC, AVIF through libheif): probe, decode,
/// orient (see `FuzzBodies.decodeHEIF`). Built only by `scripts/fuzz.sh`, like `FuzzDecode`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzBodies.decodeHEIF(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
