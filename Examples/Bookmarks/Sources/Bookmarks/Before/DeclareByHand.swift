// MARK: task declare, before @SQLRecord — the same table and model written by hand (kept to
// count and to compile; the app uses `Bookmark`).
public import Foundation
public import Trove

public struct BookmarkByHand: SQLTable, Decodable, Equatable, Sendable {
    public var id: Int64
    public var url: String
    public var title: String
    public var notes: String
    public var folder: String?
    public var createdAt: Date
    public var visitCount: Int64?

    public static let tableName = "bookmarks"
    public struct Columns: TableColumns {
        public let id = SQLColumn<Int64>("id")
        public let url = SQLColumn<String>("url")
        public let title = SQLColumn<String>("title")
        public let notes = SQLColumn<String>("notes")
        public let folder = SQLColumn<String?>("folder")
        public let createdAt = SQLColumn<Date>("created_at")
        public let visitCount = SQLColumn<Int64?>("visits")
    }
    public static let columns = Columns()

    enum CodingKeys: String, CodingKey {
        case id, url, title, notes, folder
        case createdAt = "created_at"
        case visitCount = "visits"
    }
}
