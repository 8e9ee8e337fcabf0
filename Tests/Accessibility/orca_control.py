"""The control for the Orca tests: a small GTK3 window that Orca is known to read, driven the way the Kinetic tests
drive Kinetic. When this passes and a Kinetic test does not, Orca and the harness work and Kinetic is what is silent.

The window ("Orca control"): a list "Contacts" of three rows (Alice, Bob, Carol), a text field "Message", a button
"Send" that announces "Message sent." (a notification in a status bar, shown), a spin button "Minutes" and a slider
"Volume". The checks: the window, the list with its count and the focused row are spoken when the window gets the
focus; arrow keys read the rows; Tab reaches the field, whose typed characters are echoed (as keys, and with echo by
character from the inserted text); Tab reaches the button, read by name and role; Enter on it speaks the
announcement; the spin button's and the slider's values are spoken as they change; a flat review key reads the line
under review.

Usage: orca_control.py            (the checks, in a world of their own: see orca_harness.py)
       orca_control.py --window   (only the window, as the checks start it)
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

TITLE = "Orca control"
NAMES = ["Alice", "Bob", "Carol"]


def window():
    import gi
    gi.require_version("Gtk", "3.0")
    gi.require_version("Atk", "1.0")
    from gi.repository import Atk, Gtk

    win = Gtk.Window(title=TITLE)
    win.set_default_size(360, 420)
    win.connect("destroy", Gtk.main_quit)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL, spacing=8, margin=12)
    win.add(box)

    heading = Gtk.Label(label="Contacts", xalign=0)
    box.pack_start(heading, False, False, 0)
    contacts = Gtk.ListBox()
    contacts.get_accessible().set_name("Contacts")
    for name in NAMES:
        row = Gtk.ListBoxRow()
        row.add(Gtk.Label(label=name, xalign=0))
        contacts.add(row)
    box.pack_start(contacts, False, False, 0)

    label = Gtk.Label(label="Message", xalign=0)
    entry = Gtk.Entry()
    label.set_mnemonic_widget(entry)
    box.pack_start(label, False, False, 0)
    box.pack_start(entry, False, False, 0)

    # What Send announces: a notification inside a status bar, shown when there is something to say.
    status = Gtk.Box()
    status.get_accessible().set_role(Atk.Role.STATUSBAR)
    notice = Gtk.Label(label="", xalign=0)
    notice.get_accessible().set_role(Atk.Role.NOTIFICATION)
    notice.set_no_show_all(True)
    status.pack_start(notice, True, True, 0)

    def send(_button):
        entry.set_text("")
        notice.hide()
        notice.set_text("Message sent.")
        notice.show()

    button = Gtk.Button(label="Send")
    button.connect("clicked", send)
    box.pack_start(button, False, False, 0)

    minutes_label = Gtk.Label(label="Minutes", xalign=0)
    minutes = Gtk.SpinButton.new_with_range(0, 59, 1)
    minutes_label.set_mnemonic_widget(minutes)
    box.pack_start(minutes_label, False, False, 0)
    box.pack_start(minutes, False, False, 0)

    volume_label = Gtk.Label(label="Volume", xalign=0)
    volume = Gtk.Scale.new_with_range(Gtk.Orientation.HORIZONTAL, 0, 100, 10)
    volume.set_value(50)
    volume_label.set_mnemonic_widget(volume)
    box.pack_start(volume_label, False, False, 0)
    box.pack_start(volume, False, False, 0)
    box.pack_end(status, False, False, 0)

    win.show_all()
    first = contacts.get_row_at_index(0)
    contacts.select_row(first)
    first.grab_focus()
    Gtk.main()


def checks(orca):
    app = orca.launch(["/usr/bin/python3", os.path.abspath(__file__), "--window"], window=TITLE)
    orca.focus(app, expect=[TITLE, re.compile(r"^Contacts List with 3 items"), "Alice"],
               name="the window, the list with its count, and the focused row are spoken on focus")
    orca.step("Down reads the second row", keys=["Down"], expect=[re.compile(r"^Bob\b")], absent=["Alice"])
    orca.step("Down reads the third row", keys=["Down"], expect=[re.compile(r"^Carol\b")], absent=["Bob"])
    orca.step("Up reads the second row again", keys=["Up"], expect=[re.compile(r"^Bob\b")], absent=["Carol"])
    # A GTK3 list box walks its rows on Tab too, and lets go of the focus at its last row.
    orca.step("Tab from the last row reaches the text field, read by its label and role", keys=["Down", "Tab"],
              expect=[re.compile(r"^Carol\b"), re.compile(r"^Message text\b")])
    said = orca.step("typed characters are echoed as keys", text="hi", expect=["h", "i"])
    orca.check("the key echo is of the characters typed, one at a time",
               [u.text for u in said if u.kind in ("key", "char")] == ["h", "i"], f"Orca said: {said!r}")
    orca.step("Tab reaches the button, read by name and role", keys=["Tab"], expect=[re.compile(r"^Send push button")])
    orca.step("shift+Tab goes back to the field, read with its text", keys=["shift+Tab"],
              expect=[re.compile(r"^Message text\b"), re.compile(r"^hi selected\b")])
    # Echo by character comes from the text-inserted events, not from the keys.
    orca.restart(enableEchoByCharacter=True)
    orca.focus(app)
    said = orca.step("with echo by character, typed characters are echoed from the inserted text", keys=["End"],
                     text="yo", expect=["y", "o"])
    orca.check("echo by character speaks each character once, as a character",
               [(u.kind, u.text) for u in said if u.text in ("y", "o")] == [("char", "y"), ("char", "o")],
               f"Orca said: {said!r}")
    orca.step("Tab reaches the button again", keys=["Tab"], expect=[re.compile(r"^Send push button")])
    orca.step("Enter on the button: the status bar's notification is spoken, without its role", keys=["Return"],
              expect=[re.compile(r"^Message sent\b")], absent=["notification"])
    # GTK's spin button is a text field: Orca reads its text (selected on focus), not its label or role.
    orca.step("Tab reaches the spin button, read by its value", keys=["Tab"], expect=[re.compile(r"^0$")])
    orca.step("Up on the spin button speaks the new value", keys=["Up"], expect=[re.compile(r"^1\b")])
    orca.step("Tab reaches the slider: label, role, value", keys=["Tab"],
              expect=[re.compile(r"^Volume horizontal slider 50\b")])
    orca.step("Right on the slider speaks the new value", keys=["Right"], expect=[re.compile(r"^60\b")])
    orca.step("flat review: KP_Up (keypad 8) reads the line under review", keys=["KP_Up"],
              expect=[re.compile(r"^horizontal slider 60 percent\b")])


if __name__ == "__main__":
    if sys.argv[1:] == ["--window"]:
        window()
    else:
        import orca_harness
        orca_harness.run(checks)
