"""Runs the real Orca screen reader headless and records what it speaks, for tests that drive an app by keys.

A test script builds on this module:

    import orca_harness

    def checks(orca):
        app = orca.launch(["/usr/bin/python3", "my_window.py"], window="My window")
        orca.focus(app, expect="My window frame")
        orca.step("Down reads the second row", keys=["Down"], expect=["Bob"])

    orca_harness.run(checks)

`run` gives the script a world of its own and runs `checks` inside it:
  * a temporary HOME and XDG folders (Orca's settings, GSettings, caches: nothing is written to the person's home;
    GSettings keeps its values in memory),
  * an X server (Xvfb, on a display number it picks itself as free),
  * a private D-Bus session (dbus-run-session); the accessibility bus and its registry start on demand inside it,
  * Orca 43 (Debian's /usr/bin/orca, run through its own main()) with a speech server that speaks nothing and writes
    every utterance to a file (orca_speech_recorder.py), and Orca's debug log beside it,
and ends every process that was started for it (this process adopts its orphans, so it can find them by id).

A step sends keys with `xdotool key` (XTEST, to the window that has the X input focus, as a keyboard would), waits for
the utterances it expects (each a case-insensitive substring, or a compiled regular expression, in that order) up to
a timeout, then for Orca to fall quiet, and returns what Orca said since the step began. The outcome of each step is
printed as a PASS or FAIL line; the script exits 0 when every step passed.

Environment:
  ORCA_HARNESS_DEBUG=all   Orca's debug log at its most detailed (every event; much slower); by default it logs at
                           Orca's INFO level (speech, focus changes, script decisions).
  ORCA_HARNESS_LOGS=DIR    copy the speech and debug logs to DIR at the end (by default they are kept, in a new
                           temporary folder that is printed, only when a step failed).
"""

import ctypes
import json
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"
ORCA = "/usr/bin/orca"
INNER = "ORCA_HARNESS_INNER"

# Orca's settings for every run, on top of its defaults (which are what a person who just installed Orca has): speech
# goes to the recorder; braille and sounds are off, as there is neither a display nor an audio device.
BASE_SETTINGS = {
    "speechServerFactory": "orca_speech_recorder",
    "speechFactoryModules": ["orca_speech_recorder"],
    "enableBraille": False,
    "enableSound": False,
}


# --- The world: temporary home, X server, private session bus -------------------------------------------------------

def run(checks, settings=None):
    """The entry point of a test script: run as a script it builds the world and runs itself again inside it, where
    it starts Orca and calls checks(orca) with an Orca object. `settings` are Orca settings for this run (e.g.
    {"enableEchoByCharacter": True})."""
    if os.environ.get(INNER) != "1":
        sys.exit(_outside([PYTHON] + [os.path.abspath(sys.argv[0])] + sys.argv[1:]))
    sys.exit(_inside(checks, settings or {}))


def _adopt_orphans():
    """Makes this process the one that inherits its descendants' orphans (the session bus's daemon and what it
    started on demand outlive their parents), so the end of the run can find every one of them by process id."""
    PR_SET_CHILD_SUBREAPER = 36
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER)")


def _descendants(root):
    """The ids of every living process under `root`, read from /proc."""
    parents = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as file:
                stat = file.read()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: the fields after its closing parenthesis are
        # state, then the parent's id.
        fields = stat[stat.rindex(")") + 2:].split()
        parents.setdefault(int(fields[1]), []).append(int(entry))
    found, queue = [], [root]
    while queue:
        for child in parents.get(queue.pop(), []):
            found.append(child)
            queue.append(child)
    return found


def _end_descendants(spare=()):
    """Ends every process this run started and that is still there (but those in `spare`): politely, then for
    good."""
    for sig, grace in ((signal.SIGTERM, 5.0), (signal.SIGKILL, 2.0)):
        pids = [pid for pid in _descendants(os.getpid()) if pid not in spare]
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            _reap()
            if not [pid for pid in _descendants(os.getpid()) if pid not in spare]:
                return
            time.sleep(0.1)
    _reap()


def _reap():
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _start_x(folder):
    """Starts Xvfb on a display number it finds free (it writes the number once it accepts clients)."""
    read_end, write_end = os.pipe()
    log = open(os.path.join(folder, "xvfb.log"), "w")
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
                            pass_fds=[write_end], stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    os.close(write_end)
    number = b""
    deadline = time.monotonic() + 30
    while not number.endswith(b"\n") and time.monotonic() < deadline:
        ready, _, _ = select.select([read_end], [], [], 0.5)
        if ready:
            chunk = os.read(read_end, 16)
            if not chunk:
                break
            number += chunk
    os.close(read_end)
    if not number.strip().isdigit():
        raise RuntimeError("Xvfb did not start (see %s)" % log.name)
    return xvfb, ":" + number.strip().decode()


def _outside(command):
    _adopt_orphans()
    folder = tempfile.mkdtemp(prefix="orca-harness-")
    env = dict(os.environ)
    for name in ("home", "config", "data", "cache", "state", "runtime", "logs"):
        os.makedirs(os.path.join(folder, name), mode=0o700)
    env.update({
        "HOME": os.path.join(folder, "home"),
        "XDG_CONFIG_HOME": os.path.join(folder, "config"),
        "XDG_DATA_HOME": os.path.join(folder, "data"),
        "XDG_CACHE_HOME": os.path.join(folder, "cache"),
        "XDG_STATE_HOME": os.path.join(folder, "state"),
        "XDG_RUNTIME_DIR": os.path.join(folder, "runtime"),
        "ORCA_HARNESS_FOLDER": folder,
        "GSETTINGS_BACKEND": "memory",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "NO_AT_BRIDGE": "0",
        "GTK_A11Y": "atspi",
        "PYTHONDONTWRITEBYTECODE": "1",
        "PYTHONUNBUFFERED": "1",
        INNER: "1",
    })
    for name in ("LANGUAGE", "DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "WAYLAND_DISPLAY", "SESSION_MANAGER",
                 "GTK_MODULES", "SPEECHD_ADDRESS"):
        env.pop(name, None)
    status = 1
    try:
        xvfb, display = _start_x(folder)
        env["DISPLAY"] = display
        # The session bus's daemon, the bus launcher and the registry write notes on stdout and stderr: they go to a
        # log, the rest passes.
        bus_log = open(os.path.join(folder, "logs", "dbus.log"), "w")
        inner = subprocess.Popen(["dbus-run-session", "--"] + command, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace")

        def sort(stream, out):
            for line in stream:
                if line.startswith("dbus-daemon[") or "SpiRegistry daemon" in line or "at-spi-bus-launcher" in line:
                    bus_log.write(line)
                else:
                    out.write(line)
                    out.flush()

        sorters = [threading.Thread(target=sort, args=(inner.stdout, sys.stdout), daemon=True),
                   threading.Thread(target=sort, args=(inner.stderr, sys.stderr), daemon=True)]
        for sorter in sorters:
            sorter.start()
        try:
            status = inner.wait()
        except KeyboardInterrupt:
            inner.send_signal(signal.SIGTERM)
            status = inner.wait()
        # What the session started and left (the accessibility bus and its registry) holds the pipes open: it ends
        # first, while the X server it may be connected to is still up.
        _end_descendants(spare=(xvfb.pid,))
        for sorter in sorters:
            sorter.join(5)
        bus_log.close()
    finally:
        _end_descendants()
        logs = os.path.join(folder, "logs")
        keep = os.environ.get("ORCA_HARNESS_LOGS")
        if keep:
            shutil.copytree(logs, keep, dirs_exist_ok=True)
        elif status != 0 and os.path.isdir(logs):
            kept = tempfile.mkdtemp(prefix="orca-logs-")
            shutil.copytree(logs, kept, dirs_exist_ok=True)
            print(f"orca_harness: logs kept in {kept}", flush=True)
        shutil.rmtree(folder, ignore_errors=True)
    return status


# --- Orca's own process ---------------------------------------------------------------------------------------------

def _orca_main(prefs_dir, debug_path, detail, settings_json):
    """Runs Debian's /usr/bin/orca (its own main(), argument parsing and all) in this process, with four changes made
    from outside it: a main-loop tick so it ends on SIGTERM at once, the settings above as defaults, a debug log written line by line (so a test can read it while
    Orca runs), and no refusal to start when an Orca of another run (another private session) is already running,
    which /usr/bin/orca otherwise detects by the process name `orca` for the whole user."""
    import importlib.machinery
    import importlib.util

    loader = importlib.machinery.SourceFileLoader("orca_launcher", ORCA)
    spec = importlib.util.spec_from_loader("orca_launcher", loader)
    launcher = importlib.util.module_from_spec(spec)
    loader.exec_module(launcher)

    from orca import debug, settings
    for key, value in json.loads(settings_json).items():
        setattr(settings, key, value)
    debug.debugFile = open(debug_path, "w", encoding="utf-8", buffering=1)
    if detail == "all":
        debug.debugLevel = debug.LEVEL_ALL
        debug.eventDebugLevel = debug.LEVEL_OFF
    else:
        debug.debugLevel = debug.LEVEL_INFO
    launcher.otherOrcas = lambda: []
    launcher.setProcessName = lambda name: False
    # Orca handles SIGTERM with a Python handler (orca.shutdownOnSignal: it says "Screen reader off." and ends),
    # which Python runs only between two steps of its own code: a tick of the main loop lets it run even when no
    # event comes.
    from gi.repository import GLib
    GLib.timeout_add(200, lambda: True)
    sys.argv = ["orca", "--user-prefs", prefs_dir]
    return launcher.main()


# --- Inside the world: Orca, the apps, keys and speech --------------------------------------------------------------

class Utterance:
    """One thing Orca said: kind is "speak", "char" (a single character) or "key" (a key's name, key echo)."""

    def __init__(self, kind, text, at):
        self.kind, self.text, self.at = kind, text, at

    def __str__(self):
        return self.text

    def __repr__(self):
        return repr(self.text) if self.kind == "speak" else f"{self.kind}:{self.text!r}"


def _matches(expected, text):
    if isinstance(expected, re.Pattern):
        return expected.search(text) is not None
    return expected.casefold() in text.casefold()


def _describe(expected):
    return f"/{expected.pattern}/" if isinstance(expected, re.Pattern) else repr(expected)


def _ere_escape(text):
    """Escapes text for xdotool's --name, a POSIX extended regular expression."""
    return re.sub(r"([.\[\]{}()\\*+?^$|])", r"\\\1", text)


class App:
    def __init__(self, process, accessible, window_id, title, log):
        self.process, self.accessible, self.window_id, self.title, self.log = process, accessible, window_id, title, log


class Orca:
    """Orca running in this world, what it said, and the steps' results."""

    def __init__(self, settings):
        self.folder = os.environ["ORCA_HARNESS_FOLDER"]
        self.logs = os.path.join(self.folder, "logs")
        self.speech_log = os.path.join(self.logs, "speech.jsonl")
        self.debug_log = None     # Orca's debug log (one per start: orca-debug.log, orca-debug-2.log, ...)
        self.settings = dict(BASE_SETTINGS, **settings)
        self.said = []            # every utterance so far
        self._read_offset = 0
        self._partial = b""
        self._mark = 0
        self.passed, self.failed = [], []
        self.apps = []
        self.process = None
        self.starts = 0

    # Results.

    def check(self, name, condition, detail=""):
        if condition:
            self.passed.append(name)
            print(f"  PASS  {name}", flush=True)
        else:
            self.failed.append(name)
            print(f"  FAIL  {name}" + (f"\n        {detail}" if detail else ""), flush=True)
        return condition

    # Speech.

    def _read(self):
        try:
            with open(self.speech_log, "rb") as file:
                file.seek(self._read_offset)
                chunk = file.read()
        except FileNotFoundError:
            return
        self._read_offset += len(chunk)
        data = self._partial + chunk
        lines = data.split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            if line.strip():
                record = json.loads(line)
                self.said.append(Utterance(record["kind"], record["text"], record["t"]))

    def mark(self):
        """Starts a new step: what Orca says from now on is this step's."""
        self._read()
        self._mark = len(self.said)

    def since_mark(self):
        self._read()
        return self.said[self._mark:]

    def wait_for(self, expect, timeout=10.0, settle=0.6):
        """Waits until Orca has said each of `expect` since the mark, in that order (each a case-insensitive
        substring of one utterance, or a compiled regular expression), or until `timeout`; then until Orca has been
        quiet for `settle` seconds (at most 3 more). Returns (all found, the utterances since the mark)."""
        if isinstance(expect, (str, re.Pattern)):
            expect = [expect]
        deadline = time.monotonic() + timeout
        found = False
        while True:
            found = self._in_order(expect, self.since_mark())
            if found or time.monotonic() > deadline or self.orca_ended():
                break
            time.sleep(0.05)
        quiet_until = time.monotonic() + settle
        stop = time.monotonic() + 3.0
        count = len(self.since_mark())
        while time.monotonic() < min(quiet_until, stop):
            time.sleep(0.05)
            now = len(self.since_mark())
            if now != count:
                count, quiet_until = now, time.monotonic() + settle
        return found, self.since_mark()

    @staticmethod
    def _in_order(expect, utterances):
        index = 0
        for wanted in expect:
            while index < len(utterances) and not _matches(wanted, utterances[index].text):
                index += 1
            if index == len(utterances):
                return False
            index += 1
        return True

    # Input.

    def key(self, *keys, delay_ms=60):
        """Presses keys (xdotool key names, e.g. "Down", "Tab", "shift+Tab", "Insert+h") on the focused window."""
        subprocess.run(["xdotool", "key", "--delay", str(delay_ms), *keys], check=True, timeout=30)

    def type(self, text, delay_ms=120):
        subprocess.run(["xdotool", "type", "--delay", str(delay_ms), text], check=True, timeout=60)

    def step(self, name, keys=(), text=None, expect=(), absent=(), timeout=10.0, settle=0.6):
        """One step of a test: press `keys`, type `text`, then wait for Orca to say each of `expect` in order; none of
        `absent` may be said. Records PASS or FAIL under `name` and returns the utterances since the step began."""
        self.mark()
        if keys:
            self.key(*keys)
        if text:
            self.type(text)
        found, said = self.wait_for(expect, timeout, settle)
        unwanted = [_describe(a) for a in absent if any(_matches(a, u.text) for u in said)]
        detail = []
        if not found:
            detail.append("expected, in order: " + ", ".join(_describe(e) for e in expect))
        if unwanted:
            detail.append("not expected: " + ", ".join(unwanted))
        detail.append(f"Orca said: {said!r}")
        if self.orca_ended():
            detail.append(f"Orca has ended (exit status {self.process.returncode}); see orca-stdout.log and its debug log")
        self.check(name, found and not unwanted, "\n        ".join(detail))
        return said

    # Orca.

    def start(self, timeout=60.0):
        """Starts Orca and waits until it has said it is on. Each start has a settings folder of its own, so Orca
        takes self.settings as a person's first start would."""
        self.starts += 1
        prefs = os.path.join(os.environ["XDG_DATA_HOME"], f"orca-{self.starts}")
        suffix = "" if self.starts == 1 else f"-{self.starts}"
        self.debug_log = os.path.join(self.logs, f"orca-debug{suffix}.log")
        env = dict(os.environ, ORCA_SPEECH_LOG=self.speech_log)
        # Orca imports the recorder by module name: this folder goes first on its path.
        env["PYTHONPATH"] = HERE + ((":" + env["PYTHONPATH"]) if env.get("PYTHONPATH") else "")
        out = open(os.path.join(self.logs, f"orca-stdout{suffix}.log"), "w")
        self.mark()
        self.process = subprocess.Popen(
            [PYTHON, os.path.abspath(__file__), "--orca", prefs, self.debug_log,
             os.environ.get("ORCA_HARNESS_DEBUG", "info"), json.dumps(self.settings)],
            env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT)
        found, said = self.wait_for(["Screen reader on."], timeout, settle=0.3)
        if not found:
            raise RuntimeError(f"Orca did not start within {timeout:.0f} s (it said {said!r}; "
                               f"exit status {self.process.poll()}); see its logs")

    def orca_ended(self):
        return self.process is not None and self.process.poll() is not None

    def restart(self, **settings):
        """Stops Orca and starts it again with these settings changed (the apps keep running)."""
        self.stop_orca()
        self.settings.update(settings)
        self.start()

    def stop(self):
        for app in self.apps:
            self.stop_app(app)
        self.stop_orca()

    def stop_orca(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    # Apps.

    def launch(self, argv, window, timeout=60.0, env=None):
        """Starts a program and waits until its window, named `window` (the exact name, or a compiled regular
        expression), is on the accessibility bus and visible on the X server. Returns an App."""
        import pyatspi

        log_path = os.path.join(self.logs, f"app-{len(self.apps) + 1}.log")
        log = open(log_path, "w")
        process = subprocess.Popen(argv, env=dict(os.environ, **(env or {})), stdin=subprocess.DEVNULL,
                                   stdout=log, stderr=subprocess.STDOUT)
        app = App(process, None, None, window, log_path)
        self.apps.append(app)

        def name_fits(name):
            return window.fullmatch(name) is not None if isinstance(window, re.Pattern) else name == window

        def find():
            desktop = pyatspi.Registry.getDesktop(0)
            for index in range(desktop.childCount):
                application = desktop.getChildAtIndex(index)
                if application is None:
                    continue
                for child_index in range(application.childCount):
                    child = application.getChildAtIndex(child_index)
                    if child is not None and name_fits(child.name or ""):
                        return child
            return None

        deadline = time.monotonic() + timeout
        while app.accessible is None and time.monotonic() < deadline:
            if process.poll() is not None:
                break
            try:
                app.accessible = find()
            except Exception:  # an object that went away while being read: look again
                pass
            if app.accessible is None:
                time.sleep(0.2)
        if app.accessible is None:
            with open(log_path, errors="replace") as file:
                tail = file.read()[-600:]
            raise RuntimeError(f"no window {_describe(window)} on the accessibility bus within {timeout:.0f} s "
                               f"(process {'ended: ' + str(process.returncode) if process.poll() is not None else 'running'}; "
                               f"it said {tail!r})")
        title = app.accessible.name
        # The X window: by the process's id (_NET_WM_PID, which SDL and GTK set), else by its name (a bare X window
        # sets no id). xdotool reads names in the "C" locale, so one with a character outside ASCII never matches.
        pattern = "^" + _ere_escape(title) + "$"
        ids = []
        until = max(deadline, time.monotonic() + 5.0)
        while not ids and time.monotonic() < until and process.poll() is None:
            for search in (["--pid", str(process.pid)], ["--name", pattern]):
                result = subprocess.run(["xdotool", "search", "--onlyvisible", *search], capture_output=True, text=True,
                                        timeout=30)
                ids = result.stdout.split()
                if ids:
                    break
            else:
                time.sleep(0.2)
        if not ids:
            raise RuntimeError(f"no visible X window named {title!r}")
        app.window_id = ids[0]
        return app

    def stop_app(self, app):
        """Ends one app the test launched (the others, and Orca, keep running)."""
        if app.process.poll() is None:
            app.process.terminate()
            try:
                app.process.wait(10)
            except subprocess.TimeoutExpired:
                app.process.kill()
                app.process.wait()

    def focus(self, app, expect=(), timeout=10.0, name=None):
        """Gives the app's window the X input focus (there is no window manager: the X server's focus is the whole
        story), and, when `expect` is given, checks as a step named `name` that Orca says it. Returns the
        utterances."""
        self.mark()
        subprocess.run(["xdotool", "windowfocus", "--sync", app.window_id], check=True, timeout=30)
        if expect:
            return self.step(name or f"focusing {app.title!r} is announced", expect=expect, timeout=timeout)
        return self.wait_for([], 0)[1]


def _inside(checks, settings):
    orca = Orca(settings)
    try:
        orca.start()
        checks(orca)
    except Exception:
        orca.check("the harness ran to the end", False, traceback.format_exc().rstrip().replace("\n", "\n        "))
    finally:
        orca.stop()
    print(f"{os.path.basename(sys.argv[0])}: {len(orca.passed)} passed, {len(orca.failed)} failed", flush=True)
    return 0 if not orca.failed and orca.passed else 1


if __name__ == "__main__" and len(sys.argv) == 6 and sys.argv[1] == "--orca":
    sys.exit(_orca_main(*sys.argv[2:]))
