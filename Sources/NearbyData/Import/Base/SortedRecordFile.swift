import OSMFormats

/// A file of fixed-size records sorted by their first 8 bytes (an Int64 key), read by binary search: the
/// first key of each block of `ExtractBaseFiles.blockRecords` records is held in memory (written beside the
/// file by the import), and a lookup reads one block into a direct-mapped cache (no hashing: an update makes
/// millions of lookups).
final class SortedRecordFile {
    let recordSize: Int
    let count: Int
    let file: ScratchFile
    private let blockRecords = ExtractBaseFiles.blockRecords
    private var firstKeys: [Int64]
    /// A direct-mapped cache of blocks: slot `b % slots` holds block `b` when `cached[slot] == b`.
    private let slots: Int
    private var cached: [Int]
    private var cache: [UInt8]
    private let blockBytes: Int

    /// Opens `path` and its block index (`path.index`).
    /// `cacheBlocks`: blocks held (a kilobyte or so each).
    init(path: String, recordSize: Int, cacheBlocks: Int = 4_096) throws(OSMImportError) {
        file = try ScratchFile(reading: path)
        self.recordSize = recordSize
        blockBytes = ExtractBaseFiles.blockRecords * recordSize
        count = file.size / recordSize
        // No more slots than the file has blocks: a village's base is a few hundred of them.
        slots = max(1, min(cacheBlocks, (count + ExtractBaseFiles.blockRecords - 1) / ExtractBaseFiles.blockRecords))
        cached = [Int](repeating: -1, count: slots)
        cache = [UInt8](repeating: 0, count: slots * blockBytes)
        let index = try ScratchFile(reading: path + ".index")
        // Sized by the records' file, not by what the index file claims.
        let blocks = (count + ExtractBaseFiles.blockRecords - 1) / ExtractBaseFiles.blockRecords
        guard index.size == blocks * 8 else {
            throw .scratch("the extract's base index \(path).index does not match its file")
        }
        firstKeys = [Int64](repeating: 0, count: blocks)
        guard try index.read(into: &firstKeys, at: 0) == blocks * 8 else {
            throw .scratch("the extract's base index \(path).index does not match its file")
        }
    }

    /// The first record whose key is not below `key` (`count` when none).
    func lowerBound(_ key: Int64) throws(OSMImportError) -> Int {
        // The last block whose first key is below `key` holds the answer, or it is the next block's first.
        var low = 0, high = firstKeys.count
        while low < high {
            let middle = (low + high) / 2
            if firstKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return 0 }
        let block = low - 1
        let base = try slot(of: block)
        let records = min(blockRecords, count - block * blockRecords)
        var first = 0, last = records
        cache.withUnsafeBytes { bytes in
            while first < last {
                let middle = (first + last) / 2
                let found = bytes.loadUnaligned(fromByteOffset: base + middle * recordSize, as: Int64.self)
                if found < key { first = middle + 1 } else { last = middle }
            }
        }
        return block * blockRecords + first
    }

    /// The field of type `T` at `offset` bytes into record `index`.
    func field<T: BitwiseCopyable>(_ index: Int, at offset: Int, as type: T.Type) throws(OSMImportError) -> T {
        guard index >= 0, index < count else { throw .scratch("the extract's base file \(file.path) has no record \(index)") }
        let base = try slot(of: index / blockRecords)
        return cache.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: base + (index % blockRecords) * recordSize + offset, as: T.self)
        }
    }

    func key(_ index: Int) throws(OSMImportError) -> Int64 { try field(index, at: 0, as: Int64.self) }

    var firstKeyCount: Int { firstKeys.count }
    func firstKey(_ block: Int) -> Int64 { firstKeys[block] }

    /// The block where the records of `key` would start: the last whose first key is below it.
    func blockOf(_ key: Int64) -> Int {
        var low = 0, high = firstKeys.count
        while low < high {
            let middle = (low + high) / 2
            if firstKeys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// Block `index`'s bytes, as the cache holds them.
    func slotBytes(of index: Int) throws(OSMImportError) -> ArraySlice<UInt8> {
        let base = try slot(of: index)
        return cache[base..<base + blockBytes]
    }

    /// Where block `index` starts in the cache, read into it first when it is not there.
    private func slot(of index: Int) throws(OSMImportError) -> Int {
        let slot = index % slots
        let base = slot * blockBytes
        if cached[slot] == index { return base }
        let bytes = min(blockRecords, count - index * blockRecords) * recordSize
        let read = try cache.withUnsafeMutableBytes { raw in
            Result { () throws(OSMImportError) in
                try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[base..<base + bytes]),
                              at: index * blockBytes)
            }
        }.get()
        guard read == bytes else { throw .scratch("the extract's base file \(file.path) ends early") }
        cached[slot] = index
        return base
    }
}

extension SortedRecordFile {
    /// Hands over every record whose key is one of `keys` (sorted ascending, distinct), reading the blocks that
    /// hold them in runs of up to a megabyte: one read for many lookups, where an update needs the records of
    /// hundreds of thousands of keys spread over the whole file.
    func records(of keys: [Int64], _ body: (Int64, UnsafeRawBufferPointer) throws(OSMImportError) -> Void)
        throws(OSMImportError) {
        let blockBytes = ExtractBaseFiles.blockRecords * recordSize
        let runBlocks = max(1, min((1 << 20) / blockBytes, firstKeyCount))
        var buffer = [UInt8](repeating: 0, count: runBlocks * blockBytes)
        var next = 0
        while next < keys.count {
            // The block of the next key, and the blocks of the keys after it while they lie close (a gap of a
            // few blocks costs less read whole than another read), up to the run's size.
            let first = blockOf(keys[next])
            var last = first
            var ahead = next + 1
            while ahead < keys.count {
                let block = blockOf(keys[ahead])
                guard block - last <= 4, block - first < runBlocks - 1 else { break }
                last = block
                ahead += 1
            }
            // One more block: a key's records may run on into it.
            last = min(last + 1, firstKeyCount - 1)
            let start = first * blockBytes
            let bytes = min((last + 1) * ExtractBaseFiles.blockRecords, count) * recordSize - start
            let read = try file.read(into: &buffer, at: start, count: bytes)
            guard read == bytes else { throw .scratch("the extract's base file \(file.path) ends early") }
            let records = bytes / recordSize
            // The keys whose records start in the run (`next..<ahead`: those of the blocks picked, whose records
            // start there or at the one more block's start); a key's records that run on past the run are read
            // by the slow path. Bounding by the next block's first key instead would never end on a key whose
            // records fill the blocks after it (a node a hundred ways use).
            var record = 0
            while next < ahead {
                let key = keys[next]
                var found = false
                try buffer.withUnsafeBytes { raw in Result { () throws(OSMImportError) in
                    // Binary search: the keys are about one a block, so a scan would read every record.
                    var high = records
                    while record < high {
                        let middle = (record + high) / 2
                        if raw.loadUnaligned(fromByteOffset: middle * recordSize, as: Int64.self) < key {
                            record = middle + 1
                        } else {
                            high = middle
                        }
                    }
                    var index = record
                    while index < records, raw.loadUnaligned(fromByteOffset: index * recordSize, as: Int64.self) == key {
                        try body(key, UnsafeRawBufferPointer(rebasing: raw[index * recordSize..<(index + 1) * recordSize]))
                        found = true
                        index += 1
                    }
                    if index == records, found, first * ExtractBaseFiles.blockRecords + records < count {
                        // The key's records go on past the run: the rest one at a time.
                        var more = first * ExtractBaseFiles.blockRecords + records
                        while more < count, try self.key(more) == key {
                            let offset = (more % ExtractBaseFiles.blockRecords) * recordSize
                            let slot = try slotBytes(of: more / ExtractBaseFiles.blockRecords)
                            let bytes = Array(slot[slot.startIndex + offset..<slot.startIndex + offset + recordSize])
                            try bytes.withUnsafeBytes { one in
                                Result { () throws(OSMImportError) in try body(key, one) }
                            }.get()
                            more += 1
                        }
                    }
                } }.get()
                next += 1
            }
        }
    }
}
