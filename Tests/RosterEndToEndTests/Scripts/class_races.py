#!/usr/bin/env python3
"""Races between commands that change several classes, and the commands that change one.

Each scenario starts two roster commands at the same moment, from the same classes, many times
over, and then counts what a teacher would count: students on the roll of two classes (or of
none), a change that reported success and is not there, a class brought back or lost.

Usage: class_races.py ROSTER_BINARY WORK_FOLDER [ROUNDS]
Prints how often each pair of exit statuses came out in each scenario, one line per broken round
and "N rounds, N broken"; exits 1 when any round broke.
"""

import os
import plistlib
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

BASE = [["--class", "7A", "add", "Ada", "--age", "12"], ["--class", "7A", "add", "Alan", "--age", "13"],
        ["--class", "7B", "add", "Grace", "--age", "11"], ["--class", "7C", "add", "Kofi", "--age", "12"]]
MOVE = ["--class", "7A", "move", "ada", "--to", "7B"]
MARKBOOK = ["--class", "7A", "assessment", "add", "Quiz 1", "--out-of", "10"]


def students(home, place):
    path = os.path.join(home, "Documents", "Classes", place + ".plist")
    if not os.path.exists(path):
        return None
    with open(path, "rb") as handle:
        return plistlib.load(handle)


def on_roll(home, name):
    """The live classes that have `name` on their roll."""
    classes = os.path.join(home, "Documents", "Classes")
    found = []
    for file in sorted(os.listdir(classes)):
        if file.endswith(".plist") and not file.startswith("."):
            for student in students(home, file[:-6]) or []:
                if student["name"] == name and "leftOn" not in student:
                    found.append(file[:-6])
    return found


def named(home, place, name):
    return [student for student in students(home, place) or [] if student["name"] == name]


def check_opposite(home, first, second):
    problems = []
    for name in ("Ada", "Grace"):
        if len(on_roll(home, name)) != 1:
            problems.append("%s on the roll of %r" % (name, on_roll(home, name)))
    if first.returncode == 0 and on_roll(home, "Ada") != ["7B"]:
        problems.append("Ada's move reported success, and she is on the roll of %r" % on_roll(home, "Ada"))
    if second.returncode == 0 and on_roll(home, "Grace") != ["7A"]:
        problems.append("Grace's move reported success, and she is on the roll of %r" % on_roll(home, "Grace"))
    return problems


def check_two_destinations(home, first, second):
    problems = []
    if len(on_roll(home, "Ada")) != 1:
        problems.append("Ada on the roll of %r" % on_roll(home, "Ada"))
    if (first.returncode == 0) == (second.returncode == 0):
        problems.append("exits %d and %d: exactly one move should succeed" % (first.returncode, second.returncode))
    return problems


def check_kept(what):
    """A check that the move's Ada is on one roll and that the other command's change is there."""
    def check(home, first, second):
        problems = []
        if len(on_roll(home, "Ada")) != 1:
            problems.append("Ada on the roll of %r" % on_roll(home, "Ada"))
        if second.returncode == 0 and not what(home):
            problems.append("the second command reported success and its change is lost")
        return problems
    return check


def check_edit_of_leaver(home, first, second):
    """An edit that reported success was made while Ada was on 7A's roll, so the move took it to 7B;
    one that came after the move is refused, naming 7B, and changes nothing."""
    problems = []
    if len(on_roll(home, "Ada")) != 1:
        problems.append("Ada on the roll of %r" % on_roll(home, "Ada"))
    scores = [named(home, place, "Ada")[0].get("score") for place in ("7A", "7B")]
    if second.returncode == 0 and first.returncode == 0 and scores != [99, 99]:
        problems.append("the edit reported success, and Ada's scores are %r" % scores)
    if second.returncode == 1 and ("on the roll of 7B now" not in second.stderr or 99 in scores):
        problems.append("the refused edit: %r, scores %r" % (second.stderr.strip(), scores))
    return problems


def markbook_ids(home, place):
    path = os.path.join(home, "Documents", "Classes", "." + place + ".plist.markbook")
    if not os.path.exists(path):
        return set()
    with open(path, "rb") as handle:
        return {entry["id"] for entry in plistlib.load(handle).get("assessments", [])}


def check_mark_of_leaver(home, first, second):
    """A mark that reported success is in 7A's record of Ada; a refused one names 7B."""
    problems = []
    if len(on_roll(home, "Ada")) != 1:
        problems.append("Ada on the roll of %r" % on_roll(home, "Ada"))
    marks = named(home, "7A", "Ada")[0].get("marks", {})
    if second.returncode == 0 and "8" not in marks.values():
        problems.append("the mark reported success, and 7A's Ada has %r" % marks)
    if second.returncode == 1 and "on the roll of 7B now" not in second.stderr:
        problems.append("the refused mark: %r" % second.stderr.strip())
    return problems


def check_remove_and_mark(home, first, second):
    """No mark is left of an assessment the markbook no longer has, and one that reported success
    on an assessment still there is kept."""
    problems = []
    ids = markbook_ids(home, "7A")
    for student in students(home, "7A"):
        stray = set(student.get("marks", {})) - ids
        if stray:
            problems.append("%s keeps marks of removed assessments %r" % (student["name"], stray))
    if first.returncode == 0 and len(ids) != 0:
        problems.append("the removal reported success, and the markbook holds %r" % ids)
    if first.returncode == 0 and second.returncode == 0 and any(s.get("marks") for s in students(home, "7A")):
        problems.append("both succeeded and a mark is left")
    return problems


def check_rename(home, first, second):
    problems = []
    if second.returncode == 0:
        if students(home, "7A") is not None:
            problems.append("7A was renamed and is there again")
        if len(on_roll(home, "Ada")) != 1 or on_roll(home, "Alan") != ["8A"]:
            problems.append("after the rename Ada is on %r, Alan on %r" % (on_roll(home, "Ada"), on_roll(home, "Alan")))
    elif len(on_roll(home, "Ada")) != 1:
        problems.append("Ada on the roll of %r" % on_roll(home, "Ada"))
    return problems


def check_delete(home, first, second):
    problems = []
    if second.returncode == 0 and students(home, "7B") is not None:
        problems.append("7B was deleted and is there again, holding %r" % students(home, "7B"))
    restore = run(home, ["classes", "restore", "7B"]) if second.returncode == 0 else None
    if restore is not None and restore.returncode != 0:
        problems.append("restore 7B failed: " + restore.stderr.strip())
    if len(on_roll(home, "Ada")) != 1:
        problems.append("Ada on the roll of %r" % on_roll(home, "Ada"))
    return problems


def check_rename_add(home, first, second):
    problems = []
    if first.returncode == 0 and [s["name"] for s in students(home, "8A") or []][:2] != ["Ada", "Alan"]:
        problems.append("the rename reported success, and 8A holds %r" % students(home, "8A"))
    if second.returncode == 0 and not named(home, "8A", "Zed"):
        problems.append("Zed was added to 8A, and 8A holds %r" % students(home, "8A"))
    if first.returncode != 0 and students(home, "7A") is None:
        problems.append("the rename failed, and 7A is gone")
    return problems


def check_restore_add(home, first, second):
    problems = []
    kept = [s["name"] for s in students(home, "7A") or []]
    if first.returncode == 0 and kept[:2] != ["Ada", "Alan"]:
        problems.append("the restore reported success, and 7A holds %r" % kept)
    if second.returncode == 0 and "Zed" not in kept:
        problems.append("Zed was added to 7A, and 7A holds %r" % kept)
    return problems


SCENARIOS = [
    ("opposite moves", [], MOVE, ["--class", "7B", "move", "grace", "--to", "7A"], check_opposite),
    ("two destinations", [], MOVE, ["--class", "7A", "move", "ada", "--to", "7C"], check_two_destinations),
    ("move and edit", [], MOVE, ["--class", "7A", "edit", "ada", "--score", "99"], check_edit_of_leaver),
    ("move and mark", [MARKBOOK], MOVE, ["--class", "7A", "mark", "q1", "ada", "8"], check_mark_of_leaver),
    ("assessment remove and mark", [MARKBOOK], ["--class", "7A", "assessment", "remove", "q1", "--yes"],
     ["--class", "7A", "mark", "q1", "alan", "7"], check_remove_and_mark),
    ("move and absent", [], MOVE + ["--date", "2026-12-01"], ["--class", "7A", "absent", "ada", "--date", "2026-11-30"],
     check_kept(lambda home: "2026-11-30" in str(named(home, "7A", "Ada")[0].get("register")))),
    ("move and import", [], MOVE, ["--class", "7A", "import", "MORE"],
     check_kept(lambda home: bool(named(home, "7A", "Noor")))),
    ("move and rename", [], MOVE, ["classes", "rename", "7A", "8A"], check_rename),
    ("move and delete", [], MOVE, ["classes", "delete", "7B", "--yes"], check_delete),
    ("rename and add", [], ["classes", "rename", "7A", "8A"], ["--class", "8A", "add", "Zed", "--age", "12"],
     check_rename_add),
    ("restore and add", [["classes", "delete", "7A", "--yes"]], ["classes", "restore", "7A"],
     ["--class", "7A", "add", "Zed", "--age", "12"], check_restore_add),
]


def env(home):
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LC_ALL": "C.UTF-8"}


def run(home, args):
    return subprocess.run([BINARY] + args, env=env(home), stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=60)


def words(home, args):
    return [os.path.join(home, "more.csv") if word == "MORE" else word for word in args]


def race(job):
    name, template, first, second, check, number = job
    home = "%s-%d" % (template, number)
    shutil.copytree(template, home, symlinks=True)
    try:
        processes = [subprocess.Popen([BINARY] + words(home, args), env=env(home), stdin=subprocess.DEVNULL,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                     for args in (first, second)]
        results = []
        for process in processes:
            out, err = process.communicate(timeout=60)
            results.append(subprocess.CompletedProcess(process.args, process.returncode, out, err))
        problems = check(home, results[0], results[1])
        for result in results:
            if result.returncode not in (0, 1, 64) or "Fatal" in result.stderr:
                problems.append("exit %d: %s" % (result.returncode, result.stderr.strip()[-200:]))
        exits = "%d/%d" % (results[0].returncode, results[1].returncode)
        return name, exits, ["%s, round %d: %s" % (name, number, problem) for problem in problems]
    finally:
        shutil.rmtree(home, ignore_errors=True)


def main():
    global BINARY
    BINARY, root = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 40
    os.makedirs(root, exist_ok=True)
    jobs = []
    for index, (name, extra, first, second, check) in enumerate(SCENARIOS):
        template = os.path.join(root, "template-%d" % index)
        os.makedirs(template)
        with open(os.path.join(template, "more.csv"), "w") as handle:
            handle.write("name,age\nNoor,12\n")
        for step in BASE + extra:
            result = run(template, step)
            assert result.returncode == 0, (step, result.stderr)
        jobs += [(name, template, first, second, check, number) for number in range(rounds)]
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(race, jobs))
    broken = [problems for _, _, problems in results if problems]
    outcomes = {}
    for name, exits, _ in results:
        outcomes.setdefault(name, {}).setdefault(exits, 0)
        outcomes[name][exits] += 1
    for name, counts in outcomes.items():
        print("%s: exits %s" % (name, ", ".join("%s x%d" % pair for pair in sorted(counts.items()))))
    for problems in broken[:100]:
        for problem in problems:
            print(problem)
    print("%d rounds, %d broken" % (len(jobs), len(broken)))
    return 1 if broken else 0


BINARY = ""

if __name__ == "__main__":
    sys.exit(main())
