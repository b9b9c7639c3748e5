import Foundation
import Testing
import Trove
import TroveStore

/// An app shows a caught error's `localizedDescription` (SwiftUI's `.alert(isPresented:error:)`
/// does). Trove's errors give their own sentence there, not Foundation's "The operation could
/// not be completed" with a type name and a case number.
@Suite struct ErrorsForAnAppsAlertTests {
    func caught(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func eachLibraryErrorsLocalizedDescriptionIsItsOwnSentence() throws {
        let errors: [any Error] = [
            try #require(caught { _ = try SearchIndex(table: "my notes", key: "id", fields: [.init("title")]) }),
            try #require(caught { _ = try Int(decoding: .text("twelve")) }),
            try #require(caught { _ = try RepeatRule(phrase: "every blue moon") }),
            try #require(caught { _ = try NaturalDate().parse("someday soon") }),
            SearchError.invalidCursor,
            StoreError.emptyTitle,
        ]
        for error in errors {
            #expect(error.localizedDescription == String(describing: error))
            #expect(!error.localizedDescription.contains("could not be completed"))
        }
        #expect(errors[0].localizedDescription.hasPrefix("\"my notes\" cannot be the table of a SearchIndex"))
    }
}
