"""tools/move_venv.py OLD NEW PYTHON: make the copy of a venv at NEW/.venv work there.

A venv names its folder (the scripts' first line, the editable install's paths) and its
interpreter (pyvenv.cfg, bin/python3): each is pointed at the copy, and at PYTHON (the
same Python version, one the copy's user may run). Used by tools/test-user.sh as root,
on a copy made of hard links: a file to change is replaced, never written in place.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def main(old: str, new: str, python: str) -> None:
    venv = Path(new) / ".venv"
    site = [*venv.glob("lib/python3*/site-packages")]
    files = [*venv.joinpath("bin").iterdir()]
    files += [f for s in site for f in (*s.glob("__editable__*"), *s.glob("*.pth"))]
    for path in files:
        if path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if old.encode() in data:
            replace(path, data.replace(old.encode(), new.encode()))
    link = venv / "bin" / "python3"
    if os.path.realpath(link) == os.path.realpath(python):
        return
    link.unlink()
    link.symlink_to(python)
    values = {"home": os.path.dirname(python), "executable": python}
    cfg = venv / "pyvenv.cfg"
    lines = []
    for line in cfg.read_text().splitlines():
        key = line.split("=", 1)[0].strip()
        lines.append(f"{key} = {values[key]}" if key in values else line)
    replace(cfg, ("\n".join(lines) + "\n").encode())


def replace(path: Path, data: bytes) -> None:
    """A new file in place of `path` (its link, not the file it shares with the original)."""
    new = path.with_name(path.name + ".moving")
    new.write_bytes(data)
    shutil.copymode(path, new)
    os.replace(new, path)


if __name__ == "__main__":
    main(*sys.argv[1:4])
