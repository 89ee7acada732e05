import Testing
@testable import NearbyServer

/// The service's allocator setting: glibc takes it (it refuses values it cannot use, and answers 0).
struct FreedMemoryTests {
    @Test func theAllocatorTakesTheSetting() {
        #expect(FreedMemory.keptPerHeap >= 1 << 20)
        #expect(FreedMemory.keepForReuse())
    }
}
