import Testing
@testable import TagProjEditor

@Suite struct QRCodeTests {
    static let url = "http://10.250.0.1:8080/#token=0123456789abcdef0123456789abcdef"

    /// Whether the 7×7 finder pattern (a dark ring, a light ring, a dark 3×3 core) has its
    /// top-left module at `row`, `column`.
    static func hasFinder(_ code: QRCode, row: Int, column: Int) -> Bool {
        (0..<7).allSatisfy { r in
            (0..<7).allSatisfy { c in
                let ring = max(abs(r - 3), abs(c - 3))
                return code[row + r, column + c] == (ring != 2)
            }
        }
    }

    /// The modules a reader sees in half-block text, the quiet zone included.
    static func read(_ lines: [String]) -> [[Bool]] {
        lines.flatMap { line -> [[Bool]] in
            let cells = Array(line)
            return [cells.map { $0 == "█" || $0 == "▀" }, cells.map { $0 == "█" || $0 == "▄" }]
        }
    }

    @Test func aURLBecomesTheSmallestCodeWithFindersInThreeCorners() throws {
        let code = try QRCode(encoding: Self.url)
        // 63 bytes: version 4 at level L (version 3 holds 53), 33 modules a side.
        #expect(code.size == 33)
        #expect(Self.hasFinder(code, row: 0, column: 0))
        #expect(Self.hasFinder(code, row: 0, column: code.size - 7))
        #expect(Self.hasFinder(code, row: code.size - 7, column: 0))
        #expect(!Self.hasFinder(code, row: code.size - 7, column: code.size - 7))
        // Each finder is set apart by a light separator.
        #expect((0..<8).allSatisfy { !code[7, $0] && !code[$0, 7] })
    }

    @Test func theTextHasAQuietZoneOfFourModulesAndReadsBackAsTheCode() throws {
        let code = try QRCode(encoding: Self.url)
        let lines = code.halfBlockLines(quietZone: 4, painted: false)
        let side = code.size + 8
        #expect(lines.count == (side + 1) / 2)
        #expect(lines.allSatisfy { $0.count == side })
        #expect(lines.allSatisfy { $0.hasPrefix("    ") && $0.hasSuffix("    ") })
        #expect(lines.prefix(2).allSatisfy { $0.allSatisfy { $0 == " " } })
        #expect(lines.last!.allSatisfy { $0 == " " })
        let seen = Self.read(lines)
        for row in 0..<side {
            for column in 0..<side {
                #expect(seen[row][column] == code[row - 4, column - 4], "module \(row - 4),\(column - 4)")
            }
        }
        // The top of the top-left finder: its dark row over a row dark only at the ends.
        #expect(lines[2].dropFirst(4).prefix(7) == "█▀▀▀▀▀█")
    }

    @Test func paintedLinesAreBlackOnWhiteWhateverTheTerminalsColours() {
        let code = QRCode(size: 1, modules: [true])
        let lines = code.halfBlockLines(quietZone: 1, painted: true)
        #expect(lines == ["\u{1B}[38;5;16;48;5;231m ▄ \u{1B}[0m", "\u{1B}[38;5;16;48;5;231m   \u{1B}[0m"])
    }

    @Test func everyHalfOfACellIsDrawn() {
        // Two columns: dark over dark, dark over light; then light over dark, light over light.
        let code = QRCode(size: 2, modules: [true, true, true, false])
        #expect(code.halfBlockLines(quietZone: 0, painted: false) == ["█▀"])
        let flipped = QRCode(size: 2, modules: [false, false, true, false])
        #expect(flipped.halfBlockLines(quietZone: 0, painted: false) == ["▄ "])
    }
}
