#!/usr/bin/env python3
"""Draws Delve's tileset, assets/tiles/tileset.png: 16x16 tiles, 8 to a row, 10 rows.

Index (assets/tiles/tiles.txt is the table; src/assets.rs `tiles` is checked against it): 0 wall, 1 room floor, 2 corridor floor, 3 closed door,
4 open door, 5 locked door, 6 player, 7 stairs down, 8 stairs up, 9 key, 10 rat, 11 jackal,
12 goblin, 13 orc, 14 ogre, 15 troll, 16 the Heartstone, 17 a pale corridor floor that the
generator lab tints by corridor style, 18-23 the item classes (potion, scroll, weapon, armour,
thrown, wand), drawn pale to be tinted by the game, 24-29 the later monsters (kobold, monkey,
goblin archer, bloat, vampire bat, centaur), 30-32 the dagger, the axe and the mace (20, the
class's picture, is the sword), 33-39 the terrain (grass, shallow water, deep water, lava, chasm,
bridge, ashes), 40 a trap (pale, tinted by its kind), 41 fire, 42 gas (pale, tinted), 43 gold,
44 a ration (pale, tinted as the items are), 45-48 the will-o'-wisp, the imp, the goblin shaman and
the salamander, 49-58 the eel, the pink jelly, the giant spider, the rock worm, the fire
elemental, the goblin conjurer, the spectral blade, the goblin mystic, the acid mound and the
phantom, 59 the warden (the Heartstone's guardian), 60-62 a ring, a staff and a charm (pale, tinted
as the items are), 63-66 the spear, the war axe, the rapier and the war hammer, 67 crystal (pale,
tinted), 68 a torch on a wall, 69 glowing fungus, 70-73 the walls and floors of the first levels
(mossy, rooted) and of the deepest (dark stone veined with crystal, floor strewn with bone): the
middle levels keep the worked stone of 0 and 1; 74 what a death leaves (a splash, pale, tinted by
the kind that died); 75 the armour the player wears, drawn over the player's tunic and legs (pale,
tinted by the armour).
Plain Python 3 (no packages): run it from anywhere to redraw the PNG.
"""
import os
import struct
import zlib

T = 16
COLS, ROWS = 8, 10

# Palette: one character per colour in the drawings below; '.' is transparent.
PAL = {
    ".": (0, 0, 0, 0),
    "k": (12, 10, 16, 255),      # outline
    "K": (110, 240, 170, 255),   # fungus glow
    "M": (40, 130, 96, 255),     # fungus stalk
    "s": (96, 92, 110, 255),     # wall stone
    "S": (128, 124, 142, 255),   # wall highlight
    "m": (58, 54, 68, 255),      # mortar
    "f": (44, 42, 52, 255),      # room floor
    "F": (62, 60, 72, 255),      # floor speck
    "c": (34, 30, 26, 255),      # corridor floor
    "C": (62, 56, 46, 255),      # corridor pebble
    "l": (200, 200, 200, 255),   # lab corridor (white, to be tinted by its style)
    "L": (150, 150, 150, 255),   # lab corridor pebble
    "w": (146, 96, 46, 255),     # wood
    "W": (104, 66, 32, 255),     # wood grain
    "y": (236, 204, 84, 255),    # brass
    "i": (168, 170, 182, 255),   # iron
    "h": (242, 204, 164, 255),   # skin
    "b": (74, 136, 230, 255),    # tunic
    "B": (44, 88, 170, 255),     # tunic shade
    "r": (204, 58, 52, 255),     # monster
    "R": (140, 30, 30, 255),     # monster shade
    "e": (255, 240, 120, 255),   # eyes
    "g": (150, 150, 160, 255),   # step
    "n": (150, 110, 80, 255),    # rat fur
    "N": (100, 70, 50, 255),     # rat shade
    "j": (214, 170, 96, 255),    # jackal
    "J": (150, 110, 56, 255),    # jackal shade
    "o": (96, 176, 72, 255),     # goblin
    "O": (56, 116, 44, 255),     # goblin shade
    "q": (70, 120, 90, 255),     # orc
    "Q": (40, 76, 56, 255),      # orc shade
    "p": (214, 150, 140, 255),   # ogre
    "P": (156, 96, 90, 255),     # ogre shade
    "t": (120, 150, 130, 255),   # troll
    "T": (76, 100, 86, 255),     # troll shade
    "z": (230, 40, 70, 255),     # heartstone
    "Z": (140, 10, 40, 255),     # heartstone shade
    "x": (255, 220, 230, 255),   # glint
    "G": (86, 86, 98, 255),      # step shade
    "v": (240, 240, 240, 255),   # item (white: tinted when drawn)
    "V": (165, 165, 170, 255),   # item shade
    "a": (255, 255, 255, 255),   # item highlight
    "d": (206, 124, 60, 255),    # kobold
    "D": (140, 78, 36, 255),     # kobold shade
    "A": (168, 116, 72, 255),    # monkey
    "E": (112, 72, 40, 255),     # monkey shade
    "u": (176, 196, 92, 255),    # bloat
    "U": (112, 132, 48, 255),    # bloat shade
    "X": (124, 80, 150, 255),    # bat
    "Y": (72, 42, 96, 255),      # bat shade
    "H": (156, 108, 66, 255),    # centaur's horse
    "I": (104, 70, 40, 255),     # centaur shade
    "1": (44, 92, 40, 255),      # grass
    "2": (86, 150, 60, 255),     # grass blade
    "3": (52, 96, 140, 255),     # shallow water
    "4": (96, 150, 196, 255),    # shallow ripple
    "5": (20, 40, 110, 255),     # deep water
    "6": (52, 84, 170, 255),     # deep ripple
    "7": (200, 60, 20, 255),     # lava
    "8": (255, 170, 40, 255),    # lava glow
    "9": (6, 4, 10, 255),        # chasm dark
    "0": (30, 26, 40, 255),      # chasm edge
    "!": (58, 50, 44, 255),      # ashes
    "@": (90, 84, 76, 255),      # ash speck
    "$": (255, 120, 20, 255),    # flame
    "%": (255, 230, 100, 255),   # flame core
    "^": (150, 220, 255, 255),   # wisp light
    "~": (70, 130, 200, 255),    # wisp glow
    "&": (214, 70, 60, 255),     # imp
    "*": (130, 30, 30, 255),     # imp shade
    "(": (150, 110, 200, 255),   # shaman's robe
    ")": (96, 66, 140, 255),     # robe shade
    "[": (240, 120, 40, 255),    # salamander
    "]": (170, 60, 20, 255),     # salamander shade
    "{": (70, 150, 170, 255),    # eel
    "}": (30, 90, 110, 255),     # eel shade
    "<": (240, 140, 190, 255),   # jelly
    ">": (180, 80, 130, 255),    # jelly shade
    "+": (160, 150, 140, 255),   # spider
    "=": (96, 86, 80, 255),      # spider shade
    "/": (176, 150, 120, 255),   # worm
    "-": (120, 96, 70, 255),     # worm shade
    "|": (255, 160, 60, 255),    # fire elemental
    "_": (255, 240, 170, 255),   # elemental's heart
    ",": (120, 190, 230, 255),   # conjurer's robe
    ";": (70, 120, 170, 255),    # conjurer shade
    ":": (190, 220, 255, 255),   # spectral blade
    "?": (230, 245, 255, 255),   # blade gleam
    "#": (200, 230, 120, 255),   # mystic's robe
    "`": (130, 160, 60, 255),    # mystic shade
}


def wall():
    rows = []
    for y in range(T):
        row = ""
        for x in range(T):
            course = y // 4
            offset = 0 if course % 2 == 0 else 4
            if y % 4 == 3 or (x + offset) % 8 == 7:
                row += "m"
            elif y % 4 == 0:
                row += "S"
            else:
                row += "s"
        rows.append(row)
    return rows


def torch():
    """A wall with an iron bracket holding a burning torch."""
    rows = [list(r) for r in wall()]
    art = {
        1: "......%.......",
        2: ".....$%$......",
        3: ".....$%$......",
        4: "....$$%$$.....",
        5: ".....$$$......",
        6: "......w.......",
        7: "......w.......",
        8: ".....iwi......",
        9: "....iiwii.....",
        10: ".....iii......",
        11: "......i.......",
    }
    for y, line in art.items():
        for x, ch in enumerate(line):
            if ch != ".":
                rows[y][x + 1] = ch
    return ["".join(r) for r in rows]


def fungus():
    """Room floor with clumps of glowing fungus caps."""
    rows = [list(r) for r in floor("f", "F", [(7, 7), (8, 8), (2, 12), (13, 3)])]
    caps = [(3, 3), (11, 5), (6, 10), (12, 12), (2, 8)]
    for cx, cy in caps:
        for dx, dy, ch in [(0, 0, "K"), (-1, 0, "K"), (1, 0, "K"), (0, -1, "K"), (0, 1, "M"), (0, 2, "M")]:
            x, y = cx + dx, cy + dy
            if 0 <= x < T and 0 <= y < T:
                rows[y][x] = ch
    return ["".join(r) for r in rows]


def mossy_wall():
    """The wall of the first levels: the same courses, moss creeping over them from above."""
    rows = [list(r) for r in wall()]
    for x in range(T):
        drop = (x * 7 + 3) % 5
        for y in range(drop + 1):
            rows[y][x] = "2" if (x + y) % 3 else "1"
    for x, y in [(3, 9), (4, 9), (11, 13), (12, 13), (12, 14), (7, 6)]:
        rows[y][x] = "1"
    return ["".join(r) for r in rows]


def rooted_floor():
    """The floor of the first levels: earth-dark stone with tufts of moss and a root across it."""
    rows = [list(r) for r in floor("f", "F", [(7, 7), (13, 3)])]
    for x, y in [(2, 3), (3, 3), (2, 4), (11, 11), (12, 11), (12, 12), (5, 13)]:
        rows[y][x] = "2"
    for x, y in [(1, 9), (2, 9), (3, 10), (4, 10), (5, 10), (6, 11), (7, 11), (8, 12)]:
        rows[y][x] = "W"
    return ["".join(r) for r in rows]


def deep_wall():
    """The wall of the deepest levels: dark stone, veined with glinting crystal."""
    rows = [list(r.replace("s", "G").replace("S", "s")) for r in wall()]
    for x, y in [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (10, 8), (11, 9), (12, 10), (13, 11), (9, 13)]:
        rows[y][x] = "^" if (x + y) % 2 else "~"
    return ["".join(r) for r in rows]


def bone_floor():
    """The floor of the deepest levels: dark stone strewn with bone."""
    rows = [list(r) for r in floor("f", "F", [(2, 12), (13, 3)])]
    for x, y in [(3, 5), (4, 5), (5, 5), (3, 4), (5, 6), (10, 11), (11, 11), (12, 11), (12, 10), (9, 2)]:
        rows[y][x] = "h"
    return ["".join(r) for r in rows]


REMAINS = [
    "................",
    "................",
    ".......V........",
    "...V..vvv...V...",
    ".....vvvvvv.....",
    "....vvVvvvvv....",
    "...vvvvvvVvvv...",
    "..V.vvvvvvvvv...",
    "....vvvVvvvv.V..",
    ".....vvvvvv.....",
    "...V..vvvv......",
    "........V...V...",
    "................",
    "...V............",
    "................",
    "................",
]


def worn_armour():
    """What the player wears, over its picture: the tunic's and the legs' pixels, pale to be
    tinted by the armour, with a rivet line down the front and a belt."""
    rows = []
    for y, row in enumerate(PLAYER):
        out = []
        for x, ch in enumerate(row):
            if ch == "b":
                out.append("V" if x in (7, 8) and y in (7, 8, 9) else "v")
            elif ch == "B":
                out.append("V")
            else:
                out.append(".")
        rows.append("".join(out))
    belt = list(rows[9])
    for x in range(T):
        if belt[x] != ".":
            belt[x] = "V"
    rows[9] = "".join(belt)
    return rows


def floor(base, speck, spots):
    rows = [[base] * T for _ in range(T)]
    for x, y in spots:
        rows[y][x] = speck
    return ["".join(r) for r in rows]


def door(leaf, extra=None):
    rows = []
    for y in range(T):
        row = ""
        for x in range(T):
            if x in (0, 1, 14, 15) or y in (0, 1):
                row += "s" if y > 0 else "S"
            elif leaf == "shut":
                row += "W" if x in (5, 10) else "w"
            else:  # open: the leaf swung against the left jamb, the doorway dark
                row += "w" if x in (2, 3) else ("W" if x == 4 else "f")
        rows.append(row)
    rows = [list(r) for r in rows]
    if leaf == "shut":
        rows[8][12] = "y"
        rows[9][12] = "y"
    if extra == "locked":
        for x in range(2, 14):
            rows[4][x] = "i"
            rows[12][x] = "i"
        for y, x in [(7, 7), (7, 8), (8, 7), (8, 8), (9, 7), (10, 7), (10, 8)]:
            rows[y][x] = "k"
        for y in (6, 11):
            for x in (6, 9):
                rows[y][x] = "y"
    return ["".join(r) for r in rows]


PLAYER = [
    "................",
    "......kkkk......",
    ".....khhhhk.....",
    ".....khkhkk.....",
    ".....khhhhk.....",
    "......khhk......",
    "....kkbbbbkk....",
    "...kbbbbbbbbk...",
    "...khbbbbbbhk...",
    "...khkbbbbkhk...",
    "....k.kBBk.k....",
    "......kBBk......",
    ".....kB..Bk.....",
    ".....kB..Bk.....",
    ".....kk..kk.....",
    "................",
]

RAT = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
    "..........kk....",
    ".........knnk...",
    "....kkkkknnenk..",
    "...knnnnnnnnnnk.",
    "..knnnnnnnnnk...",
    ".kNknnnnnnnk....",
    "kN..kNk.kNk.....",
    "....kk...kk.....",
    "................",
    "................",
]

JACKAL = [
    "................",
    "................",
    "............k.k.",
    "...........kjkjk",
    "..........kjjjek",
    "..........kjjjjk",
    "...kkkkkkkjjjkk.",
    "..kjjjjjjjjjjk..",
    ".kJjjjjjjjjjjk..",
    "kJ.kjjjjjjjjk...",
    "...kjJkkkkJjk...",
    "...kJ.k..k.Jk...",
    "...kJ.k..k.Jk...",
    "...kk.kk.kkkk...",
    "................",
    "................",
]

GOBLIN = [
    "................",
    "................",
    "..k.........k...",
    "..kok.kkkk.kok..",
    "...kokooookok...",
    "....kooooook....",
    "....koekoeok....",
    ".....kooook.....",
    "....kkWWWWkk....",
    "...koWWWWWWok...",
    "...ok.WWWW.ko...",
    ".....kOOOOk.....",
    ".....kO..Ok.....",
    ".....kk..kk.....",
    "................",
    "................",
]

ORC = [
    "................",
    ".....kkkkkk.....",
    "....kqqqqqqk....",
    "....kqeqqeqk....",
    "....kqqqqqqk....",
    "....kqyqqyqk....",
    "...kkkqqqqkkk...",
    "..kiiiiiiiiiik..",
    ".kqiiiiiiiiiiqk.",
    ".kqkiiiiiiiikqk.",
    ".kqkiiiiiiiikqk.",
    "..kkQQQQQQQQkk..",
    "....kQQkkQQk....",
    "....kQQ..QQk....",
    "....kkk..kkk....",
    "................",
]

OGRE = [
    "....kkkkkkkk....",
    "...kppppppppk...",
    "...kppeppeppk...",
    "...kppppppppk...",
    "...kpkyyyykpk...",
    ".kkkppppppppkkk.",
    "kppppppppppppppk",
    "kpppWWWWWWWWpppk",
    "kpkpWWWWWWWWpkpk",
    "kpkpWWWWWWWWpkpk",
    "kpkpPPPPPPPPpkpk",
    "kk.kPPPPPPPPk.kk",
    "...kPPPkkPPPk...",
    "...kPPPk.kPPPk..",
    "...kkkkk.kkkkk..",
    "................",
]

TROLL = [
    "....k......k....",
    "...ktk....ktk...",
    "...kttkkkkttk...",
    "...kttttttttk...",
    "...kteettteek...",
    "...ktttttttttk..",
    "..kkktkkkktkkk..",
    ".ktttttttttttttk",
    "kttTttttttttTttk",
    "ktkTttttttttTktk",
    "ktkkTTTTTTTTkktk",
    "kk..kTTTTTTTk.kk",
    "....kTTk.kTTk...",
    "...kTTTk.kTTTk..",
    "...kkkkk.kkkkk..",
    "................",
]

RELIC = [
    "................",
    "................",
    ".......kk.......",
    "......kxzk......",
    ".....kxzzzk.....",
    "....kxzzzzzk....",
    "...kxzzzzzzzk...",
    "..kzzzzzzzzzZk..",
    "..kzzzzzzzzZZk..",
    "...kzzzzzzZZk...",
    "....kzzzzZZk....",
    ".....kzzZZk.....",
    "......kZZk......",
    ".......kk.......",
    "................",
    "................",
]

KEY = [
    "................",
    "................",
    "................",
    "....kkk.........",
    "...kyyyk........",
    "..kyk.kyk.......",
    "..kyk.kykkkkkkk.",
    "..kyk.kyyyyyyyyk",
    "...kyyyk.kyk.kyk",
    "....kkk..kk...k.",
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
]


POTION = [
    "................",
    "......kkkk......",
    "......kVVk......",
    ".......kk.......",
    "......kvvk......",
    "......kvvk......",
    ".....kvvvvk.....",
    "....kvvavvvk....",
    "...kvvavvvvvk...",
    "...kvavvvvvvk...",
    "...kvvvvvvvVk...",
    "...kvvvvvvVVk...",
    "....kvvvvVVk....",
    ".....kkkkkk.....",
    "................",
    "................",
]

SCROLL = [
    "................",
    "................",
    "...kkkkkkkkkk...",
    "..kVvvvvvvvvVk..",
    "..kVkkkkkkkkVk..",
    "...kvvvvvvvvk...",
    "...kvVVvVVvvk...",
    "...kvvvvvvvvk...",
    "...kvVvVVVvvk...",
    "...kvvvvvvvvk...",
    "...kvVVVvVvvk...",
    "..kVkkkkkkkkVk..",
    "..kVvvvvvvvvVk..",
    "...kkkkkkkkkk...",
    "................",
    "................",
]

WEAPON = [
    "................",
    "............kk..",
    "...........kavk.",
    "..........kavk..",
    ".........kavk...",
    "........kavk....",
    ".......kavk.....",
    "......kavk......",
    "..kk.kavk.......",
    "..kVkavk........",
    "...kVvk.........",
    "...kkVk.........",
    "..kVk.kk........",
    ".kVk............",
    ".kk.............",
    "................",
]

ARMOUR = [
    "................",
    "...kkk....kkk...",
    "..kvvvkkkkvvvk..",
    ".kvvvvvVVvvvvvk.",
    ".kvvkvvvvvvkvvk.",
    ".kvk.kvvvvk.kvk.",
    "..k..kvVVvk..k..",
    ".....kvvvvk.....",
    ".....kvVVvk.....",
    ".....kvvvvk.....",
    ".....kvVVvk.....",
    ".....kvvvvk.....",
    ".....kVVVVk.....",
    "......kkkk......",
    "................",
    "................",
]

THROWN = [
    "................",
    "................",
    "..........kkkk..",
    "..........kaak..",
    ".........kavvk..",
    "........kavk.k..",
    ".......kavk.....",
    "......kvvk......",
    ".....kVvk.......",
    "....kVVk........",
    "..kkVVk.........",
    ".kVkVk..........",
    ".kVVk...........",
    "..kk............",
    "................",
    "................",
]

WAND = [
    "................",
    "...........k....",
    "..........kak...",
    "........kkaaakk.",
    ".........kaaak..",
    "..........kak...",
    ".........kvk....",
    "........kvk.....",
    ".......kvk......",
    "......kvk.......",
    ".....kVk........",
    "....kVk.........",
    "...kVk..........",
    "...kk...........",
    "................",
    "................",
]

RING = [
    "................",
    "................",
    "......kkkk......",
    ".....kaaaak.....",
    "......kaak......",
    ".....kkkkkk.....",
    "....kvvVVvvk....",
    "...kvk....kvk...",
    "...kvk....kVk...",
    "...kVk....kVk...",
    "...kVk....kvk...",
    "....kVvvvvVk....",
    ".....kkkkkk.....",
    "................",
    "................",
    "................",
]

STAFF = [
    "................",
    "..........kkk...",
    ".........kaaak..",
    ".........kaVak..",
    "..........kaak..",
    ".........kvkk...",
    "........kvVk....",
    ".......kvVk.....",
    "......kvVk......",
    ".....kvVk.......",
    "....kvVk........",
    "...kvVk.........",
    "..kvVk..........",
    "..kVk...........",
    "...k............",
    "................",
]

CHARM = [
    "................",
    "......kkkk......",
    ".....k....k.....",
    "....k......k....",
    ".....k....k.....",
    "......kkkk......",
    ".....kkaakk.....",
    "....kaavvaak....",
    "...kavvVVvvak...",
    "...kavVaaVvak...",
    "...kavVaaVvak...",
    "...kavvVVvvak...",
    "....kaavvaak....",
    ".....kkkkkk.....",
    "................",
    "................",
]

SPEAR = [
    "..............k.",
    ".............kak",
    "............kaak",
    "...........kaak.",
    "..........kVkk..",
    ".........kwk....",
    "........kwk.....",
    ".......kwk......",
    "......kwk.......",
    ".....kwk........",
    "....kwk.........",
    "...kwk..........",
    "..kwk...........",
    ".kWk............",
    ".kk.............",
    "................",
]

WAR_AXE = [
    "................",
    "....kkk...kkk...",
    "...kaavk.kvaak..",
    "..kaavvkkkvvaak.",
    "..kavvVkwkVvvak.",
    "..kaavvkwkvvaak.",
    "...kaakkwkkaak..",
    "....kk.kwk.kk...",
    ".......kwk......",
    ".......kwk......",
    ".......kwk......",
    ".......kwk......",
    ".......kWk......",
    ".......kWk......",
    "........k.......",
    "................",
]

RAPIER = [
    "...............k",
    "..............ka",
    ".............kak",
    "............kak.",
    "...........kak..",
    "..........kak...",
    ".........kak....",
    "........kak.....",
    ".......kak......",
    "..kkk.kak.......",
    ".kvvVkak........",
    ".kv.kVk.........",
    ".kVkkVk.........",
    "..kkVk.k........",
    "....kk..........",
    "................",
]

HAMMER = [
    "................",
    "...kkkkkkkkk....",
    "..kaaaavvvVVk...",
    "..kaavvvvVVVk...",
    "..kavvvvvVVVk...",
    "...kkkkwkkkk....",
    ".......kwk......",
    ".......kwk......",
    ".......kwk......",
    ".......kwk......",
    ".......kwk......",
    ".......kWk......",
    ".......kWk......",
    ".......kWk......",
    "........k.......",
    "................",
]

CRYSTAL = [
    "kaaakVVVkkaaaVvk",
    "avvaakVkvaavVvka",
    "avVvvakvavvVvkva",
    "kavVvvaavvVvkvak",
    "Vkavvvvvvvvkvakv",
    "VVkavvvvvvkvakvV",
    "kVVkavvvvkvakvVk",
    "vkVVkavvkvakvVkv",
    "vvkVVkaakakvVkvv",
    "kvvkVVkkakvVkvvk",
    "akvvkVVkkvVkvvka",
    "aakvvkVVvVkvvkaa",
    "kaakvvkVVkvvkaak",
    "vkaakvvkkvvkaakv",
    "vvkaakvvvvkaakvv",
    "kvvkaakvvkaakvvk",
]

KOBOLD = [
    "................",
    "................",
    "......kkk.......",
    ".....kdddk......",
    "....kdedddkk....",
    "....kddddddDk...",
    ".....kddkkkk....",
    "....kdddddk.....",
    "...kdkddddkdk...",
    "...kk.kdddk.kk..",
    "......kdDdk.....",
    ".....kdk.kdk....",
    ".....kDk.kDk....",
    "....kkk..kkk....",
    "................",
    "................",
]

MONKEY = [
    "................",
    "................",
    "......kkkk......",
    ".....kAAAAk.....",
    "....kAhehhAk....",
    "....kAhhhhAk....",
    ".....kAhhAk.....",
    "....kAAAAAAk....",
    "...kAkAAAAkAk...",
    "..kAk.kAAk.kAk..",
    "..kk..kAAk..kk..",
    ".....kAk.kAk..k.",
    ".....kEk.kEk.kEk",
    "....kkk..kkkkEk.",
    "............kk..",
    "................",
]

GOBLIN_ARCHER = [
    "................",
    "...........kw...",
    "......kkk..kWw..",
    ".....kooOk.k.Wk.",
    "....koeoeok..kWk",
    ".....koook...k.W",
    "......kok....k.W",
    "....kkooookkkiiW",
    "...kokoooook.k.W",
    "...kk.kOOOk..k.W",
    "......kooOk..kWk",
    ".....kok.kok.Wk.",
    ".....kOk.kOkWw..",
    "....kkk..kkkw...",
    "................",
    "................",
]

BLOAT = [
    "................",
    "................",
    ".....kkkkkk.....",
    "...kkuuuuuukk...",
    "..kuuuUuuuuuuk..",
    "..kuuuuuuuUuuk..",
    ".kuuekuuuekuuuk.",
    ".kuuuuuuuuuuuuk.",
    ".kuUuuuuuuuuUuk.",
    ".kuuuukkkkuuuuk.",
    "..kuuuuuuuuuuk..",
    "..kuUuuuuuUuuk..",
    "...kkuuuuuukk...",
    ".....kkkkkk.....",
    ".......k.k......",
    "......k...k.....",
]

VAMPIRE_BAT = [
    "................",
    "................",
    "................",
    "k......kk......k",
    "kk....kXXk....kk",
    "kXk..kXeXek..kXk",
    "kXXk.kXXXXk.kXXk",
    "kXXXkkXXXXkkXXXk",
    "kXYXXXXXXXXXXYXk",
    ".kYXYXXXXXXYXYk.",
    ".kk.kYXkkXYk.kk.",
    ".....kk..kk.....",
    "................",
    "................",
    "................",
    "................",
]

CENTAUR = [
    "................",
    "....kkk.........",
    "...khhhk........",
    "...kheek........",
    "...khhhk..k.....",
    "..kbbbbbkkik....",
    ".khkbbbkhkik....",
    ".kk.kbbbk.kk....",
    "...kHHHHHHHHHk..",
    "..kHHHHHHHHHHHk.",
    "..kHHHHHHHHHHkIk",
    "..kHIkkkkkkIHk.k",
    "..kIk.....kIk...",
    "..kIk.....kIk...",
    "..kkk.....kkk...",
    "................",
]

WISP = [
    "................",
    "................",
    "......~~~~......",
    ".....~^^^^~.....",
    "....~^^aa^^~....",
    "....~^akka^~....",
    "....~^akka^~....",
    "....~^^aa^^~....",
    ".....~^^^^~.....",
    "......~^^~......",
    ".......~^~......",
    "......~^~.......",
    ".......~........",
    "................",
    "................",
    "................",
]

IMP = [
    "................",
    "...k.......k....",
    "...k*k...k*k....",
    "....k&kkk&k.....",
    "....k&&&&&k.....",
    "....k&e&e&k.....",
    "....k&&&&&k.....",
    ".....k&kk&k.....",
    "..kk.k&&&&k.kk..",
    "..k*kk&&&&kk*k..",
    "...k*&&&&&&*k...",
    ".....k&&&&k.....",
    ".....k&kk&k..k..",
    ".....k*kk*k.k*k.",
    ".....kk..kk..k..",
    "................",
]

GOBLIN_SHAMAN = [
    "................",
    "......kkk.......",
    ".....k(((k......",
    "....k(oook......",
    "....k(oeok..kk..",
    ".....koook.kyyk.",
    "....k((((k..kk..",
    "...k(((((kk.k...",
    "...k((((((k.k...",
    "...k()((((k.k...",
    "...k)(((()k.k...",
    "...k((((((k.k...",
    "...k)((((()kk...",
    "....kkkkkkk.....",
    "................",
    "................",
]

SALAMANDER = [
    "................",
    "................",
    "................",
    ".............$$.",
    "..........kkk$%$",
    ".........k[[ek$.",
    "..kk....k[[[[k..",
    ".k]]k..k[[[[k...",
    "..k]]kk[[[[[k...",
    "...k][[[[[[k....",
    "...k[]k[k][k....",
    "..kk]k.k]kk]k...",
    "..k.kk..kk.kk...",
    "................",
    "................",
    "................",
]

# The dagger, the axe and the mace have pictures of their own (the sword is WEAPON): a vault
# offering a mace and a sword showed one picture twice.
DAGGER = [
    "................",
    "................",
    "................",
    "................",
    "..........kk....",
    ".........kavk...",
    "........kavk....",
    ".......kavk.....",
    "..kk..kavk......",
    "..kVkkavk.......",
    "...kVvk.........",
    "...kkVk.........",
    "..kVk.kk........",
    ".kVk............",
    ".kk.............",
    "................",
]

AXE = [
    "................",
    "................",
    "..........kk....",
    ".........kvvk...",
    "........kvvvvk..",
    "......kkkvvvvvk.",
    ".....kVkkvvvvvk.",
    "....kVk..kvvvk..",
    "...kVk....kvk...",
    "..kVk......k....",
    ".kVk............",
    ".kk.............",
    "................",
    "................",
    "................",
    "................",
]

MACE = [
    "................",
    "...........k....",
    ".........kkvkk..",
    "........kvvvvvk.",
    ".......kvvavvvvk",
    "........kvvvvvk.",
    ".......kVkkvkk..",
    "......kVk..k....",
    ".....kVk........",
    "....kVk.........",
    "...kVk..........",
    "..kVk...........",
    ".kVk............",
    ".kk.............",
    "................",
    "................",
]


def stairs(down):
    rows = [["f"] * T for _ in range(T)]
    for step in range(4):
        y0 = 2 + step * 3
        x0 = 2 + (step if down else 3 - step) * 2
        for y in range(y0, y0 + 3):
            for x in range(x0, 14):
                rows[y][x] = "g" if y == y0 else "G"
    return ["".join(r) for r in rows]


def speckle(base, speck, every, shift):
    rows = []
    for y in range(T):
        rows.append("".join(speck if (x * 7 + y * 13 + shift * (y // 2)) % every == 0 else base for x in range(T)))
    return rows


def grass():
    rows = [["1"] * T for _ in range(T)]
    for x0 in range(1, T, 3):
        top = 3 + (x0 * 5) % 7
        for y in range(top, min(T, top + 6)):
            rows[y][x0] = "2"
        rows[top][x0 + 1 if x0 + 1 < T else x0] = "2"
    return ["".join(r) for r in rows]


def waves(base, crest):
    rows = [[base] * T for _ in range(T)]
    for y in (3, 8, 13):
        for x in range(T):
            if (x + y) % 8 in (0, 1, 2):
                rows[y if (x // 4) % 2 == 0 else y - 1][x] = crest
    return ["".join(r) for r in rows]


def chasm():
    rows = [["9"] * T for _ in range(T)]
    for i in range(T):
        rows[0][i] = rows[i][0] = "0"
    return ["".join(r) for r in rows]


def bridge():
    rows = [["9"] * T for _ in range(T)]
    for y in range(2, 14):
        for x in range(T):
            rows[y][x] = "W" if y in (2, 13) or x % 4 == 3 else "w"
    return ["".join(r) for r in rows]


FIRE = [
    "................",
    "........$.......",
    ".......$$.......",
    "......$$$...$...",
    "......$$$$..$$..",
    ".....$$%$$.$$$..",
    "....$$%%$$$$$$..",
    "....$$%%%$$%$$..",
    "...$$%%%%%%%$$..",
    "...$$%%%%%%%$$$.",
    "..$$$%%%%%%%%$$.",
    "..$$%%%%%%%%%$$.",
    "..$$%%%%%%%%%$$.",
    "...$$%%%%%%%$$..",
    "....$$$$$$$$$...",
    "................",
]

GAS = [
    "................",
    "....vvv.........",
    "..vvvvvv...vv...",
    ".vvvVvvvv.vvvv..",
    ".vvvvvvvvvvvvvv.",
    "..vvvvVvvvvvvv..",
    "...vvvvvvvVvv...",
    ".....vvvvvvv....",
    "...vvvvvv.......",
    "..vvvvvvvvv..vv.",
    ".vvvVvvvvvvvvvv.",
    ".vvvvvvvvVvvvv..",
    "..vvvvvvvvvvv...",
    "....vvvv..vv....",
    "................",
    "................",
]

TRAP = [
    "................",
    "................",
    "................",
    "...kkkkkkkkkk...",
    "...kvvvvvvvvk...",
    "...kvVvvvvVvk...",
    "...kvvkvvkvvk...",
    "...kvvvkkvvvk...",
    "...kvvvkkvvvk...",
    "...kvvkvvkvvk...",
    "...kvVvvvvVvk...",
    "...kvvvvvvvvk...",
    "...kkkkkkkkkk...",
    "................",
    "................",
    "................",
]

GOLD = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
    ".......ky.......",
    ".....kyyyyk.....",
    "....kyy%yyyk....",
    "...kyyyyy%yyk...",
    "..kky%yyyyykk...",
    ".kyyyyyy%yyyyk..",
    ".kyy%yyyyyy%yk..",
    "..kkkkkkkkkkkk..",
    "................",
    "................",
]

RATION = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "......kkkk......",
    "....kkllllkk....",
    "...kllLllLllk...",
    "..klLlllllLllk..",
    "..kllllLlllllk..",
    "..kLLLLLLLLLLk..",
    "..kllkllkllllk..",
    "...kkkkkkkkkk...",
    "................",
    "................",
    "................",
]

# Each tile's picture by its name in tiles.txt, which orders them: the one table of their numbers.
# The ten kinds of rules 9.
EEL = [
    "................",
    "................",
    "................",
    "..........kkk...",
    ".........k{{{k..",
    "........k{e{{}k.",
    "........k{{{}k..",
    ".......k{{}kk...",
    "......k{{}k.....",
    ".....k{{}k......",
    "5k..k{{}k....5..",
    "6{kk{{}k....5656",
    "56{{{}k5...56565",
    "5656kk565656565.",
    ".5656565656565..",
    "................",
]

PINK_JELLY = [
    "................",
    "................",
    "................",
    "................",
    "......kkkk......",
    "....kk<<<<kk....",
    "...k<<<<<<<<k...",
    "..k<<x<<<<<<<k..",
    "..k<<<e<<e<<<k..",
    ".k<<<<<<<<<<<<k.",
    ".k<<<<<<<<<<<>k.",
    ".k><<<<<<<<<>>k.",
    "..k>><<<<<>>>k..",
    "...kkk>>>>kkk...",
    "......kkkk......",
    "................",
]

GIANT_SPIDER = [
    "................",
    "................",
    ".k....kk....k...",
    "..k..k++k..k....",
    "...k.k++k.k.....",
    "k...k++++k...k..",
    ".kkkk+ee+kkkk...",
    "....k++++k......",
    ".kkk=+++++=kkk..",
    "k..k=++++++=k..k",
    "..k.k=++++=k.k..",
    ".k...k====k...k.",
    "k...k.kkkk.k....",
    "...k........k...",
    "................",
    "................",
]

ROCK_WORM = [
    "................",
    "ssssm...........",
    "sssm..kkkk......",
    "ssm..k////k.....",
    "sm..k/e//e/k....",
    "m...k//kk//k....",
    "....k/k..k/k....",
    "....k//kk//k....",
    ".....k-//-k.....",
    "......k//-k.....",
    "......k-//k.....",
    ".....k//-k......",
    ".....k-//k......",
    "......k-/k......",
    ".......kk.......",
    "................",
]

FIRE_ELEMENTAL = [
    "......$.........",
    ".....$%$...$....",
    "....$|%|$.$%$...",
    "...$|||||$|%$...",
    "...k|e|e|k|$....",
    "...k|||||k$.....",
    "..kk|___|kk.....",
    ".k|||___|||k....",
    "k|||____|||k....",
    "k|k||___||k|k...",
    ".k.k|||||k.k....",
    "...k|||||k......",
    "..k|||k|||k.....",
    "..k||k.k||k.....",
    ".87778.87778....",
    "8777778777778...",
]

GOBLIN_CONJURER = [
    "................",
    "......kkk.......",
    ".....k,,,k......",
    "....k,,,,,k.....",
    "....kkoookk.....",
    "....koeoeok.....",
    ".....kooook.....",
    "....k,,,,,,k.:..",
    "...k,,;,,;,,k:?.",
    "...ko,,;;,,,ok:.",
    "....k,,,,,,,k...",
    "....k,,,;,,,k...",
    "...k,,;,,,;,,k..",
    "...kkkkkkkkkkk..",
    "................",
    "................",
]

SPECTRAL_BLADE = [
    "................",
    "............k...",
    "...........k?k..",
    "..........k?:k..",
    ".........k?:k...",
    "........k?:k....",
    ".......k?:k.....",
    "......k?:k......",
    ".....k?:k.......",
    "..kk.k:k........",
    "...kk:k.........",
    "....kkk.........",
    "...k:kkk........",
    "..k:k..kk.......",
    "..kk............",
    "................",
]

GOBLIN_MYSTIC = [
    "................",
    "....^.....^.....",
    "...^..kkk..^....",
    "..^..k###k..^...",
    "..^.kkoookk.^...",
    "..^.koeoeok.^...",
    "..^..kooook.^...",
    "..^.k######k^...",
    "...k##`##`##k...",
    "...ko##``###ok..",
    "...^k#######k^..",
    "....k###`###k...",
    "...k##`###`##k..",
    "...kkkkkkkkkkk..",
    "................",
    "................",
]

ACID_MOUND = [
    "................",
    "................",
    "................",
    "................",
    "................",
    ".......kkk......",
    ".....kkuuukk....",
    "....kuuuuuuuk...",
    "...kuueuuueuuk..",
    "..kuuuuuuuuuuk..",
    "..kuuuuuuuuuUUk.",
    ".kUuuuuuuuuuUUk.",
    ".kUUuuuuuuUUUk..",
    "..kkUUUUUUUkk.u.",
    "....kkkkkkk..uUu",
    "..............u.",
]

PHANTOM = [
    "................",
    "......gggg......",
    ".....gaaaag.....",
    "....gaaaaaag....",
    "....ga9aa9ag....",
    "....gaaaaaag....",
    "...gaaa99aaag...",
    "...gaaaaaaaag...",
    "..gaaaaaaaaaag..",
    "..gaaaaaaaaaag..",
    "..gaaaaaaaaaag..",
    "..gaaaaaaaaaag..",
    "..gaagaagaagag..",
    "..g.g.gg.g.g.g..",
    "................",
    "................",
]


WARDEN = [
    ".kk..........kk.",
    "k*kk...kk...kk*k",
    "k**kkkk@@kkkk**k",
    ".k*k@@@@@@@@k*k.",
    "..kk@ze@@ez@kk..",
    "...k@@@@@@@@k...",
    "..kk@@zzzz@@kk..",
    ".k@@k@@@@@@k@@k.",
    "k@@@@k@zz@k@@@@k",
    "k@k@@@@zz@@@@k@k",
    "k@kk@@@@@@@@kk@k",
    ".kk.k@@@@@@k.kk.",
    "....k@@kk@@k....",
    "...k@@k..k@@k...",
    "..k**k....k**k..",
    "..kkkk....kkkk..",
]


ART = {
    "wall": wall(),
    "room floor": floor("f", "F", [(7, 7), (8, 8), (2, 12), (13, 3)]),
    "corridor floor": floor("c", "C", [(3, 4), (11, 2), (6, 10), (12, 12), (9, 6)]),
    "closed door": door("shut"),
    "open door": door("open"),
    "locked door": door("shut", "locked"),
    "player": PLAYER,
    "stairs down": stairs(True),
    "stairs up": stairs(False),
    "key": KEY,
    "rat": RAT,
    "jackal": JACKAL,
    "goblin": GOBLIN,
    "orc": ORC,
    "ogre": OGRE,
    "troll": TROLL,
    "heartstone": RELIC,
    "lab corridor": floor("l", "L", [(3, 4), (11, 2), (6, 10), (12, 12), (9, 6)]),
    "potion": POTION,
    "scroll": SCROLL,
    "weapon": WEAPON,
    "armour": ARMOUR,
    "thrown": THROWN,
    "wand": WAND,
    "kobold": KOBOLD,
    "monkey": MONKEY,
    "goblin archer": GOBLIN_ARCHER,
    "bloat": BLOAT,
    "vampire bat": VAMPIRE_BAT,
    "centaur": CENTAUR,
    "dagger": DAGGER,
    "axe": AXE,
    "mace": MACE,
    "grass": grass(),
    "shallow water": waves("3", "4"),
    "deep water": waves("5", "6"),
    "lava": speckle("7", "8", 5, 1),
    "chasm": chasm(),
    "bridge": bridge(),
    "ashes": speckle("!", "@", 9, 2),
    "trap": TRAP,
    "fire": FIRE,
    "gas": GAS,
    "gold": GOLD,
    "ration": RATION,
    "will-o'-wisp": WISP,
    "imp": IMP,
    "goblin shaman": GOBLIN_SHAMAN,
    "salamander": SALAMANDER,
    "eel": EEL,
    "pink jelly": PINK_JELLY,
    "giant spider": GIANT_SPIDER,
    "rock worm": ROCK_WORM,
    "fire elemental": FIRE_ELEMENTAL,
    "goblin conjurer": GOBLIN_CONJURER,
    "spectral blade": SPECTRAL_BLADE,
    "goblin mystic": GOBLIN_MYSTIC,
    "acid mound": ACID_MOUND,
    "phantom": PHANTOM,
    "warden": WARDEN,
    "ring": RING,
    "staff": STAFF,
    "charm": CHARM,
    "spear": SPEAR,
    "war axe": WAR_AXE,
    "rapier": RAPIER,
    "war hammer": HAMMER,
    "crystal": CRYSTAL,
    "torch": torch(),
    "glowing fungus": fungus(),
    "mossy wall": mossy_wall(),
    "rooted floor": rooted_floor(),
    "deep wall": deep_wall(),
    "bone floor": bone_floor(),
    "remains": REMAINS,
    "worn armour": worn_armour(),
}


def tiles():
    """The pictures in the order tiles.txt gives their names."""
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "tiles.txt"), encoding="utf-8") as f:
        names = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    missing = [n for n in names if n not in ART]
    unused = [n for n in ART if n not in names]
    assert not missing and not unused, f"tiles.txt and the drawings differ: {missing} {unused}"
    return [ART[n] for n in names]


def png(width, height, pixels):
    """An indexed PNG (a palette of the drawings' colours, their alpha in tRNS): a third the bytes
    of RGBA, and the tileset is built into every download of the game."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    colours = sorted({px for row in pixels for px in row}, key=lambda c: (c[3] != 0, c))
    assert len(colours) <= 256, f"{len(colours)} colours: too many for a palette"
    index = {c: i for i, c in enumerate(colours)}
    raw = b"".join(b"\x00" + bytes(index[px] for px in row) for row in pixels)
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    plte = b"".join(bytes(c[:3]) for c in colours)
    trns = bytes(c[3] for c in colours)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"PLTE", plte)
        + chunk(b"tRNS", trns)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main():
    width, height = COLS * T, ROWS * T
    pixels = [[PAL["."]] * width for _ in range(height)]
    for index, art in enumerate(tiles()):
        assert len(art) == T and all(len(r) == T for r in art), f"tile {index} is not {T}x{T}"
        ox, oy = (index % COLS) * T, (index // COLS) * T
        for y, row in enumerate(art):
            for x, ch in enumerate(row):
                pixels[oy + y][ox + x] = PAL[ch]
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tileset.png")
    with open(out, "wb") as f:
        f.write(png(width, height, pixels))
    print(f"wrote {out} ({width}x{height})")


if __name__ == "__main__":
    main()
