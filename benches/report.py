#!/usr/bin/env python3
"""Delve's benchmark figures next to its peers', with the ratios the performance targets name.

Reads what `cargo bench` left in the criterion folder of the target directory (medians of the
last run) and prints three tables: FOV per scene, generation at 80x50 (and the larger sizes),
and the turn per map size. Run after `cargo bench`:

    cargo bench && python3 benches/report.py            # or: --markdown for the README

Exits 1 when a target is missed, 2 when there is nothing to report.
"""

import json
import os
import sys
from pathlib import Path

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
        print(f"report: no benchmark results under {root}; run `cargo bench` first", file=sys.stderr)
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

    # Generation at 80x50: each Delve style against mapgen's BSP rooms + nearest corridors. The
    # target (≤ 0.5×) is for like against like: Delve's rooms and corridors, which is all mapgen
    # makes. Whole levels (loops, stairs, locks and keys, validation) are shown beside it.
    mapgen = data.get(("generate_80x50", "mapgen_bsp_nearest"))
    styles = sorted(f for g, f in data if g == "generate_80x50" and f.startswith("delve_"))
    if styles:
        t = Table(markdown, ["80x50 level", "time", "vs mapgen BSP"])
        for f in styles:
            s = data[("generate_80x50", f)]
            ratio = s / mapgen if mapgen else None
            t.add([f[len("delve_"):], fmt_time(s), f"{ratio:.2f}×" if ratio else "-"])
            if ratio and ratio > 0.5 and f.endswith("_rooms_and_corridors"):
                missed.append(f"generation {f}: {ratio:.2f}× mapgen (target ≤ 0.5×)")
        if mapgen:
            t.add(["mapgen bsp + nearest", fmt_time(mapgen), "1.00×"])
        print("Generation, 80x50 (median per level; ratio = Delve's time / mapgen's; each style is a")
        print("whole level 1; rooms_and_corridors is what mapgen makes, the one held to ≤ 0.5×)")
        t.print()
    large = sorted((g, f) for g, f in data if g in ("generate_256x256", "generate_1024x1024"))
    if large:
        t = Table(markdown, ["size", "style", "time"])
        for g, f in large:
            t.add([g[len("generate_"):], f.split("/")[-1], fmt_time(data[(g, f)])])
        print("Generation, larger maps")
        t.print()

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
