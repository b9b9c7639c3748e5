// The query language and search. See SearchProvider.swift.
