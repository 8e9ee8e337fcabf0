"""Kinetic's peers on the same frames: the draws `kinetic-bench --export-draws` wrote (the shared scene and the worst
case, 600 frames each at 2048×1536), redone with Cairo (pycairo) and Skia (skia-python), and printed beside Kinetic's
own figures from the same run, one table.

Each frame does what Kinetic's did: clip to the damaged rectangles, fill them with the stage's paper colour, then
paint every raster (the very pixels Kinetic rasterised, from the exported PNGs) through its matrix, at its opacity,
bilinear where Kinetic resampled. One thread each, as the peers' Python bindings draw. Blend2D has no package in
Debian or on PyPI, so it is not in the table; it is named in the README's note.

Usage: bench-peers.py EXPORT_FOLDER   (BENCH_PEERS_SAVE=DIR also writes each renderer's last frame there, to compare)
"""
import json
import os
import statistics
import sys
import time

folder = sys.argv[1]
scenes = [("shared", "shared scene: sprites move and fade, bodies turn"), ("worst-case", "every sprite rotating (worst case)")]


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(int(round((len(ordered) - 1) * p)), len(ordered) - 1)]


def load(name):
    with open(os.path.join(folder, f"{name}.json")) as file:
        return json.load(file)


def paper(document):
    value = document["paper"].lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))


def cairo_frames(document):
    import cairo
    width, height = document["width"], document["height"]
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    rasters = {}
    times = []
    background = paper(document)
    for frame in document["frames"]:
        start = time.perf_counter()
        context = cairo.Context(surface)
        for x, y, w, h in frame["damage"]:
            context.rectangle(x, y, w, h)
        context.clip()
        context.set_source_rgb(*background)
        context.paint()
        for draw in frame["draws"]:
            raster = rasters.get(draw["raster"])
            if raster is None:
                raster = rasters[draw["raster"]] = cairo.ImageSurface.create_from_png(os.path.join(folder, "rasters", f"{draw['raster']}.png"))
            pattern = cairo.SurfacePattern(raster)
            xx, yx, xy, yy, x0, y0 = draw["frameToRaster"]
            pattern.set_matrix(cairo.Matrix(xx, yx, xy, yy, x0, y0))
            pattern.set_filter(cairo.FILTER_BILINEAR if draw["bilinear"] else cairo.FILTER_NEAREST)
            context.set_source(pattern)
            context.paint_with_alpha(draw["opacity"])
        surface.flush()
        times.append((time.perf_counter() - start) * 1000)
    if os.environ.get("BENCH_PEERS_SAVE"):
        surface.write_to_png(os.path.join(os.environ["BENCH_PEERS_SAVE"], f"cairo-{document['title'][:5]}.png"))
    return times


def skia_frames(document):
    import skia
    width, height = document["width"], document["height"]
    surface = skia.Surface(width, height)
    canvas = surface.getCanvas()
    rasters = {}
    times = []
    r, g, b = paper(document)
    background = skia.Color4f(r, g, b, 1)
    for frame in document["frames"]:
        start = time.perf_counter()
        canvas.save()
        region = skia.Path()
        for x, y, w, h in frame["damage"]:
            region.addRect(skia.Rect.MakeXYWH(x, y, w, h))
        canvas.clipPath(region)
        canvas.drawColor(background)
        for draw in frame["draws"]:
            image = rasters.get(draw["raster"])
            if image is None:
                image = rasters[draw["raster"]] = skia.Image.open(os.path.join(folder, "rasters", f"{draw['raster']}.png"))
            xx, yx, xy, yy, x0, y0 = draw["frameToRaster"]
            to_raster = skia.Matrix.MakeAll(xx, xy, x0, yx, yy, y0, 0, 0, 1)
            inverse = skia.Matrix()
            if not to_raster.invert(inverse):
                continue
            canvas.save()
            canvas.concat(inverse)
            paint = skia.Paint(Alphaf=draw["opacity"])
            sampling = skia.SamplingOptions(skia.FilterMode.kLinear) if draw["bilinear"] else skia.SamplingOptions()
            canvas.drawImage(image, 0, 0, sampling, paint)
            canvas.restore()
        canvas.restore()
        surface.flushAndSubmit()
        times.append((time.perf_counter() - start) * 1000)
    if os.environ.get("BENCH_PEERS_SAVE"):
        surface.makeImageSnapshot().save(os.path.join(os.environ["BENCH_PEERS_SAVE"], f"skia-{document['title'][:5]}.png"))
    return times


renderers = [("Cairo image surface (pycairo)", cairo_frames), ("Skia raster (skia-python)", skia_frames)]
rows = []
for name, title in scenes:
    document = load(name)
    kinetic = document["kinetic"]
    rows.append((title, f"Kinetic, {kinetic['bands']} bands", kinetic["p50"], kinetic["p99"]))
    for label, run in renderers:
        try:
            times = run(document)
        except ImportError as error:
            rows.append((title, label, None, f"not installed: {error}"))
            continue
        measured = times[len(times) // 5:]  # the first fifth warms caches and decodes the PNGs
        rows.append((title, label, statistics.median(measured), percentile(measured, 0.99)))

print(f"{'scene':<52} {'renderer':<32} {'p50':>9} {'p99':>9}")
for title, label, p50, p99 in rows:
    if p50 is None:
        print(f"{title:<52} {label:<32} {p99}")
    else:
        print(f"{title:<52} {label:<32} {p50:7.2f} ms {p99:7.2f} ms")
