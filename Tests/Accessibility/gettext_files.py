"""Reads Kinetic's gettext files for the screen-reader checks: what the catalogues say, by each text's key."""
import json
import os

LOCALES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                       "Sources", "KineticApps", "Resources", "Locales")


def texts(file_name, field):
    """A .po or .pot file's single texts (no plural), key (msgctxt) → `field` ("msgid": the English, "msgstr": the
    translation), as Kinetic's StringCatalogue reads them; entries without a key (the launchers') are left out."""
    found, fields, current = {}, {}, None
    with open(os.path.join(LOCALES, file_name), encoding="utf-8") as file:
        for line in list(file) + [""]:
            line = line.strip()
            if not line:
                if "msgctxt" in fields and field in fields:
                    found[fields["msgctxt"]] = fields[field]
                fields, current = {}, None
            elif line.startswith("#"):
                continue
            elif line.startswith('"') and current:
                fields[current] += json.loads(line)
            else:
                keyword, _, value = line.partition(" ")
                current = keyword
                fields[current] = json.loads(value)
    return found


def languages():
    """The languages LINGUAS lists."""
    with open(os.path.join(LOCALES, "LINGUAS"), encoding="utf-8") as file:
        return [line.strip() for line in file if line.strip() and not line.startswith("#")]
