import Foundation
import Testing
import TroveStore

@Suite struct JSONValueTests {
    @Test func jsonEscapesAndKeepsKeyOrder() throws {
        let value = JSONValue.object([
            "b": .string("quote \" slash \\ nl \n bell \u{7} del \u{7F} é 🎉"), "a": .array([1, true, .null, .number(-1.5e-6)]),
        ])
        let compact = value.serialized()
        #expect(compact == #"{"b":"quote \" slash \\ nl \n bell \u0007 del "# + "\u{7F}" + #" é 🎉","a":[1,true,null,-1.5e-06]}"#)
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(value.serialized(pretty: true).utf8)) as? [String: Any])
        #expect(decoded["b"] as? String == "quote \" slash \\ nl \n bell \u{7} del \u{7F} é 🎉")
        #expect((decoded["a"] as? [Any])?.count == 4)
    }

    @Test func prettyJSONIndentsByTwoAndWritesEmptyContainersInline() {
        let value = JSONValue.object(["hits": .array([]), "next": .object(["offset": 2])])
        #expect(value.serialized(pretty: true) == "{\n  \"hits\": [],\n  \"next\": {\n    \"offset\": 2\n  }\n}")
    }

    @Test func notANumberIsWrittenAsNull() {
        #expect(JSONValue.array([.number(.nan), .number(.infinity)]).serialized() == "[null,null]")
    }
}

@Suite struct CSVRowTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("crlf\r\nline", "\"crlf\r\nline\""),
        ("", ""),
    ])
    func csvQuotesOnlyWhatNeedsIt(field: String, expected: String) throws {
        #expect(String(decoding: try CSVRow.bytes([field, "x"]), as: UTF8.self) == expected + ",x\r\n")
    }
}
