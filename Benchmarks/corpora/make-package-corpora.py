#!/usr/bin/env python3
"""Builds two corpora shaped as people's data is, for Trove's size and import benchmarks
(issue 18: "a structure that is small on generated rows can be half the file on real ones").

    Benchmarks/corpora/make-package-corpora.py DEBIAN_DIR PYPI_TSV NPM_TSV OUT_DIR

DEBIAN_DIR is what Benchmarks/quality/make-debian-corpus.py wrote (debian-corpus.jsonl and
debian-keys.txt); PYPI_TSV a list of PyPI packages with a header line and the columns name,
version, month, rank, summary, and NPM_TSV one of npm packages (name, version, downloads,
summary): the machine's package lists.

Writes into OUT_DIR:
  debian-names.jsonl   every Debian package as `apt search` prints it: title
                       "package: short description", notes its long description, list its
                       section, tags the parts of its name (split at - . + _, lower case, at
                       most 8): tens of thousands of distinct tags, most of them on one or two
                       packages, a few (lib, python3, dev, doc) on thousands.
  packages-1m.jsonl    those, then PyPI packages and then npm packages in the lists' order until
                       there are 1,000,000 lines: title "name: summary", no notes, list "PyPI"
                       or "npm", tags the first three parts of the name (half a million distinct).
Both are deterministic for the same inputs. Nothing of either is committed: the inputs are the
machine's package lists, not the project's.
"""
import json
import re
import sys

SPLIT = re.compile(r"[-.+_]+")


def name_tags(name, most):
    tags = []
    for part in SPLIT.split(name.lower()):
        if part and part not in tags:
            tags.append(part)
    return tags[:most]


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    debian_dir, pypi_tsv, npm_tsv, out = sys.argv[1:]
    with open(f"{debian_dir}/debian-keys.txt", encoding="utf-8") as keys:
        names = [line.rstrip("\n") for line in keys]
    debian = []
    with open(f"{debian_dir}/debian-corpus.jsonl", encoding="utf-8") as corpus:
        for name, line in zip(names, corpus):
            record = json.loads(line)
            debian.append({
                "title": f"{name}: {record['title']}",
                "notes": record.get("notes", ""),
                "list": record.get("list") or "Debian",
                "tags": name_tags(name, 8),
            })
    with open(f"{out}/debian-names.jsonl", "w", encoding="utf-8") as file:
        for record in debian:
            file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
    count = len(debian)
    with open(f"{out}/packages-1m.jsonl", "w", encoding="utf-8") as file:
        for record in debian:
            file.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
        for source, path, summary_column in (("PyPI", pypi_tsv, 4), ("npm", npm_tsv, 3)):
            with open(path, encoding="utf-8") as tsv:
                next(tsv)
                for line in tsv:
                    if count >= 1_000_000:
                        break
                    columns = line.rstrip("\n").split("\t")
                    if len(columns) <= summary_column or not columns[0]:
                        continue
                    name, summary = columns[0], columns[summary_column].strip()
                    tags = name_tags(name.lstrip("@").replace("/", "-"), 3)
                    if not tags:
                        continue
                    title = f"{name}: {summary}" if summary else name
                    file.write(json.dumps({"title": title, "list": source, "tags": tags},
                                          ensure_ascii=False, separators=(",", ":")) + "\n")
                    count += 1
    print(f"make-package-corpora: {len(debian)} Debian packages, {count} lines in all, in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
