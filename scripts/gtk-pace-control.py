#!/usr/bin/python3
"""The control for the window's frame pace (`make bench-window`): a GTK 3 window, paced by GDK's frame clock as GTK
apps are, that runs a morph like the Honeycomb's (a grid of 63 buttons spreading from the centre as they grow and
gathering back, 0.6 s each way, with a rest between) a number of times, and reports the time between the frames it
painted in motion, and how many a 60 Hz display would hold for a second refresh, in the window report's words. Runs
under the display in $DISPLAY.

Usage: /usr/bin/python3 scripts/gtk-pace-control.py [MORPHS]
"""
import math
import sys
import time

import gi
gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

MORPHS = int(sys.argv[1]) if len(sys.argv) > 1 else 12
DURATION, REST = 0.6, 0.4
HELD_MS = 1000.0 / 60 * 1.5


class Morph(Gtk.Layout):
    """63 buttons spread from the centre and gathered back: each frame moves and resizes them all, so GTK lays out and
    draws the window as the Honeycomb's morph redraws its grid. A Layout, not a Fixed: cells past its edge never
    resize the window. The first morph waits a second after the window is mapped, as the app's passes wait."""

    def __init__(self):
        super().__init__()
        self.set_size_request(1024, 768)
        self.cells = []
        for row in range(-3, 4):
            for column in range(-4, 5):
                cell = Gtk.Button(label="%d·%d" % (row, column))
                self.put(cell, 512, 384)
                self.cells.append((row, column, cell))
        self.started = None
        self.done = 0
        self.last_paint = None
        self.intervals = []
        self.moving = False
        self.add_tick_callback(self.on_tick)

    def on_tick(self, widget, clock):
        if self.started is None:
            clock.connect("after-paint", self.on_painted)
            self.started = clock.get_frame_time() / 1e6 + 1.0  # a second for the window to settle
        if clock.get_frame_time() / 1e6 < self.started:
            return GLib.SOURCE_CONTINUE
        now = clock.get_frame_time() / 1e6
        phase = now - self.started
        if phase >= 2 * DURATION + REST:
            self.done += 1
            self.started, phase = now, 0.0
            if self.done >= MORPHS:
                self.report()
                Gtk.main_quit()
                return GLib.SOURCE_REMOVE
        self.moving = phase < 2 * DURATION
        if not self.moving:
            self.last_paint = None
            return GLib.SOURCE_CONTINUE
        t = phase / DURATION if phase < DURATION else 2 - phase / DURATION
        progress = 0.5 - 0.5 * math.cos(math.pi * t)
        size = int(20 + 60 * progress)
        for row, column, cell in self.cells:
            x = 512 + (column + (row % 2) * 0.5) * size * 1.8 * progress - size / 2
            y = 384 + row * size * 1.56 * progress - size / 2
            cell.set_size_request(size, size)
            self.move(cell, int(x), int(y))
        return GLib.SOURCE_CONTINUE

    def on_painted(self, clock):
        now = time.monotonic()
        if self.moving and self.last_paint is not None:
            self.intervals.append((now - self.last_paint) * 1000)
        self.last_paint = now if self.moving else None

    def report(self):
        values = sorted(self.intervals)

        def pct(p):
            return values[min(int(round((len(values) - 1) * p)), len(values) - 1)] if values else 0.0
        held = sum(1 for value in values if value > HELD_MS)
        print("gtk control: frames in motion every p50 %.1f ms p99 %.1f ms over %d intervals; %d held past %.0f ms "
              "(a 60 Hz refresh repeated), the longest %.1f ms" % (pct(0.5), pct(0.99), len(values), held, HELD_MS,
                                                                  values[-1] if values else 0.0), flush=True)


window = Gtk.Window(title="GTK pace control")
window.connect("destroy", Gtk.main_quit)
window.add(Morph())
window.show_all()
Gtk.main()
