/// Whole numbers in messages, grouped by thousands whatever the locale, so a sentence reads the
/// same on every machine and in every test.
///
/// ```swift
/// GroupedNumber.text(100_000)  // "100,000"
/// GroupedNumber.text(-1234)    // "-1,234"
/// ```
public enum GroupedNumber {
    /// `number` with a comma between groups of three digits: `10000` → `"10,000"`.
    public static func text(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (number < 0 ? "-" : "") + result
    }
}
