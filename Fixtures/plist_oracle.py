#!/usr/bin/env python3
"""Reads rosters with Python's plistlib, an independent reader, for roster's fuzz test.

Usage: python3 Fixtures/plist_oracle.py FILE...
Prints one JSON line per file: {"students": [...]} with the students as roster's
`list --format json --sort added` prints them, or {"students": null} when plistlib
does not read the file as a roster.
"""
import json
import plistlib
import sys
import uuid


KNOWN = {"id", "name", "age", "grade", "score", "register", "attendance", "schoolID", "firstName", "lastName", "note"}


def student(record):
    if not isinstance(record, dict):
        return None
    sid, name, age = record.get("id"), record.get("name"), record.get("age")
    if not isinstance(sid, str) or not isinstance(name, str):
        return None
    if isinstance(age, str) and age.isascii() and age.isdigit() and len(age) <= 18:
        age = int(age)
    if not isinstance(age, int) or isinstance(age, bool) or not 1 <= age <= 120:
        return None
    try:
        sid = str(uuid.UUID(sid)).upper()
    except ValueError:
        return None
    out = {"id": sid, "name": name, "age": age}
    grade, score = record.get("grade"), record.get("score")
    if "grade" in record:
        if not isinstance(grade, int) or isinstance(grade, bool) or not 0 <= grade <= 13:
            return None
        out["grade"] = grade
    if "score" in record:
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score <= 100:
            return None
        out["score"] = float(score)
    for key in ("schoolID", "firstName", "lastName", "note"):
        if key in record:
            if not isinstance(record[key], str):
                return None
            if record[key].strip():
                out[key] = record[key]
    # Other apps' keys are kept and printed as they are; only their presence is compared.
    for key in record:
        if key not in KNOWN:
            out[key] = True
    return out


def roster(path):
    try:
        with open(path, "rb") as f:
            top = plistlib.load(f)
    except Exception:
        return None
    if not isinstance(top, list):
        return None
    students = [student(r) for r in top]
    if any(s is None for s in students) or len({s["id"] for s in students}) != len(students):
        return None
    return students


for path in sys.argv[1:]:
    print(json.dumps({"students": roster(path)}, ensure_ascii=False))
