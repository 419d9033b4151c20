"""Runs a program in a pseudo-terminal and presses single keys at it, each once the program has
shown a given text, as a person at the terminal would; prints what it showed and its exit status.

    python3 press_keys.py <steps.json> <program> [<argument> ...]

steps.json is a list of [text, key] pairs: wait until the program shows `text` after the text the
step before waited for, then press `key`. Output: JSON {"screen": ..., "status": ...}.
Everything waits on the program's own output, with one deadline for the whole run, never a pause.
"""
import json
import os
import pty
import select
import signal
import sys
import time

DEADLINE = time.monotonic() + 30


def read_some(fd, buffer):
    left = DEADLINE - time.monotonic()
    if left <= 0:
        sys.exit("timed out; the program showed: %r" % buffer[-400:])
    ready, _, _ = select.select([fd], [], [], left)
    if not ready:
        return buffer, True
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        chunk = b""
    if not chunk:
        return buffer, False
    return buffer + chunk.decode("utf-8", "replace"), True


def main():
    with open(sys.argv[1]) as f:
        steps = json.load(f)
    pid, fd = pty.fork()
    if pid == 0:
        # As a shell starts a command at a terminal: Ctrl-C's signal has its default action and is
        # not blocked, even when the test runner that started this script ignores or blocks it.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
        os.execvp(sys.argv[2], sys.argv[2:])
    screen, seen, alive = "", 0, True
    for text, key in steps:
        while alive and text not in screen[seen:]:
            screen, alive = read_some(fd, screen)
        if not alive:
            sys.exit("the program ended before %r; it showed: %r" % (text, screen[-400:]))
        seen = screen.index(text, seen) + len(text)
        os.write(fd, key.encode())
    while alive:
        screen, alive = read_some(fd, screen)
    _, status = os.waitpid(pid, 0)
    print(json.dumps({"screen": screen, "status": os.waitstatus_to_exitcode(status)}))


main()
