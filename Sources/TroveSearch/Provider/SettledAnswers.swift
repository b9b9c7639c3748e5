/// The last few final ResultSets, each keyed by its request and the database's change token,
/// so that typing back to an earlier text (`bud` → `budg` → `bud`) shows its settled answer at
/// once instead of ranking every match again.
///
/// ```swift
/// var settled = SettledResults<Int>(capacity: 2)
/// settled.insert(resultSet, for: request, at: 7)
/// settled.value(for: request, at: 7)   // resultSet
/// settled.value(for: request, at: 8)   // nil: the database changed since
/// ```
///
/// NB: an entry is keyed by the token read BEFORE its search started; the search's snapshot is
/// at least that new, and a token never comes back once the data moves on, so an entry can
/// only be found while the data is exactly as it was searched.
///
/// The reminders' requests and answers (``SettledResults``); an index's typing stream keeps its
/// texts' ``IndexResultSet``s the same way.
struct SettledAnswers<Request: Hashable, Answer: SettlingAnswer, Token: Hashable> {
    private struct Key: Hashable {
        var request: Request
        var token: Token
    }

    let capacity: Int
    private var entries: [Key: Answer] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The final answer for `request` at `token`, marking it recently used.
    mutating func value(for request: Request, at token: Token) -> Answer? {
        let key = Key(request: request, token: token)
        guard let resultSet = entries[key] else { return nil }
        touch(key)
        return resultSet
    }

    /// Remembers a final answer, evicting the least recently used past ``capacity``.
    /// Provisional sets are never kept: they are not answers.
    mutating func insert(_ resultSet: Answer, for request: Request, at token: Token) {
        guard !resultSet.isProvisional, capacity > 0 else { return }
        let key = Key(request: request, token: token)
        entries[key] = resultSet
        touch(key)
        while order.count > capacity {
            entries[order.removeFirst()] = nil
        }
    }

    private mutating func touch(_ key: Key) {
        order.removeAll { $0 == key }
        order.append(key)
    }
}

/// The reminders' settled answers: a ``SearchRequest``'s final ``ResultSet``.
typealias SettledResults<Token: Hashable> = SettledAnswers<SearchRequest, ResultSet, Token>

/// An answer that may be provisional, which ``SettledAnswers`` never keeps.
protocol SettlingAnswer {
    var isProvisional: Bool { get }
}

extension ResultSet: SettlingAnswer {}
extension IndexResultSet: SettlingAnswer {}
