import Foundation
import Testing
@testable import TagKit

/// Encoders write through sinks; a sink's count is the bytes that went out.
@Suite struct SinkTests {
    let photo = testPattern(width: 300, height: 200, channels: 3)

    @Test(arguments: [ImageFormat.jpeg, .png])
    func memoryCountingAndFileSinksReceiveTheSameBytes(format: ImageFormat) throws {
        let dir = TemporaryDirectory()
        let encoder = try Codecs.codec(for: format)!.encoder(EncodeSettings())
        let memory = MemorySink()
        try encoder.encode(photo, to: memory)
        let counting = CountingSink()
        try encoder.encode(photo, to: counting)
        let output = try OutputFile(path: dir.file("out"))
        let counted = CountingSink(output.sink)
        try encoder.encode(photo, to: counted)
        try output.commit()
        let file = [UInt8](contents(dir.file("out"))!)
        #expect(memory.bytes == file)
        #expect(counting.count == file.count && counted.count == file.count)
    }

    @Test func theFileDescriptorSinkWritesEveryByteThroughAPipe() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let bytes = (0..<300_000).map { UInt8($0 % 251) }  // more than a pipe holds at once
        final class Received: @unchecked Sendable { var bytes: [UInt8] = [] }
        let received = Received(), readEnd = ends[0]
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress!, $0.count) }
                if n <= 0 { break }
                received.bytes += buffer.prefix(n)
            }
            done.signal()
        }
        let counted = CountingSink(FileDescriptorSink(fd: ends[1], name: "the pipe"))
        try bytes.withUnsafeBytes { try counted.write($0) }
        close(ends[1])
        done.wait()
        close(ends[0])
        #expect(received.bytes == bytes && counted.count == bytes.count)
    }

    @Test func aSinkThatRefusesStopsTheEncoderWithItsOwnError() throws {
        final class Refusing: OutputSink {
            struct Full: Error, Equatable {}
            func write(_ bytes: UnsafeRawBufferPointer) throws { throw Full() }
        }
        for format in [ImageFormat.jpeg, .png] {
            #expect(throws: Refusing.Full()) { try Codecs.codec(for: format)!.encoder(EncodeSettings()).encode(photo, to: Refusing()) }
        }
    }
}
