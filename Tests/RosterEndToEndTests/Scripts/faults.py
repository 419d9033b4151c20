"""What the fault-injection scripts share: finding the calls to fail, and running every point.

fault_injection.py (one roster) and class_faults.py (several classes) each say what a point is
and what is checked after it; this module counts a command's system calls with strace and runs
the points in parallel, printing "N passed, N failed".
"""

import os
import re
from concurrent.futures import ThreadPoolExecutor


def calls_touching(work, syscall, run_traced):
    """The numbers N of the calls of `syscall` whose arguments name `work`, in a clean run of
    `run_traced(prefix)`, which runs the command under the strace `prefix` given."""
    trace = work + ".trace"
    run_traced(["strace", "-f", "-qq", "-y", "-o", trace, "-e", "trace=" + syscall])
    found, index = [], 0
    with open(trace, errors="replace") as handle:
        for line in handle:
            if "resumed>" in line or not re.search(r"\b" + syscall + r"\(", line):
                continue
            index += 1
            if work in line:
                found.append(index)
    os.unlink(trace)
    return found


def injection(syscall, number, fault):
    """The strace option that fails call `number` of `syscall` with EIO, or kills roster there."""
    return "inject=%s:%s:when=%d" % (syscall, "error=EIO" if fault == "eio" else "signal=KILL", number)


def run_points(jobs, check, title):
    """Checks every point in parallel, prints each problem and the tally; the exit status."""
    with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
        results = list(pool.map(check, jobs))
    failed_points = sum(1 for problems in results if problems)
    for problem in [problem for problems in results for problem in problems][:200]:
        print(problem)
    print("%s: %d points" % (title, len(jobs)))
    print("%d passed, %d failed" % (len(jobs) - failed_points, failed_points))
    return 1 if failed_points else 0
