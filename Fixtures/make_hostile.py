#!/usr/bin/env python3
"""Writes hand-made damaged and hostile rosters into Fixtures/hostile/.

Run from the repository root: python3 Fixtures/make_hostile.py
Each file is something roster must report as damaged, quickly, without crashing.
"""
import plistlib
import struct

OUT = "Fixtures/hostile/"
GOOD = {"id": "0F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6", "name": "Ada", "age": 12}


def write(name, data):
    with open(OUT + name, "wb") as f:
        f.write(data)


def bplist(objects, top=0):
    """Assembles a binary plist from already-encoded objects; references are one byte."""
    body = b"bplist00"
    offsets = []
    for obj in objects:
        offsets.append(len(body))
        body += obj
    table = len(body)
    size = 1 if table < 256 else 2
    for offset in offsets:
        body += offset.to_bytes(size, "big")
    return body + bytes(6) + bytes([size, 1]) + struct.pack(">QQQ", len(objects), top, table)


def ascii_string(text):
    data = text.encode()
    return bytes([0x50 | len(data)]) + data if len(data) < 15 else bytes([0x5F, 0x10, len(data)]) + data


# Plain damage.
write("empty.plist", b"")
write("random-bytes.plist", bytes((i * 73 + 41) % 256 for i in range(300)))
good = plistlib.dumps([GOOD, dict(GOOD, id="1F8E2A34-5B6C-4D7E-8F90-A1B2C3D4E5F6")], fmt=plistlib.FMT_BINARY)
write("truncated.plist", good[: len(good) // 2])
write("top-level-dict.plist", plistlib.dumps(GOOD, fmt=plistlib.FMT_BINARY))
write("missing-name.plist", plistlib.dumps([GOOD, {"id": GOOD["id"].replace("0F", "2F", 1), "age": 3}], fmt=plistlib.FMT_BINARY))
write("duplicate-ids.plist", plistlib.dumps([GOOD, dict(GOOD, name="Ada again")], fmt=plistlib.FMT_BINARY))
write("bad-uuid.plist", plistlib.dumps([dict(GOOD, id="not-a-uuid")], fmt=plistlib.FMT_XML))
write("text-not-plist.plist", b"id,name,age\n1,Ada,12\n")

# A set, which Foundation's PropertyListSerialization on Linux crashes on.
write("set.plist", bplist([bytes([0xC1, 1]), bytes([0x10, 7])]))

# Arrays that share references: 30 levels of [x, x] describe 2^30 leaves in a tiny file.
levels = 30
objects = []
for level in range(levels):
    objects.append(bytes([0xA2, level + 1, level + 1]))
objects.append(bytes([0x10, 1]))
write("shared-references.plist", bplist(objects))

# The same shared arrays hidden under a key roster does not know, inside a valid record.
keys = ["id", "name", "age", "extra"]
record = [ascii_string(GOOD["id"]), ascii_string("Ada"), bytes([0x10, 12])]
objs = [bytes([0xA1, 1]), bytes([0xD4, 2, 3, 4, 5, 6, 7, 8, 9])] + [ascii_string(k) for k in keys] + record
base = len(objs)
objs.append(bytes([0xA2, base + 1, base + 1]))
for level in range(1, levels):
    objs.append(bytes([0xA2, base + level + 1, base + level + 1]))
objs.append(bytes([0x10, 1]))
shared_hidden = bplist(objs)
# The dictionary's values: id, name, age, and the first shared array.
write("shared-references-in-extra-key.plist", shared_hidden)

# Offsets and references that point outside the file.
write("offset-out-of-range.plist", bplist([bytes([0xA1, 0])])[:-8] + struct.pack(">Q", 2**62))
write("reference-out-of-range.plist", bplist([bytes([0xA1, 200])]))
write("huge-count.plist", bplist([bytes([0xAF, 0x13]) + struct.pack(">Q", 2**62)]))
write("cycle.plist", bplist([bytes([0xA1, 0])]))

# XML nested 10,000 deep, which Foundation's PropertyListDecoder on Linux crashes on.
depth = 10000
write("deep-xml.plist", b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n' + b"<array>" * depth + b"</array>" * depth + b"\n</plist>\n")
inner = b"<array>" * depth + b"</array>" * depth
write(
    "deep-xml-in-extra-key.plist",
    b'<?xml version="1.0"?><plist version="1.0"><array><dict><key>extra</key>' + inner
    + b"<key>id</key><string>" + GOOD["id"].encode() + b"</string><key>name</key><string>Ada</string>"
    + b"<key>age</key><integer>12</integer></dict></array></plist>",
)

# References and offsets of 2^63 or more, which become negative as signed 64-bit numbers.
def wide_bplist(objects, top, reference_size, offset_size, offsets=None):
    """A binary plist with the given widths; `offsets` overrides the offset table."""
    body = b"bplist00"
    table_offsets = []
    for obj in objects:
        table_offsets.append(len(body))
        body += obj
    table = len(body)
    for offset in offsets or table_offsets:
        body += offset.to_bytes(offset_size, "big")
    return body + bytes(6) + bytes([offset_size, reference_size]) + struct.pack(">QQQ", len(objects), top, table)


write("huge-reference.plist", wide_bplist([bytes([0xA1]) + (2**63).to_bytes(8, "big")], 0, 8, 1))
write("huge-reference-all-ones.plist", wide_bplist([bytes([0xA1]) + (2**64 - 1).to_bytes(8, "big")], 0, 8, 2))
write("huge-offset.plist", wide_bplist([bytes([0xA1, 0, 0, 0, 0, 0, 0, 0, 1]), bytes([0x10, 1])], 0, 8, 8,
                                      offsets=[8, 2**63 + 5]))

# A top-level array that lies inside another object (here a UTF-16 name): splicing a new student
# onto the array would change that name, so roster must rewrite such a file instead.
uuid_text = GOOD["id"].encode()
overlap = b"bplist00" + bytes([0x62]) + bytes([0xA1, 0x01]) + bytes([0x00, 0x41])
overlap += bytes([0xD3, 2, 3, 4, 5, 6, 7])
overlap += ascii_string("id") + ascii_string("name") + ascii_string("age")
overlap += bytes([0x5F, 0x10, len(uuid_text)]) + uuid_text + bytes([0x10, 12])
overlap_table = len(overlap)
overlap += bytes([9, 13, 20, 23, 28, 32, 8, 71])
overlap += bytes(6) + bytes([1, 1]) + struct.pack(">QQQ", 8, 0, overlap_table)
write("array-inside-a-name.plist", overlap)

write("xml-entity-expansion.plist", b'<?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa">]><plist><array/></plist>')
write("xml-unclosed.plist", b'<?xml version="1.0"?><plist version="1.0"><array><dict><key>name</key><string>Ada')
