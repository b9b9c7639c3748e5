#!/usr/bin/env python3
"""Checks seed-data/reminders.jsonl against Trove's canonical JSON Lines shape and prints stats.

Usage: python3 seed-data/validate.py [path]   (exit status 1 on the first broken line)
The same invariants are checked by Tests/TroveStoreTests/Generate/SeedDataTests.swift.
"""
import collections, datetime, json, re, sys

FIELDS = ["title", "notes", "list", "tags", "priority", "flagged", "completed",
          "completedAt", "due", "createdAt"]
PINNED = datetime.date(2026, 3, 2)
MOMENT = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$")
DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def moment(text):
    assert MOMENT.match(text), f"not a UTC date-time like 2026-03-02T09:15:00.000Z: {text!r}"
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ")


def check(number, line):
    record = json.loads(line)
    assert list(record) == FIELDS, f"fields {list(record)} are not in canonical order"
    canonical = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    assert line == canonical, "not in canonical spelling (spaces, escapes)"
    assert isinstance(record["title"], str) and record["title"].strip(), "empty title"
    assert isinstance(record["notes"], str)
    assert isinstance(record["list"], str) and record["list"], "list must be named"
    tags = record["tags"]
    assert all(t == t.lower() and t for t in tags), f"tags must be lower case: {tags}"
    assert len(tags) == len(set(tags)) <= 3, f"0-3 unique tags: {tags}"
    assert record["priority"] in ("none", "low", "medium", "high")
    assert isinstance(record["flagged"], bool) and isinstance(record["completed"], bool)
    created = moment(record["createdAt"])
    assert datetime.datetime(2025, 11, 1) <= created <= datetime.datetime(2026, 3, 2, 23, 59)
    if record["completed"]:
        done = moment(record["completedAt"])
        assert created <= done <= datetime.datetime(2026, 3, 2, 23, 59), "completedAt out of range"
    else:
        assert record["completedAt"] is None, "completedAt without completed"
    due = record["due"]
    if due is not None:
        if DAY.match(due):
            datetime.date.fromisoformat(due)
        else:
            moment(due)
    return record


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "seed-data/reminders.jsonl"
    records = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle.read().split("\n")[:-1], start=1):
            try:
                records.append(check(number, line))
            except (AssertionError, ValueError) as error:
                sys.exit(f"{path}:{number}: {error}")
    assert len(records) >= 160, f"only {len(records)} reminders"
    lists = collections.Counter(r["list"] for r in records)
    assert len(lists) >= 7, f"only {len(lists)} lists"

    def day_of(r):
        return datetime.date.fromisoformat(r["due"][:10]) if r["due"] else None
    days = [day_of(r) for r in records]
    buckets = collections.Counter()
    for d in days:
        if d is None: buckets["none"] += 1
        elif d < PINNED: buckets["overdue"] += 1
        elif d == PINNED: buckets["today"] += 1
        elif (d - PINNED).days == 1: buckets["tomorrow"] += 1
        elif (d - PINNED).days <= 6: buckets["rest of this week"] += 1
        elif (d - PINNED).days <= 27: buckets["next 3 weeks"] += 1
        else: buckets["later"] += 1
    notes = [r["notes"] for r in records]
    print(f"{len(records)} reminders, all valid")
    print("lists:", dict(lists.most_common()))
    print("due:", dict(buckets), f"(timed: {sum(1 for r in records if r['due'] and 'T' in r['due'])})")
    print("completed:", sum(r["completed"] for r in records), " flagged:", sum(r["flagged"] for r in records))
    print("priority:", dict(collections.Counter(r["priority"] for r in records)))
    print("tags:", dict(collections.Counter(t for r in records for t in r["tags"]).most_common()))
    print("tag count per reminder:", dict(sorted(collections.Counter(len(r["tags"]) for r in records).items())))
    words = [len(n.split()) for n in notes]
    print(f"notes: empty {sum(w == 0 for w in words)}, 1-20 words {sum(0 < w <= 20 for w in words)}, "
          f"21-59 {sum(20 < w < 60 for w in words)}, 60+ {sum(w >= 60 for w in words)}")


if __name__ == "__main__":
    main()
