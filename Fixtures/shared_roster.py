#!/usr/bin/env python3
"""A roster that another app shares, for roster's tests, checked with Python's plistlib.

    shared_roster.py make <path> binary|xml   writes four students with keys roster does not know
    shared_roster.py check <path> <original>  prints "ok" when every student of <original> that is
                                               still in <path> keeps every such key, with its type
                                               and value; otherwise what differs
"""
import datetime
import plistlib
import sys
import uuid

KNOWN = {"id", "name", "age", "grade", "score"}


def other_fields(index):
    return {
        "nickname": "nick %d" % index,
        "tags": ["math", {"first": True, "level": index}],
        "photo": bytes([0, 1, 255, index]),
        "born": datetime.datetime(2012, 5, 17, 9, 30, index),
        "ratio": 1.5 + index,
        "count": -7 - index,
        "flag": index % 2 == 0,
        "empty": {},
    }


def make(path, kind):
    records = []
    for index, name in enumerate(["Ada Lovelace", "Alan Turing", "Grace Hopper", "Zoë Martin"]):
        record = {"id": str(uuid.uuid4()).upper(), "name": name, "age": 12 + index}
        record.update(other_fields(index))
        records.append(record)
    with open(path, "wb") as f:
        plistlib.dump(records, f, fmt=plistlib.FMT_BINARY if kind == "binary" else plistlib.FMT_XML)


def typed(value):
    """A value with Python's types spelled out, so that True and 1, 1.0 and 1 differ."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    return (type(value).__name__, value)


def check(path, original_path):
    with open(path, "rb") as f:
        new = {record["id"]: record for record in plistlib.load(f)}
    with open(original_path, "rb") as f:
        original = plistlib.load(f)
    problems = []
    for record in original:
        kept = new.get(record["id"])
        if kept is None:
            continue
        for key, value in record.items():
            if key not in KNOWN and typed(kept.get(key)) != typed(value):
                problems.append("%s lost or changed %r" % (record["name"], key))
    print("ok" if not problems else "; ".join(problems))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3])
    else:
        check(sys.argv[2], sys.argv[3])
