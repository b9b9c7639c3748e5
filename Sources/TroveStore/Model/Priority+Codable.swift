/// Coded as its raw value, 0–3, as it is stored: so an app's `Decodable` model can hold a
/// `Priority` and be read straight from a row (`fetchAll(_:as:)`).
///
/// ```swift
/// struct Item: Decodable { var title: String; var priority: Priority }
/// try db.fetchAll(ReminderTable.all, as: Item.self)   // priority 3 reads as .high
/// ```
extension Priority: Codable {}
