/// A binary min-heap of (key, value) pairs, for the walking search's frontier.
struct MinHeap<Value> {
    private var keys: [Double] = []
    private var values: [Value] = []

    var isEmpty: Bool { keys.isEmpty }

    mutating func push(_ key: Double, _ value: Value) {
        keys.append(key)
        values.append(value)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            values.swapAt(child, parent)
            child = parent
        }
    }

    func peek() -> (Double, Value)? {
        guard let key = keys.first, let value = values.first else { return nil }
        return (key, value)
    }

    mutating func pop() -> (Double, Value)? {
        guard let top = peek() else { return nil }
        popDiscarding()
        return top
    }

    mutating func popDiscarding() {
        guard !keys.isEmpty else { return }
        keys.swapAt(0, keys.count - 1)
        values.swapAt(0, values.count - 1)
        keys.removeLast()
        values.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < keys.count, keys[left] < keys[smallest] { smallest = left }
            if right < keys.count, keys[right] < keys[smallest] { smallest = right }
            guard smallest != parent else { return }
            keys.swapAt(parent, smallest)
            values.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
