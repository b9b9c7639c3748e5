// The SQLite layer. See Connection.swift and Database.swift.
