import OSMFormats

/// Sorts more records than memory holds: records gather in memory up to `runBytes`, each full buffer is
/// sorted and written as a run to a temporary file, and reading merges the runs (k-way, at most `fanIn` at a
/// time; more runs are first merged into fewer). A sort that fits in one buffer never touches the disk.
///
/// A record is two keys, by which it sorts (`major`, then `minor`: callers make them unique, so the order is
/// total), and a payload of bytes that travels with it.
/// A record held in memory: its keys, and where its payload lies in the buffer of payloads.
private struct SortEntry {
    var major: Int64
    var minor: Int64
    var offset: UInt32
    var length: UInt32
}

final class ExternalSorter {
    private typealias Entry = SortEntry

    private let folder: ImportScratchFolder
    private let name: String
    private let runBytes: Int
    private let fanIn: Int
    private var entries: [Entry] = []
    private var payloads: [UInt8] = []
    private var runs: [ScratchFile] = []
    private var runCount = 0
    /// Records added in all.
    private(set) var count = 0

    init(folder: ImportScratchFolder, name: String, budget: ImportMemoryBudget) {
        self.folder = folder
        self.name = name
        // A buffer too small for a record or two would write a run per record.
        runBytes = max(budget.runBytes, 256)
        fanIn = max(budget.mergeFanIn, 2)
    }

    private static let entrySize = MemoryLayout<Entry>.stride

    func add(major: Int64, minor: Int64) throws(OSMImportError) {
        try add(major: major, minor: minor, payload: UnsafeRawBufferPointer(start: nil, count: 0))
    }

    func add(major: Int64, minor: Int64, payload: UnsafeRawBufferPointer) throws(OSMImportError) {
        if !entries.isEmpty, (entries.count + 1) * Self.entrySize + payloads.count + payload.count > runBytes {
            try writeRun()
        }
        entries.append(Entry(major: major, minor: minor, offset: UInt32(payloads.count), length: UInt32(payload.count)))
        payloads.append(contentsOf: payload)
        count += 1
    }

    /// Hands the records over in order; the sorter is spent.
    func sorted() throws(OSMImportError) -> SortedRecords {
        sortBuffer()
        if runs.isEmpty {
            let records = SortedRecords(entries: entries, payloads: payloads)
            entries = []
            payloads = []
            return records
        }
        if !entries.isEmpty { try writeRun() }
        entries = []
        payloads = []
        // Too many runs to merge at once: merge only as many as bring them down to `fanIn` (the first, which
        // are no larger than the others), so most records are written once more at most.
        while runs.count > fanIn {
            let group = Array(runs.prefix(min(fanIn, runs.count - fanIn + 1)))
            let output = try nextRunFile()
            let writer = ScratchWriter(output)
            let records = try SortedRecords(runs: group)
            while try records.next() {
                try Self.write(records.major, records.minor, records.payload, to: writer)
            }
            try writer.flush()
            runs = Array(runs.dropFirst(group.count)) + [output]
        }
        let records = try SortedRecords(runs: runs)
        runs = []
        return records
    }

    private func sortBuffer() {
        entries.sort { $0.major != $1.major ? $0.major < $1.major : $0.minor < $1.minor }
    }

    private func writeRun() throws(OSMImportError) {
        sortBuffer()
        let file = try nextRunFile()
        let writer = ScratchWriter(file)
        for entry in entries {
            let start = Int(entry.offset), end = start + Int(entry.length)
            try writer.append(entry.major)
            try writer.append(entry.minor)
            try writer.append(entry.length)
            if end > start {
                // Array's closures rethrow untyped errors: the typed one comes back through a Result.
                try payloads.withUnsafeBytes { bytes in
                    Result { () throws(OSMImportError) in
                        try writer.append(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    }
                }.get()
            }
        }
        try writer.flush()
        runs.append(file)
        entries.removeAll(keepingCapacity: true)
        payloads.removeAll(keepingCapacity: true)
    }

    private func nextRunFile() throws(OSMImportError) -> ScratchFile {
        runCount += 1
        return try folder.file(named: "\(name)-run\(runCount)")
    }

    fileprivate static func write(_ major: Int64, _ minor: Int64, _ payload: [UInt8],
                                  to writer: ScratchWriter) throws(OSMImportError) {
        try writer.append(major)
        try writer.append(minor)
        try writer.append(UInt32(payload.count))
        if !payload.isEmpty {
            try payload.withUnsafeBytes { bytes in
                Result { () throws(OSMImportError) in try writer.append(bytes) }
            }.get()
        }
    }
}

/// The records of an `ExternalSorter` in order: `next()` moves to the next one, whose keys and payload are
/// then in `major`, `minor` and `payload`. Each run's file is removed once it is read to its end.
final class SortedRecords {
    private(set) var major: Int64 = 0
    private(set) var minor: Int64 = 0
    /// The current record's payload (reused from one record to the next).
    private(set) var payload: [UInt8] = []

    // Held in memory: the one sorted buffer.
    private var memoryEntries: [SortEntry] = []
    private var memoryPayloads: [UInt8] = []
    private var memoryPosition = 0

    // On disk: a reader per run, each with its current record, and a heap of runs by that record's keys.
    private var readers: [ScratchReader] = []
    private var files: [ScratchFile] = []
    private var heads: [(major: Int64, minor: Int64, payload: [UInt8])] = []
    private var heap: [Int] = []
    private var started = false

    fileprivate init(entries: [SortEntry], payloads: [UInt8]) {
        memoryEntries = entries
        memoryPayloads = payloads
    }

    fileprivate init(runs: [ScratchFile]) throws(OSMImportError) {
        files = runs
        readers = runs.map { ScratchReader($0, bufferSize: 1 << 16) }
        heads = Array(repeating: (0, 0, []), count: runs.count)
        for index in runs.indices where try readHead(index) { heap.append(index) }
        var position = heap.count / 2
        while position > 0 {
            position -= 1
            siftDown(position)
        }
    }

    /// Moves to the next record; false when there is none.
    func next() throws(OSMImportError) -> Bool {
        if readers.isEmpty {
            guard memoryPosition < memoryEntries.count else {
                memoryEntries = []
                memoryPayloads = []
                return false
            }
            let entry = memoryEntries[memoryPosition]
            memoryPosition += 1
            major = entry.major
            minor = entry.minor
            payload.removeAll(keepingCapacity: true)
            if entry.length > 0 {
                let start = Int(entry.offset)
                payload.append(contentsOf: memoryPayloads[start..<(start + Int(entry.length))])
            }
            return true
        }
        // The run that gave the last record moves on before the smallest head is taken.
        if started, let top = heap.first {
            if try readHead(top) {
                siftDown(0)
            } else {
                files[top].remove()
                heap.swapAt(0, heap.count - 1)
                heap.removeLast()
                if !heap.isEmpty { siftDown(0) }
            }
        }
        started = true
        guard let top = heap.first else { return false }
        major = heads[top].major
        minor = heads[top].minor
        swap(&payload, &heads[top].payload)
        return true
    }

    private func readHead(_ index: Int) throws(OSMImportError) -> Bool {
        let reader = readers[index]
        guard let major = try reader.read(Int64.self) else { return false }
        guard let minor = try reader.read(Int64.self), let length = try reader.read(UInt32.self) else {
            throw .scratch("a sorted run of the import (\(files[index].path)) ends inside a record")
        }
        heads[index].major = major
        heads[index].minor = minor
        try reader.read(Int(length), into: &heads[index].payload)
        return true
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        heads[a].major != heads[b].major ? heads[a].major < heads[b].major : heads[a].minor < heads[b].minor
    }

    private func siftDown(_ start: Int) {
        var position = start
        while true {
            let left = 2 * position + 1, right = left + 1
            var smallest = position
            if left < heap.count, less(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count, less(heap[right], heap[smallest]) { smallest = right }
            if smallest == position { return }
            heap.swapAt(position, smallest)
            position = smallest
        }
    }
}
