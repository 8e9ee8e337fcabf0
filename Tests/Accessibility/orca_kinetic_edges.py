#!/usr/bin/env python3
"""What Orca 43 says at the apps' edges (issue #58), each by keys as a person uses them:
  * Disguise-O-Rama's intro is a dialog whose button has the focus as it opens: Orca says the dialog, the page's
    words and the button; each Return says the next page's words; after the last, the focus is on the wheel's first
    costume, which Orca says.
  * The Mailbox's reader puts the focus in the opened message's body: Orca says its subject and sender, then its
    first paragraph, and never a button; Escape gives the focus back to the message read. Undo, while it shows, is
    not on the focus's way round; Send says where the message went; Keep Editing puts the keyboard back in a field.
  * A Honeycomb cell's panel is said as it opens: its heading and its words.

Usage: orca_kinetic_edges.py [KINETIC_BINARY]   (default .build/debug/kinetic; see orca_harness.py for the world)
"""
import os
import plistlib
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gettext_files  # noqa: E402
import orca_harness  # noqa: E402
from orca_kinetic import launch  # noqa: E402
from orca_kinetic_tasks import bundled_messages, honeycomb_categories  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RESOURCES = os.path.join(ROOT, "Sources", "KineticApps", "Resources")


def intro_pages():
    """The bundled intro's pages, in order: (text, button)."""
    texts = gettext_files.texts("kinetic.pot", "msgid")  # the English the code declares (checked current)
    return [(texts[f"disguise.intro.{page}.text"], texts[f"disguise.intro.{page}.button"]) for page in ("hello", "story", "costume")]


def costume_titles():
    """The bundled costumes' titles (the app's config.plist)."""
    with open(os.path.join(RESOURCES, "Disguise", "config.plist"), "rb") as file:
        return [costume["title"] for costume in plistlib.load(file)["costumes"]]


def starting(text):
    return re.compile("^" + re.escape(text))


def disguise_intro(orca):
    pages = intro_pages()
    app = launch(orca, "disguise", "Kinetic — Disguise-O-Rama", "Disguise-O-Rama's window is active for Orca")
    orca.mark()
    first_text, first_button = pages[0]
    found, said = orca.wait_for([re.compile("^Introduction dialog " + re.escape(first_text)), starting(first_button)], timeout=10)
    orca.check("as the intro opens, Orca says the dialog, its first page's words and its button", found, f"Orca said: {said!r}")
    for index in range(1, len(pages)):
        text, button = pages[index]
        orca.step(f"Return turns to page {index + 1}: Orca says its words", keys=["Return"],
                  expect=[starting(text)], timeout=6)
    titles = costume_titles()
    orca.step("Return on the last page: the wheel comes with the focus on a costume, which Orca says",
              keys=["Return"], expect=[re.compile("^(" + "|".join(re.escape(t) for t in titles) + r")\.?$")], timeout=10)
    orca.stop_app(app)


def mailbox_reader(orca):
    first = bundled_messages()[0]
    app = launch(orca, "mailbox", "Kinetic — Mailbox — Inbox", "the Mailbox's window is active for Orca")
    orca.step("Down focuses the first message", keys=["Down"], expect=[starting(first["sender"])])
    first_line = first["body"].strip().split("\n")[0][:20]
    orca.step("Return opens it: Orca says its subject, who wrote it, and its text from the start",
              keys=["Return"], expect=[re.compile("^" + re.escape(first["subject"]) + ".*" + re.escape(first["sender"])), starting(first_line)],
              absent=[re.compile(r"^(Undo|Back) push button")], timeout=6)
    orca.step("Escape closes it: the focus is back on the message read", keys=["Escape"], expect=[starting(first["sender"])])
    # Undo shows for a moment after a filing: the focus never passes through it on its way round.
    orca.step("E archives the message: Orca says so", keys=["e"], expect=[starting("Archived")], timeout=6)
    said = orca.step("Tab, Tab, Tab while Undo shows: the focus goes round without Undo", keys=["Tab", "Tab", "Tab"],
                     expect=[re.compile(r"\S")], absent=[re.compile(r"^Undo push button")], timeout=4)
    orca.key("ctrl+z")
    time.sleep(1.0)
    # Compose, written and sent by keys: Send says where the message went.
    orca.key("c")
    time.sleep(1.0)
    orca.type("ana@example.org")
    orca.key("Tab")
    orca.type("Edges")
    orca.step("Ctrl+Enter sends: Orca says the message is in Sent", keys=["ctrl+Return"],
              expect=[re.compile(r"Edges.*is in Sent")], timeout=6)
    # Cancel's question answered Keep Editing: the keyboard is back in a field, and what is typed goes there.
    orca.key("c")
    time.sleep(1.0)
    orca.type("x")
    orca.key("Escape")  # leaves the To field
    orca.key("Escape")  # Cancel: something is written, so it asks
    time.sleep(1.0)
    orca.step("Escape on the question is Keep Editing: Orca says a field has the keyboard again", keys=["Escape"], expect=[re.compile(r"\b(entry|text)\b")], timeout=6)
    orca.stop_app(app)


def honeycomb_panel(orca):
    categories = honeycomb_categories()
    app = launch(orca, "honeycomb", "Kinetic — Honeycomb", "the Honeycomb's window is active for Orca")
    said = orca.step("Right moves to a category", keys=["Right"], expect=[re.compile("|".join(re.escape(c["title"]) for c in categories))])
    category = next((c for c in categories if any(c["title"] in u.text for u in said)), categories[0])
    cells = category.get("node", [])
    said = orca.step("Enter opens its grid: Orca speaks a cell", keys=["Return"],
                     expect=[re.compile("|".join(re.escape(c["title"]) for c in cells) or ".")], timeout=6)
    cell = next((c for c in cells if any(u.text.startswith(c["title"]) for u in said)), cells[0])
    detail = cell.get("detail", {})
    time.sleep(1.5)  # the morph into the grid comes to rest
    orca.step("Enter opens the cell's panel: Orca says its heading and its words, without a Tab",
              keys=["Return"], expect=[re.compile(re.escape(detail.get("label", cell["title"])) + ".*" + re.escape(detail.get("text", "")[:24]))],
              timeout=6)
    orca.stop_app(app)


def checks(orca):
    disguise_intro(orca)
    mailbox_reader(orca)
    honeycomb_panel(orca)


if __name__ == "__main__":
    orca_harness.run(checks)
