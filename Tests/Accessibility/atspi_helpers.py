"""What the AT-SPI checks share: reading a tree with pyatspi (walk, find, wait for a state, act) and saying each
result as a line, `ok    …` or `FAIL  …`, kept in `failures`. Used by atspi_checks.py (the apps from the checkout) and
launcher_checks.py (the installed launchers)."""
import contextlib
import shutil
import subprocess
import time
import traceback

import pyatspi
from gi.repository import GLib

failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def wait_for(find, seconds=15, step=0.2):
    """Polls `find` until it returns something truthy, or gives up after `seconds`. `find` states the state it
    expects (a count equal to the expected one, a name equal to the expected name), never "something is there"."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            found = find()
        except Exception:  # an object that went away between two reads: look again
            found = None
        if found:
            return found
        time.sleep(step)
    return None


@contextlib.contextmanager
def closed_at_the_end(what):
    """Runs a block of checks on the app it yields a place for (`holder[0]`): an exception in it is one failed check
    naming `what`, with its traceback; whatever happens, the app is closed and its folder removed."""
    holder = [None]
    try:
        yield holder
    except Exception as error:
        check(False, f"{what} stopped: {error!r}")
        traceback.print_exc()
    finally:
        if holder[0] is not None:
            holder[0].close()
            shutil.rmtree(holder[0].folder, ignore_errors=True)


def pump_events():
    """Lets GLib's main context deliver the events that arrived (pyatspi dispatches them there)."""
    context = GLib.MainContext.default()
    while context.pending():
        context.iteration(False)


def children(node):
    return [node.getChildAtIndex(i) for i in range(node.childCount) if node.getChildAtIndex(i) is not None]


def walk(node):
    yield node
    for child in children(node):
        yield from walk(child)


def find_all(root, role=None, name=None, prefix=None):
    found = []
    for node in walk(root):
        try:
            if role and node.getRoleName() != role:
                continue
            if name is not None and node.name != name:
                continue
            if prefix is not None and not node.name.startswith(prefix):
                continue
            found.append(node)
        except Exception:
            continue
    return found


def first(root, role=None, name=None, prefix=None):
    found = find_all(root, role, name, prefix)
    return found[0] if found else None


def act(node, action_name):
    action = node.queryAction()
    names = [action.getName(i) for i in range(action.nActions)]
    check(action_name in names, f"{node.name!r} offers {action_name!r} (it offers {names})")
    if action_name in names:
        action.doAction(names.index(action_name))


def costume_wheel(app, expected):
    """Goes through the intro to the wheel and waits until its costumes are exactly `expected` (the catalogue may
    still be arriving when the wheel first shows). Returns the wheel's items, or None."""
    intro = wait_for(lambda: first(app.frame(), role="dialog", name="Introduction"), 20)
    check(intro is not None, "the intro is a dialog")
    buttons = lambda: [b for b in find_all(app.frame(), role="push button") if b.name != "Menu"]
    button = buttons()[0] if buttons() else None
    check(button is not None and button.name == 'Say "hello"', f"its button is a button named as drawn: {button.name if button else None!r}")
    check(intro is not None and first(intro, role="label", name="S’up player…") is not None, "the page's text is there")
    wheel = lambda: first(app.frame(), role="list", name="Costumes")
    items = lambda: find_all(wheel(), role="list item") if wheel() else []
    for _ in range(6):  # the intro's pages, until the wheel shows its bubbles
        try:
            if items():
                break
            current = buttons()
            if current:
                act(current[0], "press")
        except Exception:  # a page that went while it was read (the press before moved on): read the next one
            pass
        time.sleep(1.5)
    costumes = wait_for(lambda: sorted(c.name for c in items()) == sorted(expected) and items(), 20)
    try:
        shown = [c.name for c in items()]
    except Exception:  # the wheel changed while it was read: what it lists is in the check's own wait
        shown = "changing"
    check(costumes is not None, f"the wheel is a list of exactly these costumes: {sorted(expected)} (it lists {shown})")
    return costumes


class WindowedApp:
    """One kinetic process that opens a window, started with its log in `folder`, and its application object on the
    accessibility bus (`root`, None when it never came). `started` holds every process, for the checks to end."""

    started = []

    def __init__(self, arguments, folder, what, environment=None):
        self.folder = folder
        self.log = f"{folder}/kinetic.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=log, env=environment)
        WindowedApp.started.append(self.process)
        # Until the app is on the bus, or has ended: a loaded machine may take long to start a debug build, so the
        # deadline is generous, and an app that ended is not waited for.
        self.root = wait_for(lambda: self._find() or (self.process.poll() is not None and "ended"), 90)
        if self.root == "ended":
            self.root = None
        said = "" if self.root else f" (process {'ended with ' + str(self.process.returncode) if self.process.poll() is not None else 'running'}; it said: {open(self.log).read()[-400:]!r})"
        check(self.root is not None, f"{what}{said}")

    def _find(self):
        """This process's application object (an app closed a moment ago may still be listed)."""
        desktop = pyatspi.Registry.getDesktop(0)
        for application in children(desktop):
            try:
                if application.name == "kinetic" and application.get_process_id() == self.process.pid and application.childCount > 0:
                    return application
            except Exception:
                continue
        return None

    def frame(self):
        return children(self.root)[0]

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        # Wait until the bus has let go of it, so the next app is the only 'kinetic'.
        wait_for(lambda: self._find() is None, 10)
