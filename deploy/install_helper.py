"""What deploy/install.sh does as root in folders the service user can write, done so
that the user has no way to make root act on anything else.

The user `companion` owns /etc/companion and /var/lib/companion: at any moment it can
swap a file there for another, or a folder for a symbolic link. So nothing here checks a
path and then acts on it: every folder is opened one name at a time without following
a link (a link is followed only where only root could have put it: in a folder that
root owns and nobody else may write), and every change is made on what was opened
(fchown, fchmod on the file descriptor), never on the name again.

    install_helper.py settings ROOT CONFIG EXAMPLE TEMPLATE OUTDIR
        Read the settings file once into OUTDIR (a private folder of root's), check the
        values install.sh uses (strip.type; the dice reader's USB ids: four hex digits),
        write OUTDIR/99-companion.rules from TEMPLATE with them, and print
        "STRIP VENDOR PRODUCT" ("-" for an id that is not set). Everything after reads
        the copy, never the file again.
    install_helper.py dir ROOT PATH MODE UID:GID
        A real folder with this owner and mode; a link or a file there is refused.
    install_helper.py new-file ROOT PATH SOURCE MODE UID:GID [--from OLD]
        PATH from SOURCE, only if PATH does not exist (whatever is there is kept); with
        --from, from the regular file OLD (read once, never through a link) if there
        is one, else from SOURCE.

ROOT stands for "/" (a fake root in the tests). Only the standard library is used: it
runs with the system python3 (`python3 -I`), before the venv exists. A refusal is one
line on stderr, `install.sh: ...`, and exit code 1.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import stat
import sys
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

MAX_SETTINGS_BYTES = 1024 * 1024  # what companion.config reads at most
MAX_MOVED_BYTES = 64 * 1024  # an environment file moved to root's folder: a few lines
STRIP_TYPES = ("none", "gpio-bar", "apa102", "ws2812")
USB_ID = re.compile(r"[0-9a-f]{4}")
ECHO_LIMIT = 60  # a value quoted back in a sentence is cut to this many characters
DICE_MARK = "@DICE@"
NO_DICE = "# (set [dice] vendor_id and product_id, then run install.sh again) "


class Refusal(Exception):
    """A sentence for the person running install.sh; nothing was changed by this step."""


# --- folders, one name at a time -------------------------------------------------------


def _names(path: str) -> list[str]:
    parts = [part for part in path.split("/") if part not in ("", ".")]
    if ".." in parts or not parts:
        raise Refusal(f"{path} is not a plain absolute path")
    return parts


def _only_root_writes(fd: int) -> bool:
    info = os.fstat(fd)
    return info.st_uid == 0 and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _open_folder(parent: int, name: str, where: str) -> int:
    """The folder `name` in `parent`; a link only where root alone could have put it."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
    try:
        return os.open(name, flags | os.O_NOFOLLOW, dir_fd=parent)
    except NotADirectoryError:
        if not stat.S_ISLNK(os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode):
            sentence = f"{where} is not a folder: move it away and run install.sh again"
            raise Refusal(sentence) from None
    if not _only_root_writes(parent):
        raise Refusal(
            f"{where} is a symbolic link in a folder another user can write; install.sh "
            "never follows such a link: remove it and run install.sh again"
        )
    return os.open(name, flags, dir_fd=parent)


def _walk(root: str, names: Sequence[str], *, create: bool) -> int:
    """The folder ROOT/names..., opened; missing ones made by root (0755) if `create`."""
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    where = ""
    try:
        for name in names:
            where += "/" + name
            if create:
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o755, dir_fd=fd)
            following = _open_folder(fd, name, where)
            os.close(fd)
            fd = following
    except BaseException:
        os.close(fd)
        raise
    return fd


def make_dir(root: str, path: str, mode: int, uid: int, gid: int) -> None:
    """A real folder at `path` owned by uid:gid with `mode`. A folder that is there
    already is taken only if root or uid:gid owns it; whatever is made or changed is
    changed through its file descriptor, so a link swapped in meanwhile is never touched."""
    *parents, name = _names(path)
    parent = _walk(root, parents, create=True)
    try:
        with contextlib.suppress(FileExistsError):
            os.mkdir(name, 0o700, dir_fd=parent)
        fd = _open_made_folder(parent, name, path)
    finally:
        os.close(parent)
    try:
        owner = os.fstat(fd).st_uid
        if owner not in (0, uid):
            raise Refusal(
                f"{path} belongs to the user with id {owner}, not to {uid}: move it away "
                "and run install.sh again"
            )
        os.fchown(fd, uid, gid)
        os.fchmod(fd, mode)  # after the owner: a change of owner may clear the setgid bit
    finally:
        os.close(fd)


def _open_made_folder(parent: int, name: str, path: str) -> int:
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        return os.open(name, flags, dir_fd=parent)
    except (NotADirectoryError, FileNotFoundError):
        raise Refusal(
            f"{path} is not a folder (a link or a file took its place while install.sh "
            "ran): move it away and run install.sh again"
        ) from None


def new_file(root: str, path: str, data: bytes, mode: int, uid: int, gid: int) -> bool:
    """`path` with `data` if nothing is there; False if something is (it is kept).
    Written under a new name, owner and mode set through its descriptor, then linked
    into place from that descriptor (/proc/self/fd): never opened nor linked through a
    name someone else could change (the folder's owner may swap the new name for a
    link the moment it appears)."""
    *parents, name = _names(path)
    parent = _walk(root, parents, create=True)
    temp = f".{name}.install-{secrets.token_hex(8)}"
    try:
        fd = os.open(
            temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
            0o600, dir_fd=parent,
        )  # fmt: skip
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fchown(fd, uid, gid)
            os.fchmod(fd, mode)
            os.fsync(fd)
            return _link_in(fd, parent, name)
        finally:
            os.close(fd)
            _remove(parent, temp)
    finally:
        os.close(parent)


def _link_in(fd: int, parent: int, name: str) -> bool:
    """The file open on `fd` under `name` in `parent`; False if something is there."""
    try:
        os.link(f"/proc/self/fd/{fd}", name, dst_dir_fd=parent, follow_symlinks=True)
    except FileExistsError:
        return False
    return True


def _remove(parent: int, name: str) -> None:
    # Gone or replaced by the folder's owner meanwhile: theirs to keep.
    with contextlib.suppress(OSError):
        os.unlink(name, dir_fd=parent)


# --- the settings, read once -------------------------------------------------------------


def read_once(root: str, path: str, limit: int = MAX_SETTINGS_BYTES) -> bytes | None:
    """The bytes of the regular file at `path`, read through one descriptor; None if
    there is none, or a symbolic link stands there (install.sh removes it)."""
    *parents, name = _names(path)
    try:
        parent = _walk(root, parents, create=False)
    except FileNotFoundError:
        return None
    try:
        fd = os.open(
            name,
            os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC,
            dir_fd=parent,
        )
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            return None
        raise Refusal(f"{path} cannot be read: {error.strerror}") from None
    finally:
        os.close(parent)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise Refusal(f"{path} is not a regular file: move it away and run install.sh again")
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise Refusal(f"{path} is larger than {limit // 1024} KiB, the most a settings file may be")
    return data


def shown(value: object) -> str:
    """A value as a sentence quotes it: JSON (escaped), cut to a readable length."""
    text = json.dumps(value, ensure_ascii=True) if isinstance(value, str) else repr(value)
    return text if len(text) <= ECHO_LIMIT else text[: ECHO_LIMIT - 1] + "…"


def parse(data: bytes, path: str) -> dict[str, object]:
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        detail = "it is not UTF-8 text"
    except tomllib.TOMLDecodeError as error:
        detail = str(error)
    except RecursionError:
        detail = "it is nested too deeply"
    except ValueError:
        detail = "it holds a number with too many digits"
    raise Refusal(f"the settings file {path} is not valid TOML: {detail}")


def _table(settings: Mapping[str, object], name: str) -> Mapping[str, object]:
    table = settings.get(name, {})
    if not isinstance(table, dict):
        raise Refusal(f"{name}: {shown(table)} is not a table of settings")
    return table


def strip_type(settings: Mapping[str, object]) -> str:
    kind = _table(settings, "strip").get("type", "none")
    if kind not in STRIP_TYPES:
        raise Refusal(f"strip.type: {shown(kind)} is not one of {', '.join(STRIP_TYPES)}")
    return str(kind)


def usb_id(dice: Mapping[str, object], key: str) -> str | None:
    """The id as udev reads it (lower case), None if not set; anything but four hex
    digits is refused before it reaches any file."""
    value = dice.get(key)
    if value is None or value == "":
        return None
    text = value.lower() if isinstance(value, str) and value.isascii() else ""
    if USB_ID.fullmatch(text) is None:
        raise Refusal(f'dice.{key}: {shown(value)} is not a USB id (four hex digits, e.g. "2341")')
    return text


def udev_rules(template: str, vendor: str | None, product: str | None) -> str:
    """The rules file: the dice reader's rule with its ids, or commented out without
    both. Only ids that are four hex digits go in: nothing else can reach the file."""
    if vendor is None or product is None:
        return "\n".join(
            NO_DICE + line[len(DICE_MARK) :] if line.startswith(DICE_MARK) else line
            for line in template.split("\n")
        )
    for value in (vendor, product):
        if USB_ID.fullmatch(value) is None:
            raise Refusal(f"{shown(value)} is not a USB id")
    return template.replace(DICE_MARK, "").replace("@VENDOR@", vendor).replace("@PRODUCT@", product)


def settings(root: str, config: str, example: str, template: str, outdir: str) -> str:
    """Read the settings once (the example if there are none), write the copy and the
    udev rules into `outdir`, and return the line install.sh reads."""
    data = read_once(root, config)
    if data is None:
        data = Path(example).read_bytes()
    _write_private(Path(outdir, "config.toml"), data)
    values = parse(data, config)
    strip = strip_type(values)
    dice = _table(values, "dice")
    vendor, product = usb_id(dice, "vendor_id"), usb_id(dice, "product_id")
    rules = udev_rules(Path(template).read_text(encoding="utf-8"), vendor, product)
    _write_private(Path(outdir, "99-companion.rules"), rules.encode("utf-8"))
    return f"{strip} {vendor or '-'} {product or '-'}"


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)


# --- the command line ----------------------------------------------------------------------


def _owner(text: str) -> tuple[int, int]:
    uid, _, gid = text.partition(":")
    return int(uid), int(gid)


def _content(root: str, source: str, old: Sequence[str]) -> bytes:
    """SOURCE's bytes, or with `--from OLD` the old file's where there is one."""
    match list(old):
        case []:
            return Path(source).read_bytes()
        case ["--from", path]:
            kept = read_once(root, path, MAX_MOVED_BYTES)
            return kept if kept is not None else Path(source).read_bytes()
    raise Refusal(f"new-file: unexpected {shown(' '.join(old))}")


def main(argv: Sequence[str]) -> int:
    try:
        match list(argv):
            case ["settings", root, config, example, template, outdir]:
                print(settings(root, config, example, template, outdir))
            case ["dir", root, path, mode, owner]:
                make_dir(root, path, int(mode, 8), *_owner(owner))
            case ["new-file", root, path, source, mode, owner, *old]:
                data = _content(root, source, old)
                new_file(root, path, data, int(mode, 8), *_owner(owner))
            case _:
                raise Refusal(f"install_helper.py: unknown command {shown(' '.join(argv))}")
    except Refusal as refusal:
        print(f"install.sh: {refusal}", file=sys.stderr)
        return 1
    except OSError as error:
        where = f" ({error.filename})" if error.filename else ""
        print(f"install.sh: {error.strerror}{where}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
