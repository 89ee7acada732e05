@testable import TerminalView
import TerminalText

/// A terminal that understands what `FrameEncoder` sends with xterm's strings (cursor moves, SGR, erases,
/// scrolling regions, UTF-8 text), so tests can replay a frame's bytes and compare the screen with the frame.
final class ReplayTerminal {
    struct Shown: Equatable {
        var text: String = " "
        var style: Style = .plain
        var continuation = false
    }

    let width: Int
    let height: Int
    private(set) var cells: [[Shown]]
    private var x = 0
    private var y = 0
    private var style = Style.plain
    private var top = 0
    private var bottom: Int
    /// Bytes the replay did not understand: a test wants none.
    private(set) var unknown: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bottom = height - 1
        cells = Array(repeating: Array(repeating: Shown(), count: width), count: height)
    }

    func feed(_ bytes: [UInt8]) {
        var index = 0
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar.value {
            case 0x1B:
                guard index < scalars.count else { return }
                let next = scalars[index]
                index += 1
                switch next {
                case "[": index = control(scalars, from: index)
                case "(": index += 1  // a character set: nothing to show
                case "M": reverseIndex()
                default: unknown.append("ESC \(next)")
                }
            case 0x0A: lineFeed()
            case 0x0D: x = 0
            case 0x0F, 0x0E: break
            default: put(scalar)
            }
        }
    }

    /// `ESC [` params final, from `index`; returns where the next byte is.
    private func control(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        var text = ""
        while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) {
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count else { return index }
        let final = scalars[index]
        let private_ = text.hasPrefix("?")
        let numbers = text.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) ?? 0 }
        switch (final, private_) {
        case ("H", false):
            y = min(height - 1, max(0, (numbers.first ?? 1) - 1))
            x = min(width - 1, max(0, (numbers.count > 1 ? numbers[1] : 1) - 1))
        case ("r", false):
            top = max(0, (numbers.first ?? 1) - 1)
            bottom = min(height - 1, (numbers.count > 1 ? numbers[1] : height) - 1)
            x = 0
            y = 0
        case ("K", false):
            for column in x..<width { cells[y][column] = Shown(text: " ", style: Style(background: style.background)) }
        case ("J", false):
            cells = Array(repeating: Array(repeating: Shown(text: " ", style: Style(background: style.background)),
                                           count: width), count: height)
        case ("m", false): sgr(numbers.isEmpty ? [0] : numbers)
        case ("h", true), ("l", true): break
        default: unknown.append("CSI \(text)\(final)")
        }
        return index + 1
    }

    private func sgr(_ numbers: [Int]) {
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 30...37: style.foreground = Color(code: UInt16(code - 30 + 1))
            case 39: style.foreground = .default
            case 40...47: style.background = Color(code: UInt16(code - 40 + 1))
            case 49: style.background = .default
            case 38, 48:
                guard index + 2 < numbers.count, numbers[index + 1] == 5 else {
                    unknown.append("SGR \(numbers)")
                    return
                }
                let color = Color.indexed(UInt8(numbers[index + 2]))
                if code == 38 { style.foreground = color } else { style.background = color }
                index += 2
            default: unknown.append("SGR \(code)")
            }
            index += 1
        }
    }

    private func put(_ scalar: Unicode.Scalar) {
        let columns = DisplayWidth.of(scalar)
        if columns == 0 {
            // A combining mark joins the character before it.
            let column = max(0, x - 1)
            cells[y][column].text.unicodeScalars.append(scalar)
            return
        }
        guard x < width else { return }
        cells[y][x] = Shown(text: String(scalar), style: style)
        if columns == 2, x + 1 < width { cells[y][x + 1] = Shown(text: "", style: style, continuation: true) }
        x = min(width, x + columns)
    }

    private func lineFeed() {
        if y == bottom { scroll(up: true) } else { y = min(height - 1, y + 1) }
    }

    private func reverseIndex() {
        if y == top { scroll(up: false) } else { y = max(0, y - 1) }
    }

    private func scroll(up: Bool) {
        let blank = Array(repeating: Shown(text: " ", style: Style(background: style.background)), count: width)
        if up {
            cells.remove(at: top)
            cells.insert(blank, at: bottom)
        } else {
            cells.remove(at: bottom)
            cells.insert(blank, at: top)
        }
    }
}
