"""What Orca 43 says in Kinetic's Mailbox in every language LINGUAS lists (issue #39, #57): the words come from the shipped
catalogues (Sources/KineticApps/Resources/Locales/LANG.po), read here, so a text left in English, or a screen-reader
text not taken from the catalogue, is heard as such. Orca's own words ("List with 30 items") stay in Orca's language.

For each language, `kinetic run mailbox --fresh --language LANG` (its folders in the run's temporary folder, offline):
  * the window is spoken with its place in the language ("Kinetic — Mailbox — Réception frame");
  * Down focuses the first message: Orca speaks the list by its name in the language, then the row;
  * E archives it: Orca speaks the catalogue's announcement ("Archivé. Annulation possible.");
  * Ctrl+Z undoes it: Orca speaks the catalogue's "Undone: back in {place}." with the Inbox's name.
In Arabic the window is mirrored; the keys are the same (Down and E name no side).

Usage: orca_kinetic_languages.py [KINETIC_BINARY]   (default .build/debug/kinetic; see orca_harness.py for the world)
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gettext_files  # noqa: E402
import orca_harness  # noqa: E402
import orca_kinetic  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def spoken(text):
    """A pattern for `text` as Orca says it at the start of an utterance."""
    return re.compile("^" + re.escape(text))


def checks(orca):
    with open(os.path.join(ROOT, "Sources", "KineticApps", "Resources", "Mailbox", "messages.json"), encoding="utf-8") as file:
        first = json.load(file)["messages"][0]
    for language in gettext_files.languages():
        words = gettext_files.texts(f"{language}.po", "msgstr")
        inbox = words["mailbox.segment.inbox"]
        window = f"Kinetic — {words['app.mailbox.title']} — {inbox}"
        folder = os.path.join(orca.folder, f"kinetic-mailbox-{language}")
        os.makedirs(folder, exist_ok=True)
        argv = [orca_kinetic.binary(), "run", "mailbox", "--fresh", "--language", language,
                "--data-dir", os.path.join(folder, "data"), "--cache-dir", os.path.join(folder, "cache")]
        for variable in ("KINETIC_CATALOG_URL", "KINETIC_CONTENT_URL", "KINETIC_ACCESSIBILITY", "KINETIC_IMAP_URL"):
            os.environ.pop(variable, None)
        orca.mark()
        launched = orca.launch(argv, window=window, timeout=120.0, env={"NO_AT_BRIDGE": "0"})
        subprocess.run(["xdotool", "windowfocus", "--sync", launched.window_id], check=True, timeout=30)
        found, said = orca.wait_for([re.compile("^" + re.escape(window) + r" frame\b")], timeout=15.0)
        orca.check(f"{language}: the window is spoken with its place in the language", found,
                   f"expected: {window} frame; Orca said: {said!r}")
        orca.step(f"{language}: Down focuses a message: the list's name in the language, then the row", keys=["Down"],
                  expect=[spoken(inbox), spoken(f"{first['sender']}, {first['subject']}")])
        orca.step(f"{language}: E archives it: the catalogue's announcement", keys=["e"],
                  expect=[spoken(words["mailbox.said.archived"])], absent=["Archived. Undo available."])
        undone = words["mailbox.said.undone"].replace("{place}", inbox)
        orca.step(f"{language}: Ctrl+Z undoes it: the catalogue's words, with the Inbox's name", keys=["ctrl+z"],
                  expect=[spoken(undone)], absent=["Undone: back in Inbox."])
        orca.stop_app(launched)


if __name__ == "__main__":
    orca_harness.run(checks)
