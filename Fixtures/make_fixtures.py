#!/usr/bin/env python3
"""Writes the sample rosters in Fixtures/ with Python's plistlib, an independent plist writer.

Run from the repository root: python3 Fixtures/make_fixtures.py
The ids are fixed so that tests and the README can refer to them.
"""
import plistlib
import random
import uuid

NAMES = [
    ("Ada Lovelace", 12, 7, 91.5), ("Alan Turing", 12, 7, 88), ("Grace Hopper", 13, 8, 95),
    ("Émile Durand", 12, 7, 72.5), ("Zoë Martin", 11, 6, None), ("Jürgen Müller", 13, 8, 64),
    ("Søren Kierkegaard", 14, 9, 81), ("María José García", 12, 7, 77.25), ("Łukasz Kowalski", 13, 8, 59),
    ("Nguyễn Thị Mai", 12, 7, 93), ("王小明", 11, 6, 85), ("李华", 12, 7, None),
    ("佐藤 花子", 13, 8, 90), ("김민준", 12, 7, 68.5), ("محمد العلي", 14, 9, 74),
    ("फ़ातिमा शेख़", 13, 8, 99), ("Ольга Иванова", 12, 7, 80), ("Αλέξανδρος Παππάς", 14, 9, 70),
    ("Student 2", 11, 6, 50), ("Student 10", 11, 6, 55), ("ANNA", 12, None, 66),
    ("emma", 12, 7, None), ("Ängel Öberg", 13, 8, 87.5), ("Chidi Okafor", 12, 7, 83),
    ("Aroha Ngata", 11, 6, 79), ("Siobhán Ní Bhriain", 13, 8, 92), ("José Ñúñez", 14, 9, 61),
    ("Ayşe Yılmaz", 12, 7, 76), ("Kofi Mensah", 13, None, None), ("Priya Patel", 11, 6, 97),
]


SEED = random.Random(20261129)


def fixed_id(index):
    return str(uuid.UUID(int=SEED.getrandbits(128), version=4)).upper()


def sample_class():
    students = []
    for index, (name, age, grade, score) in enumerate(NAMES):
        # The age as text, as the iOS app's encoder writes it, so that the app reads the class.
        record = {"id": fixed_id(index), "name": name, "age": str(age)}
        if grade is not None:
            record["grade"] = grade
        if score is not None:
            record["score"] = float(score)
        students.append(record)
    return students


def ios_app_roster():
    # The iOS teaching app stored only id, name and age, with the age as a string.
    names = [("Ana Souza", "17"), ("Zoë Brontë", "16"), ("田中 太郎", "15"), ("Ömer Çelik", "18")]
    return [{"id": fixed_id(i), "name": n, "age": a} for i, (n, a) in enumerate(names)]


def ios_app_written_ages():
    # The app's age is a free-text field: whatever was typed into it is what the file holds.
    ages = [("Ana Souza", "17 "), ("Ben Okafor", "twelve"), ("Chloé Martin", "12.0"), ("Dev Patel", ""),
            ("Eva Novák", "250"), ("Finn Berg", "13")]
    return [{"id": fixed_id(i), "name": n, "age": a} for i, (n, a) in enumerate(ages)]


with open("Fixtures/sample-class.plist", "wb") as f:
    plistlib.dump(sample_class(), f, fmt=plistlib.FMT_BINARY, sort_keys=False)
with open("Fixtures/ios-app-students.plist", "wb") as f:
    plistlib.dump(ios_app_roster(), f, fmt=plistlib.FMT_BINARY, sort_keys=False)
with open("Fixtures/ios-app-written-ages.plist", "wb") as f:
    plistlib.dump(ios_app_written_ages(), f, fmt=plistlib.FMT_BINARY, sort_keys=False)
