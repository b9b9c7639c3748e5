/// `createdAt` → `created_at`, `userID` → `user_id`, `htmlURLString` → `html_url_string`: the
/// column name `@SQLRecord` gives a property that has no `@SQLColumnName`.
///
/// A word starts at an uppercase letter after a lowercase letter or a digit, and at the last
/// uppercase letter of a run that a lowercase letter follows (so an acronym stays one word).
func snakeCase(_ name: String) -> String {
    let characters = Array(name)
    var result = ""
    for (index, character) in characters.enumerated() {
        if character.isUppercase, index > 0 {
            let previous = characters[index - 1]
            let next: Character? = index + 1 < characters.count ? characters[index + 1] : nil
            let startsWord = previous.isLowercase || previous.isNumber
                || (previous.isUppercase && next?.isLowercase == true)
            if startsWord, previous != "_" { result.append("_") }
        }
        result += character.lowercased()
    }
    return result
}
