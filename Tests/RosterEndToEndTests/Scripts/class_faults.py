#!/usr/bin/env python3
"""Fault injection into roster's changes of several files: a move between two classes, its undo
and redo, and a class renamed, deleted and restored with its history.

Every call of each file-system system call that touches the classes' folder is made to fail in
turn, once with EIO and once by killing roster there (strace -e inject=SYSCALL:error=EIO:when=N
and :signal=KILL:when=N). After each point the next command (`roster classes`) runs, and then:

- every class decodes (Python's plistlib), and the classes, deleted ones too, are exactly as
  before the command or exactly as after it: a moved student on the roll of one class, never two;
- a command that failed with EIO exited 1 with one line starting "Error:", and one that exited
  0 made its change;
- each class's history has the steps it had before the command, or those it has after a clean
  run: one more for each half of a move, and a renamed or restored class's under its new name;
- undo then redo in each class walk through exactly the rosters that really existed.

Usage: class_faults.py ROSTER_BINARY WORK_FOLDER [--short] [--only CASE,CASE]
Prints "N passed, N failed" and one line per failed point; exits 1 when any point failed.
"""

import json
import os
import plistlib
import shutil
import subprocess
import sys

import faults

SYSCALLS = ["openat", "write", "fsync", "link", "rename", "unlink", "unlinkat", "rmdir", "getdents64",
            "newfstatat", "fchmod", "mkdir"]

BASE = [["--class", "7A", "add", "Ada", "--age", "12"], ["--class", "7A", "add", "Alan", "--age", "13"],
        ["--class", "7B", "add", "Grace", "--age", "11"],
        ["--class", "7A", "absent", "ada", "--date", "2026-11-30"]]
MOVE = ["--class", "7A", "move", "ada", "--to", "7B", "--date", "2026-12-01"]
CASES = [
    ("move", BASE, MOVE),
    ("undo-move", BASE + [MOVE], ["--class", "7B", "undo"]),
    ("redo-move", BASE + [MOVE, ["--class", "7A", "undo"]], ["--class", "7B", "redo"]),
    ("rename", BASE, ["classes", "rename", "7A", "8A"]),
    ("delete", BASE, ["classes", "delete", "7A", "--yes"]),
    ("restore", BASE + [["classes", "delete", "7A", "--yes"]], ["classes", "restore", "7A"]),
    ("delete-again", BASE + [["classes", "delete", "7A", "--yes"], ["--class", "7A", "add", "Kofi", "--age", "12"]],
     ["classes", "delete", "7A", "--yes"]),
]

# The markbook's commands, each on a class with a markbook and marks, then its undo and its redo:
# a change of the markbook alone writes the roster's bytes again, and must still be one step.
MARKS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "class_faults_marks.csv")
MARKBOOK = BASE + [["--class", "7A", "category", "set", "Homework", "--weight", "40"],
                   ["--class", "7A", "assessment", "add", "Quiz 1", "--out-of", "10", "--category", "Homework"],
                   ["--class", "7A", "assessment", "add", "Quiz 2", "--out-of", "20"],
                   ["--class", "7A", "mark", "quiz 1", "ada", "8", "alan", "6"]]
MARKBOOK_COMMANDS = [
    ("assessment-add", ["--class", "7A", "assessment", "add", "Test", "--out-of", "50"]),
    ("assessment-edit", ["--class", "7A", "assessment", "edit", "quiz 2", "--out-of", "25"]),
    ("assessment-rename", ["--class", "7A", "assessment", "rename", "quiz 2", "Quiz Two"]),
    ("assessment-remove", ["--class", "7A", "assessment", "remove", "quiz 1", "--yes"]),
    ("category-set", ["--class", "7A", "category", "set", "Tests", "--weight", "60"]),
    ("category-remove", ["--class", "7A", "category", "remove", "Homework"]),
    ("scale-set", ["--class", "7A", "scale", "set", "A:80 B:50 C:0"]),
    ("mark", ["--class", "7A", "mark", "quiz 2", "ada", "15", "alan", "ex"]),
    ("import-marks", ["--class", "7A", "import", MARKS, "--marks"]),
    ("leave", ["--class", "7A", "leave", "alan", "--date", "2026-12-01"]),
    ("watch-set", ["--class", "7A", "watch", "--set", "absences=4"]),
    ("comments-add", ["--class", "7A", "comments", "add", "{first} {has/have} done well."]),
    ("comment", ["--class", "7A", "comment", "ada", "--text", "{They} tried hard."]),
    ("move-marks", MOVE),
]
for name, command in MARKBOOK_COMMANDS:
    CASES.append((name, MARKBOOK, command))
    if name != "move-marks":
        CASES.append(("undo-" + name, MARKBOOK + [command], ["--class", "7A", "undo"]))
        CASES.append(("redo-" + name, MARKBOOK + [command, ["--class", "7A", "undo"]], ["--class", "7A", "redo"]))
CASES.append(("rejoin", MARKBOOK + [["--class", "7A", "leave", "alan", "--date", "2026-12-01"]],
              ["--class", "7A", "rejoin", "alan"]))
CASES.append(("scale-clear", MARKBOOK + [["--class", "7A", "scale", "set", "A:80 B:0"]],
              ["--class", "7A", "scale", "clear"]))


def roster_file(path):
    """A class's students in file order, with the day each left, their register and marks, then
    the markbook beside it; raises when either does not decode."""
    with open(path, "rb") as handle:
        data = handle.read()
    students = [(student["name"], student.get("leftOn"), json.dumps(student.get("register"), sort_keys=True),
                 json.dumps(student.get("marks"), sort_keys=True), student.get("reportComment"))
                for student in plistlib.loads(data)]
    return students + [("markbook", None, markbook(path), None, None)]


def markbook(roster_path):
    """The class's assessments, categories and scale, as the markbook beside the roster keeps them."""
    folder, name = os.path.split(roster_path)
    path = os.path.join(folder, "." + name + ".markbook")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    with open(path, "rb") as handle:
        book = plistlib.load(handle)
    return json.dumps(book, sort_keys=True, default=str)


class Home:
    def __init__(self, binary, folder):
        self.binary, self.folder = binary, folder
        self.classes = os.path.join(folder, "Documents", "Classes")

    def env(self):
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.folder, "ROSTER_SEED": "7",
                "LC_ALL": "C.UTF-8"}

    def run(self, args, prefix=()):
        return subprocess.run(list(prefix) + [self.binary] + args, env=self.env(), stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=60)

    def state(self):
        """Every class and every deleted class, by name, with its students."""
        found = {}
        for place, folder in (("", self.classes), ("deleted/", os.path.join(self.classes, ".deleted"))):
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                if name.endswith(".plist") and not name.startswith("."):
                    found[place + name[:-6]] = roster_file(os.path.join(folder, name))
        return found

    def history(self, name):
        result = self.run(["--class", name, "history", "--format", "json"])
        if result.returncode != 0:
            raise RuntimeError("history of %s failed: %s" % (name, result.stderr.strip()))
        return len(json.loads(result.stdout))

    def histories(self):
        return {name: self.history(name) for name in self.state() if not name.startswith("deleted/")}


def on_roll_twice(state):
    """The students on the roll of more than one class."""
    seen = {}
    for name, students in state.items():
        if name.startswith("deleted/"):
            continue
        for student, left, _, _, _ in students:
            if left is None and student != "markbook":
                seen[student] = seen.get(student, 0) + 1
    return sorted(student for student, count in seen.items() if count > 1)


def template(binary, root, name, steps):
    folder = os.path.join(root, "template-" + name)
    os.makedirs(folder)
    home = Home(binary, folder)
    for step in steps:
        result = home.run(step)
        assert result.returncode == 0, (step, result.stderr)
    return folder


def reference(binary, folder, command):
    """The classes as the command leaves them when nothing fails, and each class's roster after
    one undo there."""
    work = folder + "-reference"
    shutil.copytree(folder, work, symlinks=True)
    home = Home(binary, work)
    result = home.run(command)
    assert result.returncode == 0, (command, result.stderr)
    state, histories = home.state(), home.histories()
    undone = {}
    for name in state:
        if not name.startswith("deleted/"):
            copy = work + "-undo-" + name
            shutil.copytree(work, copy, symlinks=True)
            other = Home(binary, copy)
            other.run(["--class", name, "undo"])
            undone[name] = other.state().get(name)
            shutil.rmtree(copy)
    shutil.rmtree(work)
    return state, histories, undone


def points(binary, folder, command, syscall):
    """The numbers N of the calls of `syscall` that touch the home folder, in a clean run."""
    work = folder + "-count-" + syscall
    shutil.copytree(folder, work, symlinks=True)
    home = Home(binary, work)
    found = faults.calls_touching(work, syscall, lambda prefix: home.run(command, prefix=prefix))
    shutil.rmtree(work)
    return found


def check_point(job):
    binary, folder, name, command, expected, expected_histories, undone_expected, syscall, number, fault = job
    work = "%s-%s-%s-%d-%s" % (folder, name, syscall, number, fault)
    shutil.copytree(folder, work, symlinks=True)
    home = Home(binary, work)
    problems = []
    try:
        old = home.state()
        old_histories = home.histories()
        inject = faults.injection(syscall, number, fault)
        result = home.run(command, prefix=["strace", "-f", "-qq", "-o", "/dev/null", "-e", inject])
        following = home.run(["classes"])
        if following.returncode != 0:
            problems.append("the next command failed: " + following.stderr.strip())
        try:
            now = home.state()
        except Exception as error:
            problems.append("a class does not decode: %s" % error)
            return problems
        if now != old and now != expected:
            problems.append("classes are %r, neither old %r nor new %r" % (now, old, expected))
        if on_roll_twice(now):
            problems.append("on the roll of two classes: %r" % on_roll_twice(now))
        if fault == "eio" and result.returncode != 0:
            errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
            if result.returncode != 1 or len(errors) != 1:
                problems.append("exit %d, stderr %r" % (result.returncode, result.stderr[-300:]))
        if fault == "eio" and result.returncode == 0 and now != expected:
            problems.append("exit 0 but the change is not on disk")
        happened = now == expected
        histories = home.histories()
        want = expected_histories if happened else old_histories
        if histories != want:
            problems.append("histories have %r steps, expected %r" % (histories, want))
        for cls in histories:
            undo = home.run(["--class", cls, "undo"])
            if undo.returncode != 0:
                problems.append("undo in %s failed: %s" % (cls, undo.stderr.strip()))
                continue
            if happened and home.state().get(cls) != undone_expected.get(cls):
                problems.append("undo in %s gave %r, expected %r" % (cls, home.state().get(cls),
                                                                     undone_expected.get(cls)))
            redo = home.run(["--class", cls, "redo"])
            if redo.returncode != 0 or home.state().get(cls) != now.get(cls):
                problems.append("redo in %s gave %r, expected %r" % (cls, home.state().get(cls), now.get(cls)))
    except Exception as error:
        problems.append("check failed: %r" % error)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return ["%s %s when=%d %s: %s" % (name, syscall, number, fault, problem) for problem in problems]


def main():
    binary, root = sys.argv[1], sys.argv[2]
    short = "--short" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
    os.makedirs(root, exist_ok=True)
    jobs = []
    for name, steps, command in CASES:
        if only and name not in only:
            continue
        folder = template(binary, root, name, steps)
        expected, histories, undone = reference(binary, folder, command)
        for syscall in SYSCALLS:
            numbers = points(binary, folder, command, syscall)
            if short:
                numbers = numbers[:2] + numbers[-2:]
            for number in sorted(set(numbers)):
                for fault in ("eio", "kill"):
                    jobs.append((binary, folder, name, command, expected, histories, undone, syscall, number, fault))
    return faults.run_points(jobs, check_point, "class fault injection")

if __name__ == "__main__":
    sys.exit(main())
