#!/usr/bin/env python3
"""The baseline for roster's benchmark: the same jobs done the tutorial's way, with Python's plistlib.

Each job loads the whole roster, changes it, and saves the whole roster again in the same binary
format, as the iOS teaching app's StorageHandler does with PropertyListDecoder and Encoder.

Usage: plistlib_baseline.py COMMAND ROSTER [ARGUMENT]
  list-json | list | export-csv   print the roster
  add NAME | edit ID | remove ID  change it
  import CSV                      replace it with the students of a CSV file
"""
import csv
import io
import json
import os
import plistlib
import sys
import uuid


def load(path):
    with open(path, "rb") as f:
        return plistlib.load(f)


def save(path, students):
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        plistlib.dump(students, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(temporary, path)


def by_name(students):
    return sorted(students, key=lambda s: s["name"].casefold())


def main():
    command, path = sys.argv[1], sys.argv[2]
    argument = sys.argv[3] if len(sys.argv) > 3 else None
    out = sys.stdout
    if command == "list-json":
        out.write(json.dumps(by_name(load(path)), ensure_ascii=False, indent=1))
    elif command == "list":
        lines = []
        for s in by_name(load(path)):
            lines.append("%-8s  %-30s  %3s  %5s  %5s" % (s["id"][:8], s["name"], s["age"], s.get("grade", "-"), s.get("score", "-")))
        out.write("\n".join(lines) + "\n")
    elif command == "export-csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\r\n")
        writer.writerow(["id", "name", "age", "grade", "score"])
        for s in load(path):
            writer.writerow([s["id"], s["name"], s["age"], s.get("grade", ""), s.get("score", "")])
        out.write(buffer.getvalue())
    elif command == "add":
        students = load(path)
        students.append({"id": str(uuid.uuid4()).upper(), "name": argument, "age": 12})
        save(path, students)
    elif command == "edit":
        students = load(path)
        for s in students:
            if s["id"] == argument:
                s["age"] = 13
        save(path, students)
    elif command == "remove":
        save(path, [s for s in load(path) if s["id"] != argument])
    elif command == "import":
        students = []
        with open(argument, newline="", encoding="utf-8-sig") as f:
            for row in csv.DictReader(f):
                record = {"id": row["id"] or str(uuid.uuid4()).upper(), "name": row["name"].strip(), "age": int(row["age"])}
                if row.get("grade"):
                    record["grade"] = int(row["grade"])
                if row.get("score"):
                    record["score"] = float(row["score"])
                students.append(record)
        save(path, students)
    else:
        sys.exit("unknown command " + command)


if __name__ == "__main__":
    main()
