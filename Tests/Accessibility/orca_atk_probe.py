"""Orca 43 against a toolkit that is not GTK: atk_probe.c, a bare X window whose accessible objects are made with ATK
alone and exposed through ATK's AT-SPI bridge, as Kinetic's are. It does what docs/orca-notes.md says such a toolkit
must do (AtkWindow "activate" with the ACTIVE state, AtkUtil key listeners fed from X key events, announcements as a
shown notification in a status bar), and its toolkit name gets it Orca's default script, as Kinetic gets. These checks
show that this is enough for Orca to speak.

Usage: orca_atk_probe.py   (builds the probe with cc in the run's temporary folder; see orca_harness.py)
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import orca_harness  # noqa: E402

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "atk_probe.c")


def build(folder):
    binary = os.path.join(folder, "atk_probe")
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "atk-bridge-2.0", "atk", "x11"],
                           capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O1", SOURCE, *flags, "-o", binary], check=True)
    return binary


def checks(orca):
    app = orca.launch([build(orca.folder)], window="ATK probe")
    orca.focus(app, expect=[re.compile(r"^ATK probe frame\b"), re.compile(r"^First push button\b")],
               name="(a) the frame is the active window: its name, then the focused button, are spoken")
    said = orca.step("(b) Tab reaches Orca (key echo) and the app (the other button is spoken)", keys=["Tab"],
                     expect=[re.compile(r"^Second push button\b")])
    orca.check("(b) the key echo is the key's name from the ATK key event", any(
        u.kind == "key" and u.text == "tab" for u in said), f"Orca said: {said!r}")
    orca.step("(b) an Orca command works: Insert+t speaks the time", keys=["Insert+t"],
              expect=[re.compile(r"\d:\d\d")])
    orca.step("(c) Return's announcement is spoken, without a role", keys=["Return"],
              expect=[re.compile(r"^Pressed Second\.")], absent=["notification"])
    orca.step("(c) the next announcement is spoken too", keys=["Tab", "Return"],
              expect=[re.compile(r"^First push button\b"), re.compile(r"^Pressed First\.")])


if __name__ == "__main__":
    orca_harness.run(checks)
