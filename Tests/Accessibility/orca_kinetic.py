"""What Orca 43 says in Kinetic's own windows (issue #35), checked in a world of its own like the controls
(orca_control.py, orca_atk_probe.py): when those pass and this does not, Kinetic is what is silent.

Each app runs as `kinetic run APP --fresh` with its data and cache folders in the run's temporary folder and no content
server and no catalogue address (the gallery and the Mailbox need neither; nothing is fetched from anywhere).
The checks:
  * the window is active for Orca: with the focus, its human title is spoken ("Kinetic — Gallery frame");
  * in the gallery, Tab moves the keyboard focus and Orca speaks the focused card by name and role;
  * keys reach Orca before the app, as GTK hands them over: Tab is echoed; Orca's own command Insert+T tells the time
    and is kept from the app (the Mailbox's T would open its lists);
  * in the Mailbox, Down focuses a message and Orca speaks its row; E archives it and Orca speaks the announcement
    "Archived. Undo available."; Ctrl+Z undoes it and Orca speaks Undo's own announcement;
  * with Orca's echo by character, characters typed into compose's To are echoed, one at a time (from Kinetic's
    text-inserted events);
  * a window that loses the focus is no longer active, and is spoken again, with its focused control, when it gets
    the focus back.

Usage: orca_kinetic.py [KINETIC_BINARY]   (default .build/debug/kinetic; see orca_harness.py for the world)
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import orca_harness  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def binary():
    arguments = [a for a in sys.argv[1:] if not a.startswith("-")]
    path = arguments[0] if arguments else os.path.join(ROOT, ".build", "debug", "kinetic")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"no kinetic binary at {path} (build it first: swift build --product kinetic)")
    return os.path.abspath(path)


def launch(orca, app, window, name):
    """`kinetic run APP --fresh`, its folders in this run's temporary folder, offline, as the window `window`, given
    the X focus; checks (as `name`) that Orca speaks the window as the active one: "`window` frame". Under Xvfb with
    no window manager the new window may have the focus at once (the X focus follows the pointer), so what Orca says
    from the launch on counts."""
    folder = os.path.join(orca.folder, f"kinetic-{app or 'gallery'}")
    os.makedirs(folder, exist_ok=True)
    argv = [binary(), "run", *([app] if app else []), "--fresh", "--data-dir", os.path.join(folder, "data"),
            "--cache-dir", os.path.join(folder, "cache")]
    # Offline: no catalogue or content server address from the environment reaches the app.
    for variable in ("KINETIC_CATALOG_URL", "KINETIC_CONTENT_URL", "KINETIC_ACCESSIBILITY"):
        os.environ.pop(variable, None)
    orca.mark()
    launched = orca.launch(argv, window=window, timeout=120.0, env={"NO_AT_BRIDGE": "0"})
    subprocess.run(["xdotool", "windowfocus", "--sync", launched.window_id], check=True, timeout=30)
    found, said = orca.wait_for([re.compile("^" + re.escape(window) + r" frame\b")], timeout=15.0)
    orca.check(name, found, f"expected: {window} frame; Orca said: {said!r}")
    return launched


def checks(orca):
    gallery = launch(orca, None, "Kinetic — Gallery",
                     "the gallery's window is active for Orca: its human title is spoken when it has the focus")
    orca.step("Tab reaches Orca before the app (its key echo says 'tab'), then moves the keyboard focus to the first "
              "card: Orca speaks it by name and role", keys=["Tab"],
              expect=[re.compile(r"^tab$", re.IGNORECASE), re.compile(r"^Disguise-O-Rama push button\b")])
    orca.step("Tab again: the next card", keys=["Tab"], expect=[re.compile(r"^Mailbox push button\b")])

    # The gallery keeps running: the Mailbox's window takes the focus from it.
    launch(orca, "mailbox", "Kinetic — Mailbox — Inbox",
           "the Mailbox's window is active for Orca: 'Kinetic — Mailbox — Inbox', not a state name")
    import pyatspi
    orca.check("the gallery's window, without the focus, is no longer active",
               not gallery.accessible.getState().contains(pyatspi.STATE_ACTIVE))
    # A fresh Mailbox files nothing: its Inbox holds every bundled message, rows made or not.
    with open(os.path.join(ROOT, "Sources", "KineticApps", "Resources", "Mailbox", "messages.json"), encoding="utf-8") as file:
        messages = json.load(file)["messages"]
    orca.step("Down focuses a message: Orca speaks the list by name with every message counted, then the row",
              keys=["Down"], expect=[re.compile(r"^Inbox\.?$"), re.compile(rf"^List with {len(messages)} items"),
                                     re.compile(r"^" + re.escape(f"{messages[0]['sender']}, {messages[0]['subject']}"))])
    orca.step("Orca's own command Insert+T tells the time, and Orca keeps it from the Mailbox: no list menu opens "
              "(T files a message into a list)", keys=["Insert+t"], expect=[re.compile(r"\b\d{1,2}:\d{2}\b")],
              absent=["Add to a list", "To Read"])
    orca.step("E archives it: Orca speaks the announcement, without a role", keys=["e"],
              expect=[re.compile(r"^Archived\. Undo available\.")], absent=["notification"])
    orca.step("Ctrl+Z undoes it: Orca speaks Undo's own announcement, not the old one", keys=["ctrl+z"],
              expect=[re.compile(r"^Undone: back in Inbox\.")], absent=["Archived. Undo available."])
    # Echo by character comes from the text-inserted events: one insertion per typed character, with its text.
    orca.restart(enableEchoByCharacter=True)
    orca.step("C opens compose: Orca speaks its To field", keys=["c"], expect=[re.compile(r"^To\b")])
    said = orca.step("typed characters are echoed from the inserted text", text="hi", expect=["h", "i"])
    orca.check("echo by character speaks each character once, as a character",
               [(u.kind, u.text) for u in said if u.text in ("h", "i")] == [("char", "h"), ("char", "i")],
               f"Orca said: {said!r}")
    orca.focus(gallery, expect=[re.compile(r"^Kinetic — Gallery frame\b"), re.compile(r"^Mailbox push button\b")],
               name="focus back on the gallery: Orca speaks its window again, then its focused card")


if __name__ == "__main__":
    orca_harness.run(checks)
