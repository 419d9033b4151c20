"""Types at an interactive shell through a pseudo-terminal, as a person would, and prints what the
shell showed after each line of keys.

    python3 type_at_shell.py <keys.json> <prompt> <shell> [<argument> ...]

keys.json is a list of strings, such as "roster --file myd\t". Each is typed once the shell shows
<prompt>, which its start-up file sets; then the line is erased (Ctrl-U) and `echo` prints a marker, whose output (not its echo)
says the shell is done with that line. Output: a JSON list with the screen text of each step.
Everything waits on the shell's own output, with one deadline for the whole run, never a pause.
"""
import json
import os
import pty
import select
import sys
import time

DEADLINE = time.monotonic() + 30


def read_until(fd, marker, buffer):
    """Reads from `fd` until `marker` is in what was read; returns (before, after)."""
    while marker not in buffer:
        left = DEADLINE - time.monotonic()
        if left <= 0:
            sys.exit("timed out waiting for %r; the shell showed: %r" % (marker, buffer[-400:]))
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                sys.exit("the shell ended; it showed: %r" % buffer[-400:])
            buffer += chunk.decode("utf-8", "replace")
    index = buffer.index(marker)
    return buffer[:index], buffer[index + len(marker):]


def main():
    with open(sys.argv[1]) as f:
        keys = json.load(f)
    prompt = sys.argv[2]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[3], sys.argv[3:])
    screens, rest = [], ""
    _, rest = read_until(fd, prompt, rest)
    for number, typed in enumerate(keys, start=1):
        marker = "DONE%d" % (number * 1000 + 42)
        os.write(fd, typed.encode() + b"\x15" + ("echo DONE$((%d+42))\r" % (number * 1000)).encode())
        screen, rest = read_until(fd, marker, rest)
        screens.append(screen)
        # Keys typed before the line editor is back would reach the terminal's own line editing.
        _, rest = read_until(fd, prompt, rest)
    os.write(fd, b"exit\r")
    print(json.dumps(screens))


main()
