import Glibc

/// The rows of another source, produced on a thread of their own a few bands ahead of the
/// reader: so a decode runs on one core while what follows it (resampling, encoding) runs on
/// another. What the editor's preview reads its photo through.
///
/// The source is read only by that thread, from the first `readRows` until it ends, fails or the
/// reader lets go; its error is thrown from the `readRows` that reaches it. Memory is `bands`
/// bands of `bandRows` rows.
public struct ReadAheadRows: RowSource {
    /// The source's width.
    public let width: Int
    /// The source's height.
    public let height: Int
    /// The source's channels.
    public let channels: Int
    private let shared: ReadAhead

    /// Reads `source` (at its first row) ahead, `bandRows` rows at a time, at most `bands` bands ahead.
    public init(_ source: some RowSource, bandRows: Int = 32, bands: Int = 4) {
        width = source.width
        height = source.height
        channels = source.channels
        shared = ReadAhead(source, bandRows: max(bandRows, 1), bands: max(bands, 2))
    }

    /// Starts reading now, rather than at the first `readRows`: for a source made on a core of
    /// its own while the reader is still busy with another.
    public func begin() { shared.begin() }

    /// Copies the next rows from the bands read ahead; see `RowSource.readRows(into:count:)`.
    /// - Throws: the source's error, once the rows before it are read.
    public mutating func readRows(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        try shared.read(into: buffer, count: count)
    }
}

/// The thread, its bands and what it has read, shared with the reader under one lock.
private final class ReadAhead: @unchecked Sendable {
    private var source: any RowSource
    private let bandRows: Int, rowBytes: Int, bandCount: Int
    /// The bands, one after another: a band is the thread's until it is filled, then the
    /// reader's until emptied, so neither touches the other's without the lock.
    private let storage: UnsafeMutablePointer<UInt8>
    private var filled: [Int]           // rows in each band once read; 0 while free
    private var written = 0, taken = 0  // bands the thread has filled, bands the reader has emptied
    private var offset = 0              // rows already copied out of the band being emptied
    private var ended = false           // the thread read the last row, or failed
    private var failure: (any Error)?
    private var stopping = false
    // Allocated, so their addresses never move.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let moved = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var thread: pthread_t?

    init(_ source: some RowSource, bandRows: Int, bands: Int) {
        self.source = source
        self.bandRows = bandRows
        rowBytes = source.rowBytes
        bandCount = bands
        storage = .allocate(capacity: max(bands * bandRows * source.rowBytes, 1))
        filled = Array(repeating: 0, count: bands)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(moved, nil)
    }

    deinit {
        if let thread {
            pthread_mutex_lock(lock)
            stopping = true
            pthread_cond_broadcast(moved)
            pthread_mutex_unlock(lock)
            pthread_join(thread, nil)
        }
        pthread_cond_destroy(moved)
        pthread_mutex_destroy(lock)
        moved.deallocate()
        lock.deallocate()
        storage.deallocate()
    }

    /// Starts the thread on the first read; without one (it could not be made) the reader reads
    /// the source itself.
    private func start() {
        var made = pthread_t()
        // Unretained: `deinit` stops the thread and joins it before the object goes.
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard pthread_create(&made, nil, { context in
            Unmanaged<ReadAhead>.fromOpaque(context!).takeUnretainedValue().fill()
            return nil
        }, context) == 0 else { return }
        thread = made
    }

    /// The thread: reads band after band into the free slots until the source ends or fails.
    private func fill() {
        var done = 0
        let height = source.height
        while done < height {
            pthread_mutex_lock(lock)
            while written - taken == bandCount && !stopping { pthread_cond_wait(moved, lock) }
            let slot = written % bandCount
            let stop = stopping
            pthread_mutex_unlock(lock)
            if stop { return }
            let band = UnsafeMutableBufferPointer(start: storage + slot * bandRows * rowBytes, count: bandRows * rowBytes)
            let want = min(bandRows, height - done)
            var got = 0, error: (any Error)?
            do {
                got = try source.readRows(into: band, count: want)
                if got == 0 { error = ImageError.incomplete(rows: done, of: height) }
            } catch let thrown { error = thrown }
            pthread_mutex_lock(lock)
            if got > 0 {
                filled[slot] = got
                written += 1
                done += got
            }
            if let error { failure = error; ended = true }
            if done >= height { ended = true }
            pthread_cond_broadcast(moved)
            pthread_mutex_unlock(lock)
            if error != nil { return }
        }
    }

    /// Starts the thread unless it is running or has run.
    func begin() {
        pthread_mutex_lock(lock)
        let idle = thread == nil && written == 0 && !ended
        pthread_mutex_unlock(lock)
        if idle { start() }
    }

    /// The reader: up to `count` rows from the bands filled, waiting for the thread as needed.
    func read(into buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) throws -> Int {
        if thread == nil && written == 0 && !ended {
            start()
            if thread == nil { return try source.readRows(into: buffer, count: count) }
        }
        var copied = 0
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while copied < count {
            while written == taken && !ended { pthread_cond_wait(moved, lock) }
            guard written > taken else {
                if copied > 0 { break }
                if let failure { throw failure }
                return 0
            }
            let slot = taken % bandCount
            let n = min(count - copied, filled[slot] - offset)
            (buffer.baseAddress! + copied * rowBytes).update(from: storage + (slot * bandRows + offset) * rowBytes, count: n * rowBytes)
            copied += n
            offset += n
            if offset == filled[slot] {
                filled[slot] = 0
                offset = 0
                taken += 1
                pthread_cond_broadcast(moved)
            }
        }
        return copied
    }
}
