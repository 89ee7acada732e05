import NearbyViewModels
import TerminalView
import TerminalText

/// The friends list's columns, split by what their text needs: when everything fits, the name takes what
/// is left; when not, the name keeps up to half the row, the phone is whole in what remains, and the distance
/// goes first.
struct FriendColumns: Equatable {
    /// Columns of the phone and the distance, each with its gap before it; 0 when not shown.
    private(set) var phone = 0
    private(set) var distance = 0
    /// The widest texts seen in the rows shown since the list or the width last changed, so columns do not
    /// jump while scrolling.
    private var needs = (name: 0, phone: 0, distance: 0)
    private var basis: [Int] = []

    static func == (a: FriendColumns, b: FriendColumns) -> Bool { a.phone == b.phone && a.distance == b.distance }

    mutating func fit(rows: [FriendsListRow], width: Int, revision: Int) {
        if basis != [width, revision] {
            needs = (0, 0, 0)
            basis = [width, revision]
        }
        for case .friend(let friend) in rows {
            needs.name = max(needs.name, DisplayWidth.of(friend.name) + (friend.isDeleting ? 2 : 0))
            needs.phone = max(needs.phone, DisplayWidth.of(friend.isDeleting ? "deleting…" : friend.phone) + 2)
            if let text = friend.distance { needs.distance = max(needs.distance, DisplayWidth.of(text) + 2) }
        }
        let room = max(0, width - 2)
        if needs.name + needs.phone + needs.distance <= room {
            (phone, distance) = (needs.phone, needs.distance)
            return
        }
        let name = min(needs.name, room / 2)
        phone = min(needs.phone, room - name)
        distance = needs.distance <= room - name - phone ? needs.distance : 0
        if phone < 6 { phone = 0 }
    }
}
