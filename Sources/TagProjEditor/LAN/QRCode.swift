import CShims
import Glibc
import TagKit

/// A QR code as a square of dark and light modules, and drawn as text for a terminal.
///
/// Made by libqrencode (`tp_qr_encode`, which opens the library on first use), byte mode, error
/// correction level L, the smallest version that holds the text.
public struct QRCode: Equatable, Sendable {
    /// Modules a side: 21 for version 1, 4 more for each version after.
    public let size: Int
    /// The modules, row-major, top-left first; `true` is dark.
    public let modules: [Bool]

    /// A code of these modules (`size × size` of them).
    public init(size: Int, modules: [Bool]) {
        precondition(size >= 0 && modules.count == size * size, "a QR code has size × size modules")
        self.size = size
        self.modules = modules
    }

    /// The QR code of `text`.
    /// - Throws: ``QRCodeError`` when libqrencode cannot be loaded (naming the Debian package to
    ///   install) or the text is too long for any QR code.
    public init(encoding text: String) throws(QRCodeError) {
        var size: Int32 = 0
        var data: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 320)
        guard tp_qr_encode(text, &size, &data, &message, message.count) == 0, let data else {
            throw QRCodeError(reason: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { free(data) }
        self.init(size: Int(size), modules: UnsafeBufferPointer(start: data, count: Int(size * size)).map { $0 != 0 })
    }

    /// Whether the module at `row`, `column` is dark; everything outside the code is light (the
    /// quiet zone).
    public subscript(row: Int, column: Int) -> Bool {
        (0..<size).contains(row) && (0..<size).contains(column) && modules[row * size + column]
    }

    /// The code as lines of text, two module rows to a line in half blocks (`▀` the upper dark,
    /// `▄` the lower, `█` both, a space neither), with `quietZone` light modules on every side.
    ///
    /// `painted`: each line in black on white (ANSI 256-colour escapes), so that the code reads
    /// the same on a dark terminal as on a light one. Unpainted, dark modules are the characters'
    /// ink, which reads on a light background only: for a terminal, paint.
    public func halfBlockLines(quietZone: Int = 4, painted: Bool) -> [String] {
        let span = -quietZone..<(size + quietZone)
        return stride(from: span.lowerBound, to: span.upperBound, by: 2).map { top in
            let cells = span.map { column -> Character in
                switch (self[top, column], top + 1 < span.upperBound && self[top + 1, column]) {
                case (true, true): "█"
                case (true, false): "▀"
                case (false, true): "▄"
                case (false, false): " "
                }
            }
            return painted ? "\u{1B}[38;5;16;48;5;231m" + String(cells) + "\u{1B}[0m" : String(cells)
        }
    }
}

/// A QR code could not be made.
public struct QRCodeError: TagProjError {
    /// What libqrencode (or loading it) said.
    public let reason: String
    /// `cannot draw the QR code: …`.
    public var message: String { tr("cannot draw the QR code: {reason}", ["reason": reason]) }
    /// The code cannot be drawn; what it encodes is still there.
    public var meaning: ErrorMeaning { .notPossible }
}
