import CMalloc

/// How much freed memory the service's allocator keeps for reuse before handing it back to the system.
public enum FreedMemory {
    /// What a thread's heap keeps free at its top before trimming (glibc's default is 128 KB, growing).
    public static let keptPerHeap: Int32 = 8 << 20
    /// Blocks from this size up are mapped on their own (glibc's default is 128 KB, growing; setting the
    /// trimming stops the growth, so it is set too).
    public static let mappedFrom: Int32 = 8 << 20

    /// Keeps up to `keptPerHeap` of freed memory per heap, and takes blocks below `mappedFrom` from the heaps;
    /// call before the service starts. False when the allocator refused a setting.
    ///
    /// Each write on the SQLite store frees the read connections' cached pages (another connection changed
    /// the file), and glibc gave that memory back at once (`madvise`) only to fault it in again for the next
    /// request: a sixth of the service's time under `POST /addFriend`, and the TLB flushes of every other core.
    /// Adds went from 13,000 to 21,000 a second with one instance, 10,000 to 18,000 with two. With the trimming
    /// set alone, every list answer over 128 KB was mapped and unmapped: `GET /listFriends` lost a fifth.
    @discardableResult
    public static func keepForReuse() -> Bool {
        mallopt(M_TRIM_THRESHOLD, keptPerHeap) == 1 && mallopt(M_MMAP_THRESHOLD, mappedFrom) == 1
    }
}
