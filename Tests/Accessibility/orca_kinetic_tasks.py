"""What Orca 43 says as a person does each app's tasks by keys (issue #35), in a world of its own like
orca_kinetic.py (which checks the window, the keys and the Mailbox's triage). The expected words come from the
apps' bundled data (the Mailbox's messages, the Honeycomb's nodes) and from what each control is, not from Kinetic's
code. The checks:
  * the shell menu (M): its items are spoken as menu items as the focus moves through them;
  * the Mailbox's reader: a message's body is read by line with Orca's flat review keys (KP_8 this line, KP_9 the
    next), each line as drawn, wrapped where the window wraps it: a part of its paragraph, not the whole paragraph;
  * the date picker: each wheel is a spin button, spoken with its value, and the new value is spoken as it turns;
  * the Mailbox's search: / gives its field (spoken as Search), a typed word says how many messages were found, and
    Enter speaks the message found;
  * the Mailbox's account sheet: reached from its menu by F10, spoken as a dialog; its password field is password
    text, and no letter typed into it is spoken;
  * Disguise-O-Rama: a costume chosen with Enter and taken off with Escape are announced;
  * the Honeycomb: a category, a cell of its grid, the cell's panel, and Learn More spoken as a link.

Usage: orca_kinetic_tasks.py [KINETIC_BINARY]   (default .build/debug/kinetic)
"""
import json
import plistlib
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import orca_harness  # noqa: E402
from orca_kinetic import ROOT, launch  # noqa: E402

RESOURCES = os.path.join(ROOT, "Sources", "KineticApps", "Resources")


def bundled_messages():
    with open(os.path.join(RESOURCES, "Mailbox", "messages.json"), encoding="utf-8") as file:
        return json.load(file)["messages"]


def bundled_costume_titles():
    with open(os.path.join(RESOURCES, "Disguise", "config.plist"), "rb") as file:
        return [costume["title"] for costume in plistlib.load(file)["costumes"]]


def honeycomb_categories():
    with open(os.path.join(RESOURCES, "Honeycomb", "nodes.json"), encoding="utf-8") as file:
        return json.load(file)["rootNode"]


def exactly(text):
    """An utterance that is `text` and nothing more (Orca ends some with a full stop)."""
    return re.compile("^" + re.escape(text) + r"\.?$")


def starting(text):
    return re.compile("^" + re.escape(text))


def reader_by_lines(orca):
    first = bundled_messages()[0]
    # Its longest paragraph: the one the reader is likeliest to wrap (1024 points wide, 16-point text).
    paragraph = max(first["body"].split("\n\n"), key=len)
    orca.step("Down, then Enter opens the first message in the reader", keys=["Down", "Return"],
              expect=[starting(first["sender"])])
    # Flat review starts where the focus is and reads the window line by line, as drawn; KP_9 moves on a line.
    said = []
    orca.mark()
    orca.key("KP_Up")
    for _ in range(12):
        found, _ = orca.wait_for([starting(paragraph[:12])], timeout=0.8, settle=0.3)
        if found:
            break
        orca.key("KP_Page_Up")
    orca.wait_for([], 0)
    said = [u.text.strip() for u in orca.since_mark() if u.kind == "speak"]
    first_line = next((s for s in said if paragraph.startswith(s.rstrip())), None)
    orca.check("flat review reaches the body's first line, and reads it as a line of the paragraph as drawn: a start "
               "of the paragraph, shorter than it (the reader wraps it)",
               first_line is not None and 0 < len(first_line) < len(paragraph), f"paragraph: {paragraph!r}; Orca said: {said!r}")
    if first_line is None:
        return
    orca.mark()
    orca.key("KP_Page_Up")
    _, next_said = orca.wait_for([re.compile(".")], timeout=3)
    second = next((u.text.strip() for u in next_said if u.kind == "speak"), "")
    rest = paragraph[len(first_line.rstrip()):].lstrip()
    orca.check("KP_9 reads the next line as drawn: the paragraph goes on with it", bool(second) and rest.startswith(second.rstrip()),
               f"expected the start of {rest!r}; Orca said: {next_said!r}")
    orca.step("Escape goes back to the Inbox", keys=["Escape"], expect=[starting(first["sender"])])


def picker(orca):
    # L opens the options for Later; the last of its nine (→ three times, ↓ once) is "Pick a date", which opens the picker.
    # The options' menu is said by its name as its first option takes the focus (issue #58, item 4: the rows under it
    # left the tree first, and Orca, taking the old focus for gone, spoke the option alone).
    orca.step("L opens the options: Orca says the menu's name, Reschedule, with its first option", keys=["l"],
              expect=[re.compile(r"\bReschedule\b")], timeout=6)
    time.sleep(0.4)
    orca.key("Right", "Right", "Right", "Down", delay_ms=250)
    time.sleep(0.6)
    orca.step("Enter on 'Pick a date': the picker opens as a dialog, its first wheel a spin button spoken with its "
              "value", keys=["Return"], expect=[re.compile(r"\bspin button\b")], timeout=10)
    said = orca.step("Down turns the wheel: Orca speaks the wheel's new value, and only that", keys=["Down"],
                     expect=[re.compile(r"\S")])
    values = [u.text for u in said if u.kind == "speak"]
    orca.check("the new value is a word, not a number or the wheel's name", values and not re.match(r"^\d+(\.\d+)?\.?$", values[-1])
               and "spin button" not in values[-1], f"Orca said: {said!r}")
    said_again = orca.step("Down again: another value", keys=["Down"], expect=[re.compile(r"\S")])
    again = [u.text for u in said_again if u.kind == "speak"]
    orca.check("each turn says a different value", values and again and values[-1] != again[-1], f"{values!r} then {again!r}")
    orca.key("Escape")
    time.sleep(1.0)


def search(orca):
    # The bundled messages hold one from the City Library ("Your hold is ready"): "library" finds it alone.
    library = next(m for m in bundled_messages() if "library" in (m["sender"] + m["subject"]).lower())
    orca.step("/ opens the search: Orca speaks its field, named Search", keys=["slash"], expect=[re.compile(r"^Search\b")])
    orca.step("typing a word filters the list: Orca says how many messages were found", text="library",
              expect=[re.compile(r"^One message found\.?$")], timeout=8)
    orca.step("Enter takes the keyboard to the message found: Orca speaks its row", keys=["Return"],
              expect=[starting(library["sender"] + ", " + library["subject"])])
    orca.key("Escape")  # the search closes, the focus staying on the message found
    time.sleep(0.8)


def account(orca):
    # F10 opens the Mailbox's menu; End goes to its last item (Gallery) and Up to Add Mail Account.
    orca.key("F10")
    time.sleep(1.0)
    orca.key("End")
    time.sleep(0.5)
    orca.step("the menu offers Add Mail Account (Orca speaks a menu's items by name)", keys=["Up"], expect=[exactly("Add Mail Account")])
    opened = orca.step("Enter opens the sheet: the keyboard is in its Name field", keys=["Return"], expect=[re.compile(r"^Name entry\b")])
    orca.check("the sheet's title is said as it opens", any(u.kind == "speak" and u.text.startswith("Add Mail Account") for u in opened),
               f"Orca said: {opened!r}")
    orca.key("Return", "Return", "Return", "Return", "Return", delay_ms=400)  # through the empty Your name, IMAP, SMTP, CA file and user fields
    time.sleep(0.6)
    orca.step("Enter reaches the password: Orca speaks it as password text", keys=["Return"],
              expect=[re.compile(r"^Password\b.*\bpassword text\b", re.IGNORECASE)])
    # Each letter typed would be echoed by Orca's key echo in a plain entry; in password text none is spoken.
    orca.step("a password typed is never spoken: none of its letters", text="qzjx",
              expect=[], absent=[exactly("q"), exactly("z"), exactly("j"), exactly("x"), re.compile("qzjx", re.IGNORECASE)], settle=1.5)
    orca.key("Escape")  # the field lets the keyboard go
    time.sleep(0.5)
    orca.key("Escape")  # the sheet closes
    time.sleep(1.0)


def mailbox(orca):
    app = launch(orca, "mailbox", "Kinetic — Mailbox — Inbox", "the Mailbox's window is active for Orca")
    reader_by_lines(orca)
    search(orca)
    account(orca)
    picker(orca)
    orca.stop_app(app)


def disguise(orca):
    app = launch(orca, "disguise", "Kinetic — Disguise-O-Rama", "Disguise-O-Rama's window is active for Orca")
    # After the splash (2 s), three Enters page through the intro and close it; the wheel comes with the focus on its
    # first costume, and Tab moves it to the next (the times of Scenarios/keyboard/costume.json).
    time.sleep(2.0)
    orca.key("Return", "Return", "Return", delay_ms=400)
    time.sleep(4.2)
    titles = bundled_costume_titles()
    said = orca.step("Tab moves to the next costume's bubble: Orca speaks the costume",
                     keys=["Tab"], expect=[re.compile("^(" + "|".join(re.escape(t) for t in titles) + r")\.?$")])
    costume = next((t for t in titles if any(u.text.strip().rstrip(".") == t for u in said)), titles[0])
    orca.step("Enter puts the costume on Scotch: Orca says he is wearing it", keys=["Return"],
              expect=[re.compile(r"^Scotch is wearing " + re.escape(costume))], timeout=6)
    orca.step("Escape takes it off: Orca says so", keys=["Escape"],
              expect=[re.compile(r"^Took off " + re.escape(costume))], timeout=6)
    orca.stop_app(app)


def honeycomb(orca):
    app = launch(orca, "honeycomb", "Kinetic — Honeycomb", "the Honeycomb's window is active for Orca")
    categories = honeycomb_categories()
    said = orca.step("Right moves to a category: Orca speaks its name", keys=["Right"],
                     expect=[re.compile("|".join(re.escape(c["title"]) for c in categories))])
    spoken = next((c for c in categories if any(c["title"] in u.text for u in said)), categories[0])
    cells = spoken.get("node", [])
    orca.step("Enter opens its grid: Orca speaks a cell", keys=["Return"],
              expect=[re.compile("|".join(re.escape(c["title"]) for c in cells) or ".")], timeout=6)
    said = orca.step("Right, then Enter opens a cell's panel: Orca speaks the panel's words", keys=["Right", "Return"],
                     expect=[re.compile(r"\S")], timeout=6)
    orca.step("Tab reaches Learn More: Orca speaks it as a link", keys=["Tab"], expect=[re.compile(r"^Learn More link\b")])
    orca.stop_app(app)


def shell_menu(orca):
    app = launch(orca, None, "Kinetic — Gallery", "the gallery's window is active for Orca")
    # The shell's menu lists the gallery, then the apps in the gallery's order (its cards, Tab by Tab in orca_kinetic.py).
    orca.step("M opens the shell's menu: Orca speaks the menu, then its first item, the gallery", keys=["m"],
              expect=[exactly("Kinetic menu"), exactly("Gallery")], timeout=6)
    orca.step("Down moves to the next item: Orca speaks the first app", keys=["Down"], expect=[exactly("Disguise-O-Rama")])
    orca.step("Down again: the next app", keys=["Down"], expect=[exactly("Mailbox")])
    orca.key("Escape")
    orca.stop_app(app)


def checks(orca):
    for task in (shell_menu, mailbox, disguise, honeycomb):
        task(orca)


if __name__ == "__main__":
    orca_harness.run(checks)
