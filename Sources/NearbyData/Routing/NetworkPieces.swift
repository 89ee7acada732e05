import OSMFormats

/// The connected pieces of a network as it is built (union–find over its vertices), with their metres of paths.
///
/// A slot per vertex: junctions (nodes several references use) have the slots 0..<junctions, numbered in node
/// id order; a vertex that only one reference uses (a way's node beside a gap in the file) gets the next slot
/// when it appears, with its node's number kept for the tie below. 12 bytes a vertex.
struct NetworkPieces {
    private var parent: [Int32]
    private var metres: [Double]
    private let junctions: Int
    /// The node number of each slot from `junctions` on.
    private var extraNodes: [Int64] = []
    /// Metres of paths in the longest piece (known after `isolated`).
    private(set) var longestMetres = 0.0

    init(junctions: Int) {
        self.junctions = junctions
        parent = Array(0..<Int32(truncatingIfNeeded: junctions))
        metres = Array(repeating: 0, count: junctions)
    }

    /// A slot for a vertex that is no junction.
    mutating func addNode(number: Int64) throws(OSMImportError) -> Int32 {
        guard parent.count < Int(Int32.max) else { throw .scratch("the walking network has too many vertices") }
        let slot = Int32(parent.count)
        parent.append(slot)
        metres.append(0)
        extraNodes.append(number)
        return slot
    }

    mutating func root(_ node: Int32) -> Int32 {
        var node = node
        while parent[Int(node)] != node {
            // Halving the path keeps the trees flat without recursion.
            parent[Int(node)] = parent[Int(parent[Int(node)])]
            node = parent[Int(node)]
        }
        return node
    }

    mutating func join(_ a: Int32, _ b: Int32, length: Double) {
        let rootA = root(a), rootB = root(b)
        if rootA != rootB {
            parent[Int(rootB)] = rootA
            metres[Int(rootA)] += metres[Int(rootB)]
        }
        metres[Int(rootA)] += length
    }

    /// Whether a slot's piece is isolated: shorter than `length` metres and not the longest piece. Of pieces
    /// equally longest, the longest is the one whose root has the lowest node number, as when every node had
    /// a slot (`junctionNodes` holds the junctions' node numbers; read only for such a tie).
    mutating func isolated(below length: Double,
                           junctionNodes: ScratchFile?) throws(OSMImportError) -> (Int32) -> Bool {
        var longestMetres = -1.0
        var tied: [Int32] = []
        for slot in parent.indices where parent[slot] == Int32(slot) {
            if metres[slot] > longestMetres {
                longestMetres = metres[slot]
                tied = [Int32(slot)]
            } else if metres[slot] == longestMetres {
                tied.append(Int32(slot))
            }
        }
        self.longestMetres = max(0, longestMetres)
        var longest: Int32 = tied.first ?? -1
        if tied.count > 1 {
            var lowest = Int64.max
            for slot in tied {
                let number = try nodeNumber(of: slot, junctionNodes: junctionNodes)
                if number < lowest {
                    lowest = number
                    longest = slot
                }
            }
        }
        // Every piece without length: in memory, a node on no edge (a root of no length) with a lower number
        // than the roots here would have been the longest, and every edge isolated.
        if longestMetres == 0, let lowest = try lowestNodeNumber(of: longest, junctionNodes: junctionNodes),
           try lowestNodeWithoutSlot(junctionNodes: junctionNodes) < lowest {
            longest = -1
        }
        for slot in parent.indices { parent[slot] = root(Int32(slot)) }
        let roots = parent, metres = self.metres, chosen = longest
        return { slot in
            let root = roots[Int(slot)]
            return root != chosen && metres[Int(root)] < length
        }
    }

    private func lowestNodeNumber(of slot: Int32, junctionNodes: ScratchFile?) throws(OSMImportError) -> Int64? {
        slot < 0 ? nil : try nodeNumber(of: slot, junctionNodes: junctionNodes)
    }

    /// The lowest node number that has no slot: the junctions' numbers (ascending in their file) and the other
    /// vertices' merged in order until one is missing.
    private func lowestNodeWithoutSlot(junctionNodes: ScratchFile?) throws(OSMImportError) -> Int64 {
        let extras = extraNodes.sorted()
        var extraIndex = 0
        let reader = junctionNodes.map { ScratchReader($0) }
        var nextJunction = try reader?.read(Int64.self)
        var candidate: Int64 = 0
        while true {
            if let junction = nextJunction, junction == candidate {
                nextJunction = try reader?.read(Int64.self)
                candidate += 1
            } else if extraIndex < extras.count, extras[extraIndex] == candidate {
                extraIndex += 1
                candidate += 1
            } else {
                return candidate
            }
        }
    }

    private func nodeNumber(of slot: Int32, junctionNodes: ScratchFile?) throws(OSMImportError) -> Int64 {
        if Int(slot) >= junctions { return extraNodes[Int(slot) - junctions] }
        guard let junctionNodes else { return Int64(slot) }
        var number: Int64 = 0
        let read = try withUnsafeMutableBytes(of: &number) { (bytes) throws(OSMImportError) in
            try junctionNodes.read(into: bytes, at: Int(slot) * 8)
        }
        guard read == 8 else { throw .scratch("the walking network's junction file ends early") }
        return number
    }
}
