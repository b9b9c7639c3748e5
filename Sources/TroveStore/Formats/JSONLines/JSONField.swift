#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fields of a JSON Lines reminder, matched straight from a key's bytes.
enum JSONField: String {
    case id, uid, title, notes, list, tags, priority, flagged, completed, completedAt, createdAt, due
    case `repeat`, updatedAt, completions, icalendar

    /// NB: comparing bytes by length first beats `switch` over `String`s, which showed up
    /// at ~4% of a million-line import.
    init?(bytes: UnsafeBufferPointer<UInt8>) {
        func equals(_ name: StaticString) -> Bool {
            memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
        }
        switch bytes.count {
        case 2 where equals("id"): self = .id
        case 3 where equals("uid"): self = .uid
        case 3 where equals("due"): self = .due
        case 6 where equals("repeat"): self = .repeat
        case 9 where equals("updatedAt"): self = .updatedAt
        case 9 where equals("icalendar"): self = .icalendar
        case 11 where equals("completions"): self = .completions
        case 4 where equals("tags"): self = .tags
        case 4 where equals("list"): self = .list
        case 5 where equals("title"): self = .title
        case 5 where equals("notes"): self = .notes
        case 7 where equals("flagged"): self = .flagged
        case 8 where equals("priority"): self = .priority
        case 9 where equals("completed"): self = .completed
        case 9 where equals("createdAt"): self = .createdAt
        case 11 where equals("completedAt"): self = .completedAt
        default: return nil
        }
    }

    /// The field's bit in the mask a reader keeps of the fields an object has given.
    var bit: UInt32 {
        let index: UInt32 = switch self {
        case .id: 0
        case .uid: 1
        case .title: 2
        case .notes: 3
        case .list: 4
        case .tags: 5
        case .priority: 6
        case .flagged: 7
        case .completed: 8
        case .completedAt: 9
        case .createdAt: 10
        case .due: 11
        case .repeat: 12
        case .updatedAt: 13
        case .completions: 14
        case .icalendar: 15
        }
        return 1 << index
    }
}
