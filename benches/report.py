#!/usr/bin/env python3
"""Delve's benchmark figures next to its peers', with the ratios the performance targets name.

Reads what `cargo bench` left in the criterion folder of the target directory (medians of the
last run) and prints three tables: FOV per scene, generation at 80x50 (and the larger sizes),
and the turn per map size. Run after `cargo bench`:

    cargo bench --workspace && python3 benches/report.py    # or: --markdown for the README

Exits 1 when a target is missed, 2 when there is nothing to report.
"""

import json
import os
import sys
from pathlib import Path

# A whole level, terrain included, against mapgen's map of the same size (issue 40).
LEVEL_TARGET = 4.0

FOV_PEERS = ["adam_fov_rs", "symmetric_shadowcasting", "bracket_symmetric", "bracket_recursive"]


def criterion_dir():
    target = os.environ.get("CARGO_TARGET_DIR") or Path(__file__).resolve().parent.parent / "target"
    return Path(target) / "criterion"


def load(root):
    """{(group, function): median in seconds} from every benchmark's last run."""
    out = {}
    for bench in root.glob("**/new/benchmark.json"):
        meta = json.loads(bench.read_text())
        est = json.loads((bench.parent / "estimates.json").read_text())
        function = meta["function_id"] or ""
        if meta.get("value_str"):
            function = f"{function}/{meta['value_str']}" if function else meta["value_str"]
        out[(meta["group_id"], function)] = est["median"]["point_estimate"] * 1e-9
    return out


def fmt_time(s):
    if s < 1e-3:
        return f"{s * 1e6:.2f} µs"
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


class Table:
    def __init__(self, markdown, headers):
        self.markdown, self.headers, self.rows = markdown, headers, []

    def add(self, row):
        self.rows.append([str(c) for c in row])

    def print(self):
        if self.markdown:
            print("| " + " | ".join(self.headers) + " |")
            print("|" + "|".join("---" for _ in self.headers) + "|")
            for r in self.rows:
                print("| " + " | ".join(r) + " |")
        else:
            widths = [max(len(h), *(len(r[i]) for r in self.rows)) for i, h in enumerate(self.headers)]
            print("  ".join(h.ljust(w) for h, w in zip(self.headers, widths)))
            for r in self.rows:
                print("  ".join(c.ljust(w) for c, w in zip(r, widths)))
        print()


def main():
    markdown = "--markdown" in sys.argv[1:]
    root = criterion_dir()
    data = load(root) if root.is_dir() else {}
    if not data:
        print(f"report: no benchmark results under {root}; run `cargo bench --workspace` first", file=sys.stderr)
        return 2
    missed = []

    # FOV: one group per scene and radius, one function per implementation.
    groups = sorted({g for g, _ in data if g.startswith("fov_")})
    if groups:
        t = Table(markdown, ["scene", "delve"] + [f"{p} (delve ×)" for p in FOV_PEERS])
        for g in groups:
            delve = data.get((g, "delve"))
            if delve is None:
                continue
            row = [g[len("fov_"):], fmt_time(delve)]
            for p in FOV_PEERS:
                peer = data.get((g, p))
                if peer is None:
                    row.append("-")
                    continue
                ratio = delve / peer
                row.append(f"{fmt_time(peer)} ({ratio:.2f}×)")
                if p == "adam_fov_rs" and ratio > 1.0:
                    missed.append(f"FOV {g}: {ratio:.2f}× adam_fov_rs (target ≤ 1.0×)")
                if p == "bracket_symmetric" and ratio > 0.2:
                    missed.append(f"FOV {g}: {ratio:.2f}× bracket's symmetric (target ≤ 0.2×)")
            t.add(row)
        print("Field of view (median per call; ratio = Delve's time / the peer's)")
        t.print()

    # Generation at every depth, against mapgen's BSP rooms + nearest corridors on the same size
    # in the same run. A whole level may take 1.0× mapgen at depth 1, rising to 2.0× at depth 10
    # (1 + (d - 1) / 9); its rooms and corridors alone (all mapgen makes) 0.4× at every depth. At
    # 256x256 the ratio is taken per room: mapgen tries 240 splits whatever the size, so it makes
    # about 55 rooms there where Delve makes 330 (the bench counts them and writes the counts
    # beside criterion's results).
    rooms_file = root / "generation-rooms.json"
    rooms = json.loads(rooms_file.read_text()) if rooms_file.is_file() else {}
    for size in ("80x50", "256x256"):
        group = f"generate_{size}"
        mapgen = data.get((group, "mapgen_bsp_nearest"))
        if mapgen is None:
            continue
        counts = rooms.get(size, {})
        per_room = size != "80x50"

        def ratio(name, time):
            if not per_room:
                return time / mapgen
            if name not in counts or "mapgen" not in counts:
                return None
            return (time / counts[name]) / (mapgen / counts["mapgen"])

        t = Table(markdown, ["depth", "level", "level vs mapgen", "target", "rooms and corridors",
                             "vs mapgen", "rooms"])
        for depth in range(1, 11):
            level = data.get((group, f"level/{depth}"))
            dig = data.get((group, f"rooms_and_corridors/{depth}"))
            if level is None or dig is None:
                continue
            # Issue 40: a whole level with its terrain at most 4.0x mapgen at every depth; its
            # rooms and corridors alone at most 0.4x at depth 1.
            target = LEVEL_TARGET
            lr, dr = ratio(f"level/{depth}", level), ratio(f"rooms_and_corridors/{depth}", dig)
            t.add([depth, fmt_time(level), f"{lr:.2f}×" if lr else "-", f"≤ {target:.2f}×",
                   fmt_time(dig), f"{dr:.2f}×" if dr else "-", f"{counts.get(f'level/{depth}', 0):.0f}"])
            if lr and lr > target + 1e-9:
                missed.append(f"generation {size} depth {depth}: {lr:.2f}× mapgen (target ≤ {target:.2f}×)")
            if dr and dr > 0.4 and depth == 1:
                missed.append(f"generation {size} depth {depth} rooms and corridors: {dr:.2f}× mapgen (target ≤ 0.4×)")
        styles = sorted(f for g, f in data if g == group and f.startswith("style/"))
        for f in styles:
            s_time = data[(group, f)]
            r = ratio(f, s_time)
            t.add([f"1 ({f[len('style/'):]})", fmt_time(s_time), f"{r:.2f}×" if r else "-",
                   f"≤ {LEVEL_TARGET:.2f}×", "", "", f"{counts.get(f, 0):.0f}"])
            if r and r > LEVEL_TARGET:
                missed.append(f"generation {size} style {f[len('style/'):]}: {r:.2f}× mapgen (target ≤ {LEVEL_TARGET}×)")
        t.add(["mapgen bsp + nearest", fmt_time(mapgen), "1.00×", "", "", "", f"{counts.get('mapgen', 0):.0f}"])
        how = "per room" if per_room else "Delve's time / mapgen's"
        print(f"Generation, {size}, mixed style at every depth and every style at depth 1 (median per")
        print(f"level; ratio {how}; rooms on average)")
        t.print()
    big = data.get(("generate_1024x1024", "level/1"))
    if big is not None:
        print(f"Generation, 1024x1024, a first level: {fmt_time(big)}")
        print()

    # Turn: the same open room at three sizes.
    turns = {f: s for (g, f), s in data.items() if g == "turn"}
    if turns:
        base = turns.get("80x50")
        t = Table(markdown, ["map", "turn", "vs 80x50"])
        for f in sorted(turns, key=lambda f: int(f.split("x")[0])):
            ratio = turns[f] / base if base else None
            t.add([f, fmt_time(turns[f]), f"{ratio:.2f}×" if ratio else "-"])
            if ratio and f == "1024x1024" and ratio > 1.5:
                missed.append(f"turn at 1024x1024: {ratio:.2f}× the 80x50 turn (target ≤ 1.5×)")
        print("One turn of the headless game (move, FOV, explored flags, tile looks)")
        t.print()

    for m in missed:
        print(f"MISSED: {m}")
    if not missed:
        print("All targets met.")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
