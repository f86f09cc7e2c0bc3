import CShims

/// The C functions of one shim encoder (`tp_jpeg_encoder_*`, `tp_png_encoder_*`), which all have
/// the same shapes.
struct ShimEncoderFunctions: Sendable {
    let writeRows: @Sendable (OpaquePointer?, UnsafePointer<UInt8>?, Int, Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let finish: @Sendable (OpaquePointer?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let close: @Sendable (OpaquePointer?) -> Void
}

/// The loop both encoders share: open the shim encoder on the caller's sink, pull bands of rows
/// from a `RowSource` into it, finish. The shim writes nothing itself; it calls back into the sink,
/// and when the sink refuses (a full disk, a closed pipe) its own error is what is thrown.
enum ShimEncoding {
    /// Rows per band: a multiple of the 16-row JPEG MCU, small enough to stay in cache.
    static let bandRows = 16

    /// Holds the sink for the C callback, and the error the sink threw.
    final class Bridge {
        let sink: any OutputSink
        var error: (any Error)?
        init(_ sink: any OutputSink) { self.sink = sink }
    }

    /// The `tp_write_fn` every encoder is given: forwards to the bridge's sink.
    static let write: tp_write_fn = { context, data, length in
        let bridge = Unmanaged<Bridge>.fromOpaque(context!).takeUnretainedValue()
        do {
            try bridge.sink.write(UnsafeRawBufferPointer(start: data, count: length))
            return 0
        } catch {
            bridge.error = error
            return 1
        }
    }

    /// Opens an encoder with `open(write, context, &handle, msg, cap)`, feeds it every row of
    /// `source` in bands (after `prepare`, which may change a band in place, e.g. to flatten
    /// alpha) and finishes it.
    static func encode(_ source: inout some RowSource, format: ImageFormat, to sink: any OutputSink,
                       functions: ShimEncoderFunctions,
                       prepare: ((UnsafeMutableBufferPointer<UInt8>, Int) -> Void)? = nil,
                       open: (tp_write_fn, UnsafeMutableRawPointer, UnsafeMutablePointer<OpaquePointer?>,
                              UnsafeMutablePointer<CChar>, Int) -> Int32) throws {
        let bridge = Bridge(sink)
        try withExtendedLifetime(bridge) {
            let context = Unmanaged.passUnretained(bridge).toOpaque()
            do {
                var opened: OpaquePointer?
                try ShimCall.check(format) { msg, cap in open(write, context, &opened, msg, cap) }
                let encoder = opened!
                defer { functions.close(encoder) }
                try pump(&source, prepare: prepare) { band, n, rowBytes in
                    try ShimCall.check(format) { msg, cap in functions.writeRows(encoder, band, rowBytes, Int32(n), msg, cap) }
                }
                try ShimCall.check(format) { msg, cap in functions.finish(encoder, msg, cap) }
            } catch {
                throw bridge.error ?? error
            }
        }
    }

    /// Reads `source` band by band and hands each band to `write`.
    private static func pump(_ source: inout some RowSource, prepare: ((UnsafeMutableBufferPointer<UInt8>, Int) -> Void)?,
                             write: (UnsafePointer<UInt8>, Int, Int) throws -> Void) throws {
        let rowBytes = source.rowBytes
        var band = [UInt8](repeating: 0, count: bandRows * rowBytes)
        var row = 0
        while row < source.height {
            try band.withUnsafeMutableBufferPointer { buffer in
                let n = try source.readRows(into: buffer, count: min(bandRows, source.height - row))
                guard n > 0 else { throw ImageError.incomplete(rows: row, of: source.height) }
                prepare?(buffer, n)
                try write(UnsafePointer(buffer.baseAddress!), n, rowBytes)
                row += n
            }
        }
    }
}
