import FuzzBodies

/// libFuzzer entry point for the JSON reader that parses the editor's request bodies (see
/// `FuzzBodies.json`). Built only by `scripts/fuzz.sh`, like the other targets.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzBodies.json(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
