"""Kinetic read by a real AT-SPI client: pyatspi, the library Accerciser and Dogtail use.

Run by scripts/check-accessibility inside a private D-Bus session (the accessibility bus and its registry start on
demand) with an X server, with the content server up on a free loopback port: each check starts `kinetic run <app>
--fresh` in a window, with data and cache folders of its own (never the person's), finds it on the accessibility
bus, reads its tree and acts on it through AT-SPI's Action, EditableText and Text interfaces, as a screen reader
would. Expected names come from the bundled data, the catalogue this run serves and the issue's wording, not from
the app's code.

Usage: atspi_checks.py KINETIC_BINARY CATALOGUE_URL CATALOGUE_FILE BUNDLED_CONFIG
  CATALOGUE_URL   the costume catalogue the content server serves for this run
  CATALOGUE_FILE  the file it serves there (the expected served costumes are read from it)
  BUNDLED_CONFIG  Disguise-O-Rama's bundled config.plist (the expected built-in costumes)
"""
import json
import os
import plistlib
import subprocess
import sys
import tempfile
import time
import traceback

import pyatspi
from gi.repository import GLib

from atspi_helpers import WindowedApp, act, check, costume_wheel, failures, find_all, first, pump_events, wait_for

KINETIC, CATALOGUE_URL, CATALOGUE_FILE, BUNDLED_CONFIG = sys.argv[1:5]
# The Mailbox's bundled messages, beside Disguise-O-Rama's bundled config in the apps' resources.
MESSAGES_FILE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(BUNDLED_CONFIG))), "Mailbox", "messages.json")
with open(BUNDLED_CONFIG, "rb") as file:
    BUNDLED_TITLES = [costume["title"] for costume in plistlib.load(file)["costumes"]]
with open(CATALOGUE_FILE) as file:
    SERVED_TITLES = [costume["title"] for costume in json.load(file)["costumes"]]


class App(WindowedApp):
    """One `kinetic run APP --fresh` in a window, with data and cache folders of its own, and its object on the
    accessibility bus."""

    def __init__(self, app, *options):
        folder = tempfile.mkdtemp(prefix="kinetic-atspi-")
        arguments = [KINETIC, "run"] + ([app] if app else []) + ["--fresh", "--data-dir", f"{folder}/data",
                                                                 "--cache-dir", f"{folder}/cache", *options]
        super().__init__(arguments, folder, f"{app or 'the gallery'} is on the accessibility bus as 'kinetic'")


def gallery():
    app = App(None)
    if app.root is None:
        return
    frame = app.frame()
    check(frame.getRoleName() == "frame", "the window is a frame")
    cards = [node.name for node in find_all(frame, role="push button")]
    for title in ["Disguise-O-Rama", "Mailbox", "Honeycomb"]:
        check(title in cards, f"the gallery's card {title!r} is a button")
    # Extents in the coordinates asked for: the window's are from the frame's corner.
    on_screen = frame.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    in_window = frame.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    check((in_window.x, in_window.y) == (0, 0), f"the frame is at (0, 0) in window coordinates: {in_window}")
    card = first(frame, role="push button", name="Mailbox")
    if card is not None:
        card_screen = card.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        card_window = card.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        check((card_window.x, card_window.y) == (card_screen.x - on_screen.x, card_screen.y - on_screen.y),
              f"a card's window coordinates are its screen ones less the window's corner: {card_window}, {card_screen}, {on_screen}")
    act(first(frame, role="push button", name="Menu"), "press")
    menu = wait_for(lambda: first(app.frame(), role="menu", name="Kinetic"))
    check(menu is not None, "the shell's menu appears as a menu")
    if menu:
        apps = {"Gallery", "Disguise-O-Rama", "Mailbox", "Honeycomb"}
        items = lambda: {node.name for node in find_all(menu, role="menu item")}
        check(wait_for(lambda: apps <= items()) is not None, f"its items name the apps: {sorted(items())}")
    app.close()


def mailbox():
    app = App("mailbox")
    if app.root is None:
        return
    inbox = wait_for(lambda: first(app.frame(), role="list", name="Inbox"))
    check(inbox is not None, "the Inbox is a list")
    if not inbox:
        return app.close()
    # The bundled messages: Ana Lima's lunch, unread, is first; the City Library's notice has been read.
    top = "Ana Lima, Lunch on Thursday?, 9:41 AM, unread"
    rows = lambda: [node.name for node in find_all(inbox, role="list item")]
    check(wait_for(lambda: rows()[:1] == [top]) is not None, f"rows are 'sender, subject, time, unread': {rows()[:2]}")
    library = first(inbox, role="list item", prefix="City Library, ")
    check(library is not None and not library.name.endswith("unread"), "a read message is not called unread")
    action = library.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    check(names == ["Open", "Archive", "Delete", "Later…", "Move to list…"], f"a row's actions: {names}")
    # Every message is an item of the list, made or not; those below the window's bottom edge do not show.
    with open(MESSAGES_FILE, encoding="utf-8") as file:
        bundled = json.load(file)["messages"]
    items = find_all(inbox, role="list item")
    check(len(items) == len(bundled), f"the Inbox counts every message: {len(items)} items for {len(bundled)} messages")
    bottom = app.frame().queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    below = [i for i in items if i.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).y >= bottom.y + bottom.height]
    check(bool(below) and not any(i.getState().contains(pyatspi.STATE_SHOWING) for i in below),
          f"rows below the window are there but not showing ({len(below)} of them)")
    check(all(i.queryComponent().getExtents(pyatspi.DESKTOP_COORDS).height > 1 for i in items),
          "every row keeps its true height, shown or not")
    selection = inbox.querySelection()
    selected = [i.name for i in items if i.getState().contains(pyatspi.STATE_SELECTED)]
    check([selection.getSelectedChild(k).name for k in range(selection.nSelectedChildren)] == selected,
          f"the list's Selection is its selected rows: {selected}")
    # The reader: the body's lines are the lines it is drawn on (wrapped at the page's width), by getTextAtOffset.
    act(first(inbox, role="list item", prefix=bundled[0]["sender"] + ", "), "Open")
    said = bundled[0]["subject"] + ", From " + bundled[0]["sender"]
    body = wait_for(lambda: first(app.frame(), role="text", prefix=said))
    check(body is not None, f"Open shows the message's body as text named by its subject and sender ('{said}…')")
    check(body is not None and body.getState().contains(pyatspi.STATE_FOCUSED), "the body has the focus: opening a document puts it there")
    reader = body.parent if body is not None else None
    while reader is not None and reader.getRole() not in (pyatspi.ROLE_DIALOG, pyatspi.ROLE_FRAME):
        reader = reader.parent
    check(reader is not None and reader.getRole() == pyatspi.ROLE_DIALOG and reader.name == bundled[0]["subject"],
          f"the reader is a dialog named by the subject: {reader.getRoleName() if reader else None} {reader.name if reader else None!r}")
    time.sleep(1.0)  # the reader slides in (0.35 s); read the body once it has come to rest
    body = first(app.frame(), role="text", prefix=said)
    if body:
        check("EditableText" not in pyatspi.listInterfaces(body) and not body.getState().contains(pyatspi.STATE_EDITABLE),
              f"the body is read-only: no EditableText ({pyatspi.listInterfaces(body)})")
        text = body.queryText()
        paragraph = max(bundled[0]["body"].split("\n\n"), key=len)
        start = bundled[0]["body"].index(paragraph)
        line, line_start, line_end = text.getTextAtOffset(start, pyatspi.TEXT_BOUNDARY_LINE_START)
        check(line_start == start and 0 < len(line) < len(paragraph) and paragraph.startswith(line),
              f"a line of the longest paragraph is its start, as wrapped: {line!r}")
        _, top, _, height = text.getRangeExtents(line_start, line_end, pyatspi.DESKTOP_COORDS)
        _, next_top, _, _ = text.getRangeExtents(line_end, line_end + 1, pyatspi.DESKTOP_COORDS)
        check(height > 0 and next_top >= top + height - 1, f"the next line is drawn below it: y {top}, height {height}, then y {next_top}")
        act(first(app.frame(), role="push button", name="Back"), "press")
    # Back in the Inbox, its rows are offered anew (the reader covered them): found again.
    library = wait_for(lambda: first(app.frame(), role="list item", prefix="City Library, "))
    segments = ["Later, 0", "Inbox, 30", "Archive, 0"]
    tabs = lambda: [node.name for node in find_all(app.frame(), role="page tab")]
    check(wait_for(lambda: tabs() == segments) is not None, f"the segments are tabs with their counts: {tabs()}")

    act(library, "Archive")
    gone = wait_for(lambda: first(app.frame(), role="list item", prefix="City Library, ") is None)
    check(bool(gone), "Archive through AT-SPI archives the row: it leaves the tree")
    counted = wait_for(lambda: first(app.frame(), role="page tab", name="Archive, 1"))
    check(counted is not None, "and the Archive tab's count goes up to 1")
    announcement = "Archived. Undo available."
    said = wait_for(lambda: first(app.frame(), role="notification", name=announcement))
    heard = [node.name for node in find_all(app.frame(), role="notification")]
    check(said is not None, f"it is announced as {announcement!r} (notifications: {heard})")
    if said is not None:
        # What Orca 43 speaks: a notification in a status bar that shows (docs/orca-notes.md, (c)).
        check(said.parent is not None and said.parent.getRoleName() == "status bar", "the announcer is in a status bar")
        check(said.getState().contains(pyatspi.STATE_SHOWING), "the announcer shows while it has something to say")

    act(first(app.frame(), role="push button", name="New message"), "press")
    to = wait_for(lambda: first(app.frame(), role="entry", name="To"))
    check(to is not None, "compose's To is an editable text")
    if to:
        to.queryEditableText().insertText(0, "ana@example.org", len("ana@example.org"))
        typed = wait_for(lambda: first(app.frame(), role="entry", name="To").queryText().getText(0, -1) == "ana@example.org")
        check(bool(typed), "text inserted through EditableText lands in the field")
        subject = first(app.frame(), role="entry", name="Subject")
        words = "Café ☕ at noon"  # non-ASCII: AT-SPI counts characters, not bytes
        subject.queryEditableText().insertText(0, words, len(words))
        landed = wait_for(lambda: first(app.frame(), role="entry", name="Subject").queryText().getText(0, -1) == words)
        check(bool(landed), "non-ASCII text inserted through EditableText lands whole")
        first(app.frame(), role="entry", name="Subject").queryEditableText().deleteText(0, 5)
        trimmed = wait_for(lambda: first(app.frame(), role="entry", name="Subject").queryText().getText(0, -1) == "☕ at noon")
        check(bool(trimmed), "deleteText removes characters 0–5")
        piece = first(app.frame(), role="entry", name="Subject").queryText().getTextAtOffset(3, pyatspi.TEXT_BOUNDARY_WORD_START)
        check(list(piece) == ["at ", 2, 5], f"getTextAtOffset reads the word at an offset, in characters: {piece}")
        send = first(app.frame(), role="push button", name="Send")
        check(send is not None and send.getState().contains(pyatspi.STATE_ENABLED), "Send is enabled once To holds an address")
        # Tab moves the focus through the fields; each move is a focus event, in order.
        # The keys go to the window: given the X focus directly (no window manager runs here to activate it).
        subprocess.run(["xdotool", "search", "--sync", "--pid", str(app.process.pid), "windowfocus", "--sync"], capture_output=True, timeout=10)
        time.sleep(0.5)
        pump_events()
        active = wait_for(lambda: app.frame().getState().contains(pyatspi.STATE_ACTIVE))
        check(bool(active), "the frame is active while the window has the keyboard focus")
        events = []
        def listener(event):
            if event.detail1 != 1:
                return
            try:
                events.append(event.source.name)
            except GLib.Error:
                pass  # the object went before its event was read (the window closing at the end): no name to count
        pyatspi.Registry.registerEventListener(listener, "object:state-changed:focused")
        pump_events()
        events.clear()  # only what the Tab keys do from here
        for _ in range(2):
            subprocess.run(["xdotool", "key", "Tab"], timeout=10)
            time.sleep(0.5)
        deadline = time.time() + 5
        while time.time() < deadline and len(events) < 2:
            pump_events()
            time.sleep(0.05)
        pyatspi.Registry.deregisterEventListener(listener, "object:state-changed:focused")
        check(events[:2] == ["Subject", "Message"], f"focus events follow Tab: {events}")
    app.close()


def account_sheet():
    """The Mailbox's Add Mail Account, reached by keys (F10, End, Up, Enter): a dialog whose password is password
    text; what is set there is offered as one bullet per character, and an edit at a position (which would have to
    be made from the bullets) is not taken."""
    app = App("mailbox")
    if app.root is None:
        return
    subprocess.run(["xdotool", "search", "--sync", "--pid", str(app.process.pid), "windowfocus", "--sync"], capture_output=True, timeout=10)
    time.sleep(0.5)
    for key in ["F10", "End", "Up", "Return"]:
        subprocess.run(["xdotool", "key", key], timeout=10)
        time.sleep(0.6)
    dialog = wait_for(lambda: first(app.frame(), role="dialog", name="Add Mail Account"))
    check(dialog is not None, "F10, End, Up, Enter open the account sheet as a dialog")
    password = wait_for(lambda: first(app.frame(), role="password text", name="Password"))
    check(password is not None, "its password field is password text, named Password")
    if password:
        password.queryEditableText().setTextContents("hunter2")
        masked = wait_for(lambda: first(app.frame(), role="password text", name="Password").queryText().getText(0, -1) == "\u25cf" * 7)
        field = first(app.frame(), role="password text", name="Password")
        check(bool(masked), f"the password set is offered as seven bullets: {field.queryText().getText(0, -1)!r}")
        field.queryEditableText().insertText(1, "x", 1)
        time.sleep(0.5)
        pump_events()
        after = first(app.frame(), role="password text", name="Password").queryText().getText(0, -1)
        check(after == "\u25cf" * 7, f"an insertion at a position is not taken in a password: {after!r}")
        connect = first(app.frame(), role="push button", name="Connect")
        check(connect is not None and not connect.getState().contains(pyatspi.STATE_ENABLED), "Connect waits for a server and a user")
    app.close()


def honeycomb():
    app = App("honeycomb")
    if app.root is None:
        return
    # The categories fly in one by one: each is offered once it shows.
    categories = wait_for(lambda: len([n for n in find_all(app.frame(), role="push button") if n.name in ("Nature", "Space", "Music")]) == 3)
    check(bool(categories), "the categories are buttons named by title")
    space = first(app.frame(), role="push button", name="Space")
    check(space is not None and space.description.startswith("row "), f"with their place: {space.description if space else None!r}")
    act(space, "press")
    # The frame's name is the window's title, which names the place: the morph is over once it names the category.
    check(wait_for(lambda: app.frame().name == "Kinetic — Honeycomb — Space") is not None,
          f"the grid is on stage, the title says where: {app.frame().name!r}")
    mars = wait_for(lambda: first(app.frame(), role="push button", name="Mars"))
    check(mars is not None and mars.description == "row 1, cell 4", f"Space's cells: Mars at {mars.description if mars else None!r}")
    if mars:
        act(mars, "press")
        panel = wait_for(lambda: first(app.frame(), role="panel", name="Mars"))
        check(panel is not None, "pressing a cell opens its panel, named by the cell's title")
        if panel:
            check(first(panel, role="link", name="Learn More") is not None, "the panel has Learn More as a link")
    check(first(app.frame(), role="push button", name="Back") is not None, "Back is a button")
    app.close()


def disguise_offline():
    """With no catalogue to ask, the wheel holds the built-in costumes and nothing else."""
    app = App("disguise")
    if app.root is not None:
        costume_wheel(app, BUNDLED_TITLES)
    app.close()


def disguise():
    """With this run's catalogue served, the wheel holds the built-in costumes and the served ones."""
    app = App("disguise", "--catalog-url", CATALOGUE_URL)
    if app.root is None:
        return
    costumes = costume_wheel(app, BUNDLED_TITLES + SERVED_TITLES)
    if costumes:
        chosen = costumes[0].name
        act(costumes[0], "Choose")
        worn = wait_for(lambda: [c for c in find_all(app.frame(), role="list item", name=chosen) if c.getState().contains(pyatspi.STATE_SELECTED)])
        check(bool(worn), f"Choose puts {chosen!r} on: it is selected")
        check(wait_for(lambda: first(app.frame(), role="heading", name=chosen)) is not None, "its title is text on screen")
        # Wearing a costume, Scotch is a button: a click on him (or its action) takes the costume off.
        scotch = first(app.frame(), role="push button", prefix="Scotch")
        check(scotch is not None and scotch.name == f"Scotch, wearing {chosen}", f"Scotch says what he wears: {scotch.name if scotch else None!r}")
        if scotch is not None:
            # What is under a point is what is drawn there: at Scotch's middle, Scotch, not the wheel's list around him.
            extents = scotch.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
            x, y = extents.x + extents.width // 2, extents.y + extents.height // 2
            node = app.frame()
            for _ in range(10):
                inner = node.queryComponent().getAccessibleAtPoint(x, y, pyatspi.DESKTOP_COORDS)
                if inner is None:
                    break
                node = inner
            check(node.name == scotch.name, f"the object at Scotch's middle is Scotch: {node.getRoleName()} {node.name!r}")
        act(first(app.frame(), role="list item", name=chosen), "Take off")
        off = wait_for(lambda: not [c for c in find_all(app.frame(), role="list item", name=chosen) if c.getState().contains(pyatspi.STATE_SELECTED)])
        check(bool(off), "Take off takes it off")
    app.close()


# The accessibility bus and its registry are started on demand; ask for them before the first app starts, so that
# the app's bridge finds a bus that is already up rather than racing its start on a loaded machine.
wait_for(lambda: pyatspi.Registry.getDesktop(0) is not None and pyatspi.Registry.getDesktop(0).childCount >= 0, 60)

for run in (gallery, mailbox, account_sheet, honeycomb, disguise_offline, disguise):
    print(f"-- {run.__name__}", flush=True)
    try:
        run()
    except Exception as error:  # a check that could not finish is a failure, named, with where it stopped
        check(False, f"{run.__name__} stopped: {error!r}")
        traceback.print_exc()
    finally:
        for process in App.started:
            if process.poll() is None:
                process.kill()
        App.started.clear()

print(f"{len(failures)} accessibility check(s) failed" if failures else "every accessibility check passed", flush=True)
sys.exit(1 if failures else 0)
