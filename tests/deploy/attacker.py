"""The service user attacking deploy/install.sh: run as that user (setpriv), it watches
one folder it owns with inotify and acts the moment install.sh acts there.

    attacker.py SPEC_JSON

SPEC: {"dir": the folder to watch, "mode": "link" or "alternate", ...}
- "link": every entry someone else creates in the folder (or, with "on": "attrib",
  changes the owner or mode of) is swapped at once for a symbolic link to "file" (for a
  file) or "folder" (for a folder); the moved original keeps a ".moved" name. What root
  does next through that name reaches the target.
- "alternate": the file "name" is replaced (rename, as an editor saves) by the next of
  "texts" each time a reader closes it: a file that reads differently every time;
  every open of it is counted.

It prints "ready" once it watches; when its stdin closes it prints one JSON line,
{"opens": N, "acted": [names]}, and ends. Standard library only (ctypes for inotify).
"""

from __future__ import annotations

import ctypes
import json
import os
import select
import struct
import sys
from typing import Any

IN_OPEN = 0x20
IN_CLOSE_NOWRITE = 0x10
IN_ATTRIB = 0x4
IN_CREATE = 0x100
IN_ISDIR = 0x40000000
HEADER = struct.Struct("iIII")


class Watch:
    def __init__(self, folder: str, mask: int) -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        self.fd = libc.inotify_init1(os.O_CLOEXEC)
        if self.fd < 0 or libc.inotify_add_watch(self.fd, folder.encode(), mask) < 0:
            raise OSError(ctypes.get_errno(), "inotify")

    def events(self) -> list[tuple[int, str]]:
        data = os.read(self.fd, 65536)
        found, pos = [], 0
        while pos < len(data):
            _wd, mask, _cookie, length = HEADER.unpack_from(data, pos)
            raw = data[pos + HEADER.size : pos + HEADER.size + length]
            found.append((mask, raw.rstrip(b"\0").decode()))
            pos += HEADER.size + length
        return found


class Attack:
    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.folder: str = spec["dir"]
        self.opens = 0
        self.acted: list[str] = []
        self.mine: set[str] = set()
        self.turn = 0

    def mask(self) -> int:
        if self.spec["mode"] == "alternate":
            return IN_OPEN | IN_CLOSE_NOWRITE
        return IN_ATTRIB if self.spec.get("on") == "attrib" else IN_CREATE

    def on(self, mask: int, name: str) -> None:
        if self.spec["mode"] == "link":
            self.link(mask, name)
        elif name == self.spec["name"]:
            self.alternate(mask)

    def link(self, mask: int, name: str) -> None:
        if not mask & self.mask() or name in self.mine or name in self.acted:
            return
        path = os.path.join(self.folder, name)
        target = self.spec["folder"] if mask & IN_ISDIR else self.spec["file"]
        try:
            os.rename(path, path + ".moved")
            os.symlink(target, path)
        except OSError:
            return  # gone already: root was quicker this time
        self.mine.update({name + ".moved", name})
        self.acted.append(name)

    def alternate(self, mask: int) -> None:
        if mask & IN_OPEN:
            self.opens += 1
            return
        self.turn += 1
        texts = self.spec["texts"]
        temp = os.path.join(self.folder, ".swap")
        with open(temp, "w", encoding="utf-8") as handle:
            handle.write(texts[self.turn % len(texts)])
        os.replace(temp, os.path.join(self.folder, self.spec["name"]))
        self.acted.append(str(self.turn))


def main() -> None:
    attack = Attack(json.loads(sys.argv[1]))
    watch = Watch(attack.folder, attack.mask())
    print("ready", flush=True)
    while True:
        ready, _, _ = select.select([watch.fd, sys.stdin], [], [])
        if watch.fd in ready:
            for mask, name in watch.events():
                attack.on(mask, name)
        if sys.stdin in ready and not sys.stdin.readline():
            break
    print(json.dumps({"opens": attack.opens, "acted": attack.acted}), flush=True)


if __name__ == "__main__":
    main()
