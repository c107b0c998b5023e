#!/usr/bin/env python3
"""The layer check: no module of delve-core imports from a module above it.

delve-core's top-level modules form the layers named in core/src/lib.rs, bottom first; a module
may use only itself and the layers below it. In every crate (delve-core, delve, delve-board) no
two modules import each other,
directly or round a longer circle: neither among the top-level modules nor among the files of
one folder. Reads `crate::` and `super::` paths as text, tests included. Exit 1 on a violation.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# delve-core's layers, bottom first (the order core/src/lib.rs documents).
CORE_LAYERS = ["geom", "rng", "map", "fov", "paths", "world", "generation", "dungeon", "rules", "run", "save", "explore", "bot"]

PATH = re.compile(r"\b(crate|super)::(\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*)")


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
    """The modules a file names: (module path) for each `crate::x` or `super::x` it uses."""
    me = module_of(src, path)
    is_dir_module = path.endswith("mod.rs") or path.endswith("lib.rs")
    # `super` of a file a/b.rs is a; of a/mod.rs it is the parent of a.
    parent = me[:-1] if not is_dir_module else me[:-1]
    found = set()
    for m in PATH.finditer(strip_comments(open(path, encoding="utf-8").read())):
        base = () if m.group(1) == "crate" else parent
        body = m.group(2)
        names = [n.strip().split("::")[0] for n in body.strip("{}").split(",")] if body.startswith("{") else [body]
        for name in names:
            target = base + (name,)
            if name and target in modules:
                found.add(target)
    return me, found


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
    for f in sorted(files):
        me, refs = references(src, f, modules)
        if not me:
            continue
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
