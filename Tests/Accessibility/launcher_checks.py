"""The installed launchers, opened as a desktop opens them, read by a real AT-SPI client (pyatspi).

Run by scripts/check-launchers inside a private D-Bus session with an X server and no content server: for each
PREFIX/share/applications/org.kinetic.*.desktop it runs the launcher's Exec line as it is, with fresh XDG data and
cache folders of its own (a first launch), finds the window on the accessibility bus and checks it is whole:
  - the gallery lists the apps, the Mailbox shows its window;
  - Disguise-O-Rama's wheel holds exactly the built-in costumes and the served ones: the titles come from the
    installed files (share/kinetic/Resources/Disguise/config.plist and share/kinetic/Content/api/current_costumes.json),
    not from the program;
  - the Honeycomb shows every category of the installed nodes.json as a button, and every picture those nodes name was
    fetched into its cache (the launcher names no server: the installed program serves its own content).

Usage: launcher_checks.py PREFIX
"""
import configparser
import glob
import json
import os
import plistlib
import re
import shlex
import sys
import tempfile

import pyatspi

from atspi_helpers import WindowedApp, check, closed_at_the_end, costume_wheel, failures, find_all, wait_for

PREFIX = sys.argv[1]
SHARE = os.path.join(PREFIX, "share")
with open(os.path.join(SHARE, "kinetic/Resources/Disguise/config.plist"), "rb") as file:
    BUNDLED_TITLES = [costume["title"] for costume in plistlib.load(file)["costumes"]]
with open(os.path.join(SHARE, "kinetic/Content/api/current_costumes.json")) as file:
    SERVED_TITLES = [costume["title"] for costume in json.load(file)["costumes"]]
with open(os.path.join(SHARE, "kinetic/Content/honeycomb/nodes.json")) as file:
    NODES_TEXT = file.read()
CATEGORIES = [node["title"] for node in json.loads(NODES_TEXT)["rootNode"]]
PICTURES = set(re.findall(r'"image"\s*:\s*"([^"]+)"', NODES_TEXT))


class Launched(WindowedApp):
    """One launcher's Exec line, run as it is with XDG folders of its own, and its application on the bus."""

    def __init__(self, desktop_file):
        entry = configparser.ConfigParser(interpolation=None)
        entry.read(desktop_file)
        self.name = entry["Desktop Entry"]["Name"]
        self.command = shlex.split(entry["Desktop Entry"]["Exec"])
        folder = tempfile.mkdtemp(prefix="kinetic-launcher-")
        environment = dict(os.environ, XDG_DATA_HOME=f"{folder}/data", XDG_CACHE_HOME=f"{folder}/cache",
                           XDG_CONFIG_HOME=f"{folder}/config", XDG_STATE_HOME=f"{folder}/state")
        super().__init__(self.command, folder, f"{self.name}: '{' '.join(self.command)}' opens a window on the accessibility bus",
                         environment)


def gallery(app):
    cards = lambda: {node.name for node in find_all(app.frame(), role="push button")}
    titles = {"Disguise-O-Rama", "Mailbox", "Honeycomb"}
    check(wait_for(lambda: titles <= cards()) is not None, f"the gallery's cards are the apps: {sorted(cards())}")


def disguise(app):
    costumes = costume_wheel(app, BUNDLED_TITLES + SERVED_TITLES)
    check(costumes is not None and len(costumes) == len(BUNDLED_TITLES) + len(SERVED_TITLES),
          f"with no server named, the wheel has its {len(BUNDLED_TITLES) + len(SERVED_TITLES)} costumes: "
          f"{len(BUNDLED_TITLES)} built in and {len(SERVED_TITLES)} served by the installed program itself")


def honeycomb(app):
    buttons = lambda: {node.name for node in find_all(app.frame(), role="push button")}
    shown = wait_for(lambda: set(CATEGORIES) <= buttons(), 30)
    check(shown is not None, f"the Honeycomb shows its categories {CATEGORIES} (it shows {sorted(buttons())})")
    images = lambda: [path for path in glob.glob(f"{app.folder}/cache/kinetic/images/**", recursive=True) if os.path.isfile(path)]
    fetched = wait_for(lambda: len(images()) >= len(PICTURES), 30)
    check(fetched is not None and len(PICTURES) > 0,
          f"every picture its nodes name was fetched with no server named: {len(images())} of {len(PICTURES)}")


def mailbox(app):
    check(app.frame().getRoleName() == "frame" and "Mailbox" in app.frame().name, f"the Mailbox's window: {app.frame().name!r}")


CHECKS = {"gallery": gallery, "disguise": disguise, "honeycomb": honeycomb, "mailbox": mailbox}

# The accessibility bus and its registry start on demand: asked for before the first app, as atspi_checks.py does.
wait_for(lambda: pyatspi.Registry.getDesktop(0) is not None, 60)
launchers = sorted(glob.glob(os.path.join(SHARE, "applications/org.kinetic.*.desktop")))
check(len(launchers) > 0, f"there are launchers in {SHARE}/applications")
for launcher in launchers:
    app_id = os.path.basename(launcher)[len("org.kinetic."):-len(".desktop")]
    print(f"-- {os.path.basename(launcher)}", flush=True)
    with closed_at_the_end(app_id) as holder:
        app = holder[0] = Launched(launcher)
        if app.root is not None:
            run = CHECKS.get(app_id)
            check(run is not None, f"launcher_checks.py knows what {app_id}'s window holds")
            if run:
                run(app)

print(f"{len(failures)} launcher check(s) failed" if failures else "every launcher check passed", flush=True)
sys.exit(1 if failures else 0)
