// MARK: task declare — the table for the query builder, and the model its rows decode into.
public import Foundation
public import TroveTable

@SQLRecord("bookmarks")
public struct Bookmark: Equatable, Sendable {
    public var id: Int64
    public var url: String
    public var title: String
    public var notes: String
    public var folder: String?
    public var createdAt: Date
    @SQLColumnName("visits") public var visitCount: Int64?
}
