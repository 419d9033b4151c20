#!/usr/bin/env python3
"""Builds and runs every step of the RosterKit tutorial, and checks what each one prints.

The tutorial's chapters (the `.tutorial` files in `Sources/RosterKit/RosterKit.docc/Tutorials`)
name their code files in `@Code(..., file: "...")`. Each file is one of three kinds:

- A program: compiled alone with `swiftc` and run in an empty scratch folder, whose `Documents`
  is the app's documents folder (set through the XDG user folders, which Foundation reads on
  Linux). Its last lines are a `// Prints:` block, the output the tutorial shows; the run must
  print exactly that.
- Tests in Swift Testing (`...-tests.swift`): run with `swift test` in a scratch package whose
  executable target is the program step the tests file names in its first line
  (`// Tests for <file>`), as a learner tests an app.
- The real code: a file that `extracts.txt` maps to a file of `Sources/` or `Tests/`. It must
  equal that file; RosterKit's own build and tests compile and run it.

Usage: run_steps.py [--update-extracts] [--only SUBSTRING]
Needs only the toolchain (swiftc, swift) and Python 3; `swift test` runs it.
"""

import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CATALOG = os.path.join(ROOT, "Sources", "RosterKit", "RosterKit.docc")
RESOURCES = os.path.join(CATALOG, "Resources")
TUTORIALS = os.path.join(CATALOG, "Tutorials")
EXTRACTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "extracts.txt")


def tutorial_files():
    """The code files of every chapter, in the order the table of contents gives the chapters."""
    contents = open(os.path.join(TUTORIALS, "TableOfContents.tutorial"), encoding="utf-8").read()
    files = []
    for name in re.findall(r'@TutorialReference\(tutorial: "doc:(\w+)"\)', contents):
        chapter = open(os.path.join(TUTORIALS, name + ".tutorial"), encoding="utf-8").read()
        files += re.findall(r'@Code\(name: "[^"]*", file: "([^"]+)"\)', chapter)
    return files


def extracts():
    """Each real-code step file, with the file of the repository it must equal."""
    table = {}
    for line in open(EXTRACTS, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            step, source = line.split()
            table[step] = source
    return table


def expected_output(text, name):
    lines = text.rstrip("\n").split("\n")
    if "// Prints:" not in lines:
        raise SystemExit(f"{name}: a program step ends with a '// Prints:' block of what it prints")
    start = len(lines) - 1 - lines[::-1].index("// Prints:")
    expected = []
    for line in lines[start + 1 :]:
        if not line.startswith("//"):
            raise SystemExit(f"{name}: only comment lines may follow '// Prints:'")
        expected.append(line[3:] if line.startswith("// ") else line[2:])
    return expected


def scratch_home(scratch):
    """A folder to run a step in, whose `Documents` is the documents folder Foundation gives it."""
    folder = os.path.join(scratch, "run")
    documents = os.path.join(folder, "Documents")
    os.makedirs(documents)
    # Foundation finds the documents folder through the XDG user folders (HOME alone is not
    # enough when run as root).
    config = os.path.join(scratch, "config")
    os.makedirs(config)
    with open(os.path.join(config, "user-dirs.dirs"), "w", encoding="utf-8") as dirs:
        dirs.write(f"XDG_DOCUMENTS_DIR={documents}\n")
    environment = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": folder,
        "XDG_CONFIG_HOME": config,
        "LANG": "C.UTF-8",
    }
    return folder, environment


def check_documents_folder():
    """Stops unless a program run as the steps are sees the scratch folder's `Documents`: the steps
    write and damage `students.plist` there, which is roster's own default class too."""
    probe = 'import Foundation\nprint(FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0].path)\n'
    with tempfile.TemporaryDirectory(prefix="tutorial-probe-") as scratch:
        source = os.path.join(scratch, "probe.swift")
        with open(source, "w", encoding="utf-8") as out:
            out.write(probe)
        binary = os.path.join(scratch, "probe")
        subprocess.run(["swiftc", source, "-o", binary], check=True, capture_output=True)
        folder, environment = scratch_home(scratch)
        seen = subprocess.run([binary], env=environment, capture_output=True, text=True).stdout.strip()
        if os.path.realpath(seen) != os.path.realpath(os.path.join(folder, "Documents")):
            raise SystemExit(
                f"the steps would use {seen} as their documents folder, not a scratch folder; "
                "they are run only where Foundation reads the XDG user folders (Linux)"
            )


def run_program(name):
    path = os.path.join(RESOURCES, name)
    expected = expected_output(open(path, encoding="utf-8").read(), name)
    with tempfile.TemporaryDirectory(prefix="tutorial-") as scratch:
        binary = os.path.join(scratch, "step")
        build = subprocess.run(
            ["swiftc", "-swift-version", "6", path, "-o", binary], capture_output=True, text=True
        )
        if build.returncode != 0:
            return f"{name}: does not compile:\n{build.stderr}"
        folder, environment = scratch_home(scratch)
        try:
            run = subprocess.run(
                [binary], cwd=folder, env=environment, capture_output=True, text=True, timeout=120
            )
        except subprocess.TimeoutExpired:
            return f"{name}: did not finish within 120 seconds"
        printed = run.stdout.rstrip("\n").split("\n") if run.stdout.strip() else []
        if run.returncode != 0 or printed != expected:
            return (
                f"{name}: exit {run.returncode}; the tutorial shows\n  "
                + "\n  ".join(expected)
                + "\nbut it printed\n  "
                + "\n  ".join(printed)
                + ("\n" + run.stderr if run.stderr else "")
            )
    return None


def run_tests(name):
    path = os.path.join(RESOURCES, name)
    text = open(path, encoding="utf-8").read()
    first = text.split("\n", 1)[0]
    match = re.fullmatch(r"// Tests for (\S+\.swift)", first)
    if not match:
        return f"{name}: a tests step's first line is '// Tests for <program step>.swift'"
    with tempfile.TemporaryDirectory(prefix="tutorial-tests-") as scratch:
        os.makedirs(os.path.join(scratch, "Sources", "Markbook"))
        os.makedirs(os.path.join(scratch, "Tests", "MarkbookTests"))
        with open(os.path.join(scratch, "Package.swift"), "w", encoding="utf-8") as package:
            package.write(
                "// swift-tools-version:6.2\n"
                "import PackageDescription\n"
                'let package = Package(name: "Markbook", targets: [\n'
                '    .executableTarget(name: "Markbook"),\n'
                '    .testTarget(name: "MarkbookTests", dependencies: ["Markbook"]),\n'
                "])\n"
            )
        program = open(os.path.join(RESOURCES, match.group(1)), encoding="utf-8").read()
        with open(os.path.join(scratch, "Sources", "Markbook", "main.swift"), "w", encoding="utf-8") as out:
            out.write(program)
        with open(os.path.join(scratch, "Tests", "MarkbookTests", name), "w", encoding="utf-8") as out:
            out.write(text)
        run = subprocess.run(["swift", "test"], cwd=scratch, capture_output=True, text=True)
        output = run.stdout + run.stderr
        count = len(re.findall(r"^@Test ", text, re.MULTILINE)) + len(
            re.findall(r"^    @Test", text, re.MULTILINE)
        )
        passed = re.search(r"Test run with (\d+) tests? (?:in \d+ suites? )?passed", output)
        if run.returncode != 0 or not passed or int(passed.group(1)) != count:
            return f"{name}: swift test did not pass all {count} tests:\n{output[-3000:]}"
    return None


def check_extract(name, source, update):
    real = open(os.path.join(ROOT, source), encoding="utf-8").read()
    path = os.path.join(RESOURCES, name)
    if update:
        with open(path, "w", encoding="utf-8") as out:
            out.write(real)
        return None
    if not os.path.exists(path) or open(path, encoding="utf-8").read() != real:
        return (
            f"{name}: differs from {source}; "
            "run Tests/Tutorial/run_steps.py --update-extracts and read the tutorial's prose again"
        )
    return None


def main():
    update = "--update-extracts" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else ""
    files = tutorial_files()
    real = extracts()
    missing = [name for name in files if not os.path.exists(os.path.join(RESOURCES, name))]
    unused = sorted(
        set(name for name in os.listdir(RESOURCES) if name.endswith(".swift")) - set(files)
    )
    if (missing or unused) and not only:
        raise SystemExit(f"steps without a file: {missing}; files without a step: {unused}")

    def check(name):
        if name in real:
            return check_extract(name, real[name], update)
        if name.endswith("-tests.swift"):
            return run_tests(name)
        return run_program(name)

    check_documents_folder()
    chosen = [name for name in files if only in name]
    if only:
        present = set(name for name in os.listdir(RESOURCES) if name.endswith(".swift"))
        chosen = sorted(name for name in present | set(real) if only in name)
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        failures = [failure for failure in pool.map(check, chosen) if failure]
    for failure in failures:
        print(failure, file=sys.stderr)
    kinds = {
        "programs": sum(1 for n in chosen if n not in real and not n.endswith("-tests.swift")),
        "tests": sum(1 for n in chosen if n not in real and n.endswith("-tests.swift")),
        "real code": sum(1 for n in chosen if n in real),
    }
    summary = ", ".join(f"{count} {kind}" for kind, count in kinds.items())
    print(f"{len(chosen) - len(failures)} of {len(chosen)} tutorial steps pass ({summary})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
