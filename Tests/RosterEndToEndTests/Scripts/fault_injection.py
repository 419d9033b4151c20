#!/usr/bin/env python3
"""Fault injection into roster's changes, as SQLite tests its commit.

For each change command, every call of each file-system system call that touches the roster's
folder is made to fail in turn: once with EIO and once by killing roster there
(strace -e inject=SYSCALL:error=EIO:when=N and :signal=KILL:when=N). After each point:

- the roster decodes (Python's plistlib) and is exactly the old or the new roster;
- a command that failed with EIO exited 1 with one line starting "Error:";
- `roster history` lists exactly the changes that happened (one more when the new roster is there);
- undo then redo walk back and forth through exactly the states that really existed.

Usage: fault_injection.py ROSTER_BINARY WORK_FOLDER [--short]
Prints "N passed, N failed" and one line per failed point; exits 1 when any point failed.
"""

import json
import os
import plistlib
import shutil
import subprocess
import sys

import faults

SYSCALLS = ["openat", "write", "fsync", "fdatasync", "link", "rename", "unlink", "getdents64",
            "fchmod", "fchown", "mkdir"]


def names(path):
    """What the class holds: the roster student by student in file order (ids aside, since an
    added student's is new on every run) with each one's register and marks, then the markbook
    beside it; None when there is no roster; raises when either is damaged."""
    if not os.path.exists(path):
        return None
    with open(path, "rb") as handle:
        data = handle.read()
    if not data:
        return None
    students = [(student["name"], student["age"], json.dumps(student.get("register"), sort_keys=True),
                 json.dumps(student.get("marks"), sort_keys=True))
                for student in plistlib.loads(data)]
    return students + [("markbook", markbook(path))]


def markbook(roster_path):
    """The class's assessments, categories and watch thresholds, as the markbook beside the roster keeps them."""
    folder, name = os.path.split(roster_path)
    path = os.path.join(folder, "." + name + ".markbook")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    with open(path, "rb") as handle:
        book = plistlib.load(handle)
    return json.dumps({"assessments": [entry["name"] for entry in book.get("assessments", [])],
                       "categories": [entry["name"] for entry in book.get("categories", [])],
                       "watch": book.get("watch")}, sort_keys=True)


class Roster:
    def __init__(self, binary, folder):
        self.binary, self.folder = binary, folder
        self.file = os.path.join(folder, "students.plist")

    def env(self):
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.folder,
               "ROSTER_FILE": self.file, "ROSTER_SEED": "7", "LC_ALL": "C.UTF-8"}
        return env

    def run(self, args, prefix=()):
        return subprocess.run(list(prefix) + [self.binary] + args, env=self.env(),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60)

    def history(self):
        result = self.run(["history", "--format", "json"])
        if result.returncode != 0:
            raise RuntimeError("history failed: " + result.stderr.strip())
        return json.loads(result.stdout)


# Each case: how to build the roster before, and the command.
def build(roster, steps):
    for step in steps:
        result = roster.run(step)
        assert result.returncode == 0, (step, result.stderr)


BASE = [["add", "Ada", "--age", "12"], ["add", "Alan", "--age", "13"], ["add", "Grace", "--age", "11"]]
CASES = [
    ("add", BASE, ["add", "Kofi", "--age", "12"]),
    ("edit", BASE, ["edit", "alan", "--name", "Alan Turing"]),
    ("remove", BASE, ["remove", "grace"]),
    ("delete-all", BASE, ["delete-all", "--yes"]),
    ("import", BASE, ["import", "IMPORT"]),
    ("undo", BASE, ["undo"]),
    ("redo", BASE + [["undo"]], ["redo"]),
    ("absent", BASE, ["absent", "ada", "--date", "2026-11-30"]),
    ("pick", BASE, ["pick"]),
    ("assessment-add", BASE, ["assessment", "add", "Quiz", "--out-of", "10", "--category", "Quizzes"]),
    ("mark", BASE + [["assessment", "add", "Quiz", "--out-of", "10"]], ["mark", "quiz", "ada", "8", "alan", "ex"]),
    ("assessment-remove", BASE + [["assessment", "add", "Quiz", "--out-of", "10"], ["mark", "quiz", "ada", "8"]],
     ["assessment", "remove", "quiz", "--yes"]),
    # A change of the markbook alone: the roster's bytes stay as they were.
    ("watch-set", BASE, ["watch", "--set", "absences=4"]),
]


def expected_state(binary, folder, command):
    """The roster as the command leaves it when nothing fails."""
    work = folder + "-reference"
    shutil.copytree(folder, work, symlinks=True)
    roster = Roster(binary, work)
    result = roster.run([os.path.join(work, "more.csv") if word == "IMPORT" else word for word in command])
    assert result.returncode == 0, (command, result.stderr)
    state = names(roster.file)
    shutil.rmtree(work)
    return state


def template(binary, root, name, steps):
    folder = os.path.join(root, "template-" + name)
    os.makedirs(folder)
    with open(os.path.join(folder, "more.csv"), "w") as handle:
        handle.write("name,age\nNoor,12\n")
    build(Roster(binary, folder), steps)
    return folder


def points(binary, folder, command, syscall):
    """The numbers N of the calls of `syscall` that touch the roster's folder, in a clean run."""
    work = folder + "-count-" + syscall
    shutil.copytree(folder, work, symlinks=True)
    roster = Roster(binary, work)
    command = [os.path.join(work, "more.csv") if word == "IMPORT" else word for word in command]
    found = faults.calls_touching(work, syscall, lambda prefix: roster.run(command, prefix=prefix))
    shutil.rmtree(work)
    return found


def check_point(binary, folder, name, command, expected_new, syscall, number, fault, counter):
    work = "%s-%s-%s-%d-%s" % (folder, name, syscall, number, fault)
    shutil.copytree(folder, work, symlinks=True)
    roster = Roster(binary, work)
    problems = []
    try:
        old = names(roster.file)
        history_before = roster.history()
        inject = faults.injection(syscall, number, fault)
        args = [os.path.join(work, "more.csv") if word == "IMPORT" else word for word in command]
        result = roster.run(args, prefix=["strace", "-f", "-qq", "-o", "/dev/null", "-e", inject])
        # A change of the roster and its markbook killed between its two renames is finished by
        # the next command from its journal: one runs before the class is read.
        roster.run(["list"])
        try:
            now = names(roster.file)
        except Exception as error:  # a roster that does not decode
            problems.append("roster does not decode: %s" % error)
            return problems
        changes_roster = expected_new != old
        if now != old and now != expected_new:
            problems.append("roster is %r, neither old %r nor new %r" % (now, old, expected_new))
        if fault == "eio" and result.returncode != 0:
            errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
            if result.returncode != 1 or len(errors) != 1:
                problems.append("exit %d, stderr %r" % (result.returncode, result.stderr[-300:]))
        if fault == "eio" and result.returncode == 0 and changes_roster and now != expected_new:
            problems.append("exit 0 but the change is not on disk")
        history = roster.history()
        happened = now == expected_new and changes_roster
        if name in ("undo", "redo"):
            undone = lambda entries: sum(1 for entry in entries if entry.get("undone"))
            want = undone(history_before) + ((1 if name == "undo" else -1) if happened else 0)
            if len(history) != len(history_before) or undone(history) != want:
                problems.append("history %r after %r" % (history, history_before))
        elif name not in ("pick",):
            want = len(history_before) + (1 if happened else 0)
            if len(history) != want:
                problems.append("history has %d changes, expected %d" % (len(history), want))
        # Undo then redo walk through the states that really existed.
        if name not in ("undo", "redo", "pick", "absent"):
            previous = old if happened else None
            undo = roster.run(["undo"])
            if undo.returncode != 0:
                problems.append("undo failed: " + undo.stderr.strip())
            elif previous is not None and names(roster.file) != previous:
                problems.append("undo gave %r, expected %r" % (names(roster.file), previous))
            redo = roster.run(["redo"])
            if redo.returncode != 0 or names(roster.file) != now:
                problems.append("redo gave %r, expected %r" % (names(roster.file), now))
    except Exception as error:
        problems.append("check failed: %r" % error)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ["%s %s when=%d %s: %s" % (name, syscall, number, fault, problem) for problem in problems]


def main():
    binary, root = sys.argv[1], sys.argv[2]
    short = "--short" in sys.argv
    os.makedirs(root, exist_ok=True)
    jobs = []
    for name, steps, command in CASES:
        folder = template(binary, root, name, steps)
        expected = expected_state(binary, folder, command)
        for syscall in SYSCALLS:
            numbers = points(binary, folder, command, syscall)
            if short:
                numbers = numbers[:2]
            for number in numbers:
                for fault in ("eio", "kill"):
                    jobs.append((binary, folder, name, command, expected, syscall, number, fault, None))
    return faults.run_points(jobs, lambda job: check_point(*job), "fault injection")

if __name__ == "__main__":
    sys.exit(main())
