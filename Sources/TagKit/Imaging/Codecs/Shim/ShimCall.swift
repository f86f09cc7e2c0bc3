import CShims
import Glibc

/// Turns the C shims' "code + message buffer" convention into Swift values and errors.
///
/// Every `tp_*` function of CShims that can fail (the JPEG, PNG, WebP and HEIF codecs, the
/// lossless JPEG transcoder and scan, the font subsetter) takes a message buffer and returns one
/// of the shared `TP_*` statuses (see `tp_status.h`). `run` gives the caller the code and the
/// message (the font subsetter words its own error; the lossless export falls back to the classic
/// path on some codes); `check` and `error` map them to an `ImageError`, here once.
enum ShimCall {
    static let messageCapacity = 256

    /// Calls `body` with a message buffer; returns `nil` on success, or the failure's code and
    /// message.
    static func run(_ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> (code: Int32, message: String)? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: messageCapacity) { buffer -> (code: Int32, message: String)? in
            let base = buffer.baseAddress!
            base[0] = 0
            let code = body(base, messageCapacity)
            guard code != 0 else { return nil }
            let text = String(decoding: UnsafeRawBufferPointer(start: base, count: strlen(base)), as: UTF8.self)
            return (code, text.isEmpty ? tr("unknown error (code {code})", ["code": code]) : text)
        }
    }

    /// Calls `body` and throws the `ImageError` matching a failure code.
    /// `tooLarge` is thrown for the pixel-limit code, so the caller can give exact numbers.
    static func check(_ format: ImageFormat, tooLarge: @autoclosure () -> ImageError? = nil,
                      _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ImageError) {
        guard let (code, message) = run(body) else { return }
        throw error(code: code, message: message, format: format, tooLarge: tooLarge())
    }

    /// The error for a shim failure code.
    static func error(code: Int32, message: String, format: ImageFormat, tooLarge: ImageError?) -> ImageError {
        switch Int(code) {
        case Int(TP_DAMAGED), Int(TP_TOO_MANY_SCANS): return .damaged(format, message)
        case Int(TP_TOO_LARGE): return tooLarge ?? .damaged(format, message)
        case Int(TP_UNSUPPORTED): return .unsupported(format, message)
        default: return .failed(format, message)  // TP_IO is the sink's own error; see ShimEncoding
        }
    }

    /// The optional C string as a Swift string.
    static func string(_ text: UnsafePointer<CChar>?) -> String? {
        text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) }
    }

    /// Copies `length` bytes at `data` into an array, or `nil` when there are none.
    static func bytes(_ data: UnsafePointer<UInt8>?, _ length: Int) -> [UInt8]? {
        guard let data, length > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: data, count: length))
    }
}
