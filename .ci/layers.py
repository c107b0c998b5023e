#!/usr/bin/env python3
"""The layer check: no module of delve-core imports from a module above it.

delve-core's top-level modules form the layers named in core/src/lib.rs, bottom first; a module
may use only itself and the layers below it. In every crate (delve-core, delve, delve-board) no
two modules import each other,
directly or round a longer circle: neither among the top-level modules nor among the files of
one folder. The frozen save formats (core/src/save/formats) import nothing of the live world.
Reads `crate::` and `super::` paths as text, tests included. Exit 1 on a violation.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# delve-core's layers, bottom first (the order core/src/lib.rs documents).
CORE_LAYERS = ["geom", "rng", "map", "fov", "paths", "world", "generation", "dungeon", "rules", "run", "save", "explore", "bot", "review", "tutorial"]

# Wings: folders whose parts (an overlay, a panel) import no other part, only the wing's floor (what
# they share) and what lies outside the wing. (crate, folder, floor)
WINGS = [("delve", ("screens", "playing"), "floor")]

# Frozen folders: the save formats, which hold plain structs and import nothing of the live world,
# only themselves and what is named here. (crate, folder, what else they may use)
FROZEN = [("delve-core", ("save", "formats"), [("save", "bounded")])]

PATH = re.compile(r"\b(crate|super)((?:::(?:super|[A-Za-z_][A-Za-z0-9_]*))*)(?:::\{([^}]*)\})?")


def module_of(src, path):
    """The module path of a source file: src/a/b.rs -> (a, b); src/a/mod.rs -> (a,)."""
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] == "mod":
        rel = rel[:-1]
    if rel in (["lib"], ["main"]):
        return ()
    return tuple(rel)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return "\n".join(line.split("//")[0] if '"' not in line else line for line in text.split("\n"))


def references(src, path, modules):
    """The modules a file names: for each `crate::a::b` or `super::a` path it uses (a group's paths
    each: `crate::a::{b, c::d}`), the module its first name is (`shallow`: what the layer and
    circle checks read) and the deepest module it reaches (`deep`: what the wing check reads)."""
    me = module_of(src, path)
    # `super` of a file a/b.rs is a; of a/mod.rs it is the parent of a.
    parent = me[:-1]
    found, deep = set(), set()
    for m in PATH.finditer(strip_comments(open(path, encoding="utf-8").read())):
        base = () if m.group(1) == "crate" else parent
        segments = [x for x in m.group(2).split("::") if x]
        while segments and segments[0] == "super":
            base = base[:-1]
            segments.pop(0)
        heads = [segments]
        if m.group(3) is not None:
            heads = [segments + [x.strip() for x in item.split("::") if x.strip()] for item in m.group(3).split(",")]
        for names in heads:
            target = base
            deepest = None
            for name in names:
                target = target + (name,)
                if target in modules:
                    deepest = target
                else:
                    break
            if deepest:
                found.add(deepest[: len(base) + 1])
                deep.add(deepest)
    return me, found, deep


def cycles(edges, nodes):
    """The strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def check(crate, src, layers=None):
    files = []
    for dirpath, _, names in os.walk(src):
        files += [os.path.join(dirpath, n) for n in names if n.endswith(".rs")]
    modules = {module_of(src, f) for f in files}
    # Every prefix of a module path is a module too (a folder's mod.rs).
    modules |= {m[:i] for m in modules for i in range(1, len(m))}
    top, sibling, problems = {}, {}, []
    wings = [(folder, floor) for c, folder, floor in WINGS if c == crate]
    wing_imports = {folder: 0 for folder, _ in wings}
    for f in sorted(files):
        me, refs, deep = references(src, f, modules)
        if not me:
            continue
        for folder, floor in wings:
            n = len(folder)
            for r in deep:
                if len(me) > n and len(r) > n and me[:n] == folder and r[:n] == folder and me[n] != r[n] and r[n] != floor:
                    wing_imports[folder] += 1
                    problems.append(
                        f"{os.path.relpath(f, ROOT)}: `{me[n]}` imports its sibling `{r[n]}` in {'::'.join(folder)}"
                        f" (share it through `{floor}`)"
                    )
        for c, folder, allowed in FROZEN:
            n = len(folder)
            if c != crate or me[:n] != folder:
                continue
            for r in sorted(deep):
                if r[:n] != folder and not any(r[: len(a)] == a for a in allowed):
                    problems.append(
                        f"{os.path.relpath(f, ROOT)}: the frozen `{'::'.join(folder)}` imports `{'::'.join(r)}`"
                        " (a save format holds its own plain types)"
                    )
        for r in refs:
            if r[0] != me[0]:
                top.setdefault(me[0], set()).add(r[0])
                if layers and layers.index(r[0]) > layers.index(me[0]):
                    problems.append(f"{os.path.relpath(f, ROOT)}: layer `{me[0]}` imports `{r[0]}`, a layer above it")
            else:
                # Within one folder: the children of the deepest common parent.
                i = 0
                while i < min(len(me), len(r)) and me[i] == r[i]:
                    i += 1
                if i < len(me) and i < len(r):
                    sibling.setdefault(me[: i + 1], set()).add(r[: i + 1])
    tops = {m[0] for m in modules if m}
    if layers:
        missing = sorted(tops - set(layers))
        if missing:
            problems.append(f"{crate}: modules in no layer: {', '.join(missing)} (name them in .ci/layers.py)")
    found = cycles(top, tops)
    found += cycles(sibling, {m for m in modules if m})
    for c in found:
        problems.append(f"{crate}: a circle of imports: {' -> '.join('::'.join(m) if isinstance(m, tuple) else m for m in c)}")
    arrows = sum(len(v) for v in top.values())
    print(f"{crate}: {len(tops)} top-level modules, {arrows} imports between them, {len(found)} cycles"
          + (f", {len(layers)} layers" if layers else ""))
    for folder, floor in wings:
        parts = sorted({m[len(folder)] for m in modules if len(m) > len(folder) and m[: len(folder)] == folder} - {floor})
        print(f"{crate}: {'::'.join(folder)}: {len(parts)} parts over `{floor}`, {wing_imports[folder]} imports between parts")
    return problems


def main():
    problems = check("delve-core", os.path.join(ROOT, "core", "src"), CORE_LAYERS)
    problems += check("delve", os.path.join(ROOT, "src"))
    problems += check("delve-board", os.path.join(ROOT, "board", "src"))
    for p in problems:
        print(p)
    print("layers: ok" if not problems else f"layers: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
