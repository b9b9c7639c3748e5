import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import TroveMacroExpansions

/// What `@SQLRecord` writes for a struct, and what it says about a declaration it cannot use.
@Suite struct SQLRecordExpansionTests {
    /// The conformances the compiler hands the macro when the struct adopts neither yet.
    static var macros: [String: MacroSpec] {
        [
            "SQLRecord": MacroSpec(type: SQLRecordMacro.self, conformances: [Self.type("SQLTable"), Self.type("Decodable")]),
            "SQLColumnName": MacroSpec(type: SQLColumnNameMacro.self),
        ]
    }

    static func type(_ name: String) -> TypeSyntax {
        TypeSyntax(IdentifierTypeSyntax(name: .identifier(name)))
    }

    /// swift-syntax's generic assertMacroExpansion, its failures recorded as Swift Testing issues
    /// (the XCTest flavour would report them where Swift Testing does not look).
    func assertExpansion(
        _ source: String, expandedSource: String, diagnostics: [DiagnosticSpec] = [],
        macros: [String: MacroSpec] = SQLRecordExpansionTests.macros, applyFixIts: [String]? = nil, fixedSource: String? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source, expandedSource: expandedSource, diagnostics: diagnostics, macroSpecs: macros,
            applyFixIts: applyFixIts, fixedSource: fixedSource, indentationWidth: .spaces(4),
            failureHandler: { failure in
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            }
        )
    }

    @Test func aStructBecomesATableWithSnakeCaseColumnsARenamedOneAndAnOptional() {
        assertExpansion(
            """
            @SQLRecord("bookmarks")
            struct Bookmark {
                var id: Int64
                var title: String
                var createdAt: Date
                @SQLColumnName("visits") var visitCount: Int64?
            }
            """,
            expandedSource: """
            struct Bookmark {
                var id: Int64
                var title: String
                var createdAt: Date
                var visitCount: Int64?
            }

            extension Bookmark: TroveQuery.SQLTable, Swift.Decodable {
                static var tableName: String {
                    "bookmarks"
                }
                struct Columns: TroveQuery.TableColumns {
                    let id = TroveQuery.SQLColumn<Int64>("id")
                    let title = TroveQuery.SQLColumn<String>("title")
                    let createdAt = TroveQuery.SQLColumn<Date>("created_at")
                    let visitCount = TroveQuery.SQLColumn<Int64?>("visits")
                }
                static var columns: Columns {
                    Columns()
                }
                static var columnNamesByCodingKey: [String: String] {
                    ["createdAt": "created_at", "visitCount": "visits"]
                }
            }
            """
        )
    }

    @Test func computedStaticAndLazyPropertiesAreNotColumnsAndAnAdoptedDecodableIsNotRepeated() {
        assertExpansion(
            """
            @SQLRecord("notes")
            public struct Note: Codable {
                var id: Int64
                var body: String { didSet { print(body) } }
                var isEmpty: Bool { body.isEmpty }
                var shout: String { get { body.uppercased() } set { body = newValue } }
                static var count = 0
                lazy var words: [String] = []
                var a, b: String
            }
            """,
            expandedSource: """
            public struct Note: Codable {
                var id: Int64
                var body: String { didSet { print(body) } }
                var isEmpty: Bool { body.isEmpty }
                var shout: String { get { body.uppercased() } set { body = newValue } }
                static var count = 0
                lazy var words: [String] = []
                var a, b: String
            }

            extension Note: TroveQuery.SQLTable {
                public static var tableName: String {
                    "notes"
                }
                public struct Columns: TroveQuery.TableColumns {
                    public let id = TroveQuery.SQLColumn<Int64>("id")
                    public let body = TroveQuery.SQLColumn<String>("body")
                    public let a = TroveQuery.SQLColumn<String>("a")
                    public let b = TroveQuery.SQLColumn<String>("b")
                    public init() {
                    }
                }
                public static var columns: Columns {
                    Columns()
                }
            }
            """,
            macros: ["SQLRecord": MacroSpec(type: SQLRecordMacro.self, conformances: [Self.type("SQLTable")])]
        )
    }

    @Test func aClassIsAnErrorWithAFixItThatMakesItAStruct() {
        assertExpansion(
            """
            @SQLRecord("bookmarks")
            class Bookmark {
                var id: Int64 = 0
            }
            """,
            expandedSource: """
            class Bookmark {
                var id: Int64 = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@SQLRecord applies to a struct, not to this class; declare the table's rows as a struct",
                    line: 1, column: 1, fixIts: [FixItSpec(message: "Declare it as a struct")]
                ),
            ],
            applyFixIts: ["Declare it as a struct"],
            fixedSource: """
            @SQLRecord("bookmarks")
            struct Bookmark {
                var id: Int64 = 0
            }
            """
        )
    }

    @Test func anEnumIsAnError() {
        assertExpansion(
            """
            @SQLRecord("kinds")
            enum Kind {
                case a
            }
            """,
            expandedSource: """
            enum Kind {
                case a
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@SQLRecord applies to a struct, not to this enum; declare the table's rows as a struct",
                    line: 1, column: 1
                ),
            ]
        )
    }

    @Test func aStoredPropertyWithoutATypeIsAnErrorWithAFixItForALiteral() {
        assertExpansion(
            """
            @SQLRecord("bookmarks")
            struct Bookmark {
                var id: Int64
                var title = "Untitled"
            }
            """,
            expandedSource: """
            struct Bookmark {
                var id: Int64
                var title = "Untitled"
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@SQLRecord needs the type of 'title' to declare its column; write it, such as 'var title: String'",
                    line: 4, column: 9, fixIts: [FixItSpec(message: "Write its type, ': String'")]
                ),
            ],
            applyFixIts: ["Write its type, ': String'"],
            fixedSource: """
            @SQLRecord("bookmarks")
            struct Bookmark {
                var id: Int64
                var title: String = "Untitled"
            }
            """
        )
    }

    @Test func aColumnNameOnAComputedPropertyIsAnError() {
        assertExpansion(
            """
            @SQLRecord("bookmarks")
            struct Bookmark {
                var id: Int64
                @SQLColumnName("label") var label: String { "x" }
            }
            """,
            expandedSource: """
            struct Bookmark {
                var id: Int64
                var label: String { "x" }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@SQLColumnName names a stored property's column; a computed, static or lazy property has none, so remove it",
                    line: 4, column: 5
                ),
            ]
        )
    }

    @Test func twoPropertiesReadingOneColumnAreAnError() {
        assertExpansion(
            """
            @SQLRecord("bookmarks")
            struct Bookmark {
                var createdAt: Date
                @SQLColumnName("created_at") var added: Date
            }
            """,
            expandedSource: """
            struct Bookmark {
                var createdAt: Date
                var added: Date
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'createdAt' and 'added' both read the column \"created_at\"; give one of them another @SQLColumnName",
                    line: 2, column: 8
                ),
            ]
        )
    }

    @Test func aTableNameThatIsNotALiteralIsAnError() {
        assertExpansion(
            """
            @SQLRecord(tableName)
            struct Bookmark {
                var id: Int64
            }
            """,
            expandedSource: """
            struct Bookmark {
                var id: Int64
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@SQLRecord needs the table's name as one string literal, such as @SQLRecord(\"bookmarks\")",
                    line: 1, column: 1
                ),
            ]
        )
    }

    @Test(arguments: [
        ("createdAt", "created_at"), ("id", "id"), ("userID", "user_id"), ("htmlURLString", "html_url_string"),
        ("URL", "url"), ("line2Text", "line2_text"), ("already_snake", "already_snake"), ("isHTTPS", "is_https"),
    ])
    func propertyNamesBecomeSnakeCaseColumns(property: String, column: String) {
        assertExpansion(
            """
            @SQLRecord("t")
            struct T {
                var \(property): Int64
            }
            """,
            expandedSource: """
            struct T {
                var \(property): Int64
            }

            extension T: TroveQuery.SQLTable, Swift.Decodable {
                static var tableName: String {
                    "t"
                }
                struct Columns: TroveQuery.TableColumns {
                    let \(property) = TroveQuery.SQLColumn<Int64>("\(column)")
                }
                static var columns: Columns {
                    Columns()
                }\(property == column ? "" : """

                static var columnNamesByCodingKey: [String: String] {
                    ["\(property)": "\(column)"]
                }
            """)
            }
            """
        )
    }
}
