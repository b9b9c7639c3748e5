// Seeded databases and snapshot helpers.
