import FuzzBodies

/// libFuzzer entry point for the embedded-font path: a project's font subset loaded, checked,
/// shaped and drawn (see `FuzzBodies.font`). Built only by `scripts/fuzz.sh`, like the other targets.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzBodies.font(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
