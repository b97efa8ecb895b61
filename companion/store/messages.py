"""Every sentence the store says, in English; the other languages are in companion/i18n."""

from __future__ import annotations

from companion.core.messages import Catalog

M = Catalog(
    "store",
    {
        "already_running": "The companion is already running on this data folder ({folder}): "
        "use that one, or close it first",
        "already_running_pid": "The companion is already running on this data folder "
        "({folder}, process {pid}): use that one, or close it first",
        "app_running": "The companion app is running on this data folder ({folder}): close "
        "it first, then import the file again",
        "backup_bad": "The copy in {path} did not check out ({reason}): it was not kept",
        "backup_damaged": "{path} is damaged ({reason}): nothing was restored",
        "backup_failed": "The backup could not be written to {path} ({reason})",
        "backup_full": "The disk that holds {path} is full: the backup was not written",
        "backup_is_live": "{path} is the database itself: name another file for the backup",
        "backup_newer": "{path} was written by a newer version of the companion (schema "
        "{found}, this version knows {known}): update the companion first. Nothing was "
        "restored",
        "backup_no_folder": "There is no folder {folder} to write the backup into",
        "backup_not_a_file": "{path} is a folder or a device, not a file",
        "backup_read_only": "{path} cannot be written (a read-only disk or folder, or no "
        "permission): the backup was not written",
        "backup_source_damaged": "The database {path} is damaged ({reason}): no backup was made",
        "backup_unreadable": "{path} could not be read ({reason}): nothing was restored",
        "bad_log": "Game {id} cannot be restored: {reason}",
        "busy": "The database {path} is busy: another program has held it for {seconds} s. "
        "Close that program and try again",
        "busy_action": "Another program is using the database: this action was not saved. "
        "Try again",
        "busy_change": "Another program is using the database: this change was not saved. "
        "Try again",
        "busy_read": "Another program is using the database {path}: close it and try again",
        "cannot_create": "Cannot create the database in {folder}: {reason}",
        "disk_full_action": "The disk is full: this action was not saved",
        "disk_full_change": "The disk is full: this change was not saved",
        "disk_full_open": "The disk that holds {path} is full: free some space and start "
        "again (nothing was changed)",
        "foreign_wal": "The file {wal} beside the database {path} belonged to another "
        "database: it was moved to {moved}. Nothing was deleted.",
        "full_read_only": "The disk that holds {path} is full: the games can be read, but "
        "nothing new can be saved until some space is freed",
        "game_missing": "The database {path} no longer holds game {id}, whose actions up to "
        "number {acknowledged} were saved: an older copy of its files was put back, or "
        "another program changed them",
        "import_running": "A game file is being imported into this data folder ({folder}): "
        "wait until it is done, then try again",
        "io_error": "The database {path} could not be read or written ({reason}): check the "
        "disk or the memory card",
        "moved_aside": "The database {path} could not be opened ({reason}); it was moved to "
        "{moved} and a new one was started. Nothing was deleted.",
        "newer": "The database {path} was written by a newer version of the companion "
        "(schema {found}, this version knows {known}); update the companion",
        "no_backup": "There is no file {path}: nothing was restored",
        "no_game": "There is no game {id} in the database",
        "game_begun": "The game has begun: who starts is chosen before the first turn",
        "no_games": "There are no games in the database yet",
        "not_a_backup": "{path} is not a companion database (no backup of its games): "
        "nothing was restored",
        "nothing_to_back_up": "There is no database at {path} yet: nothing to back up",
        "not_ours": "The file {path} is not a companion database: it was moved to {moved} and "
        "a new one was started. Nothing was deleted.",
        "not_a_file": "The database {path} is not a regular file: move it away, or set "
        "COMPANION_DATA_DIR to another folder",
        "permission": "The companion may not use {path} (permission denied): give the user "
        "that runs it read and write access to it and to its folder",
        "restore_app_running": "The companion app is running on this data folder ({folder}): "
        "stop it first (on the Pi: sudo systemctl stop companion), then restore again",
        "restore_full": "The disk that holds {folder} is full: nothing was restored",
        "restore_is_live": "{path} is the database in use: name a backup file to restore",
        "restore_running": "A backup is being restored into this data folder ({folder}): "
        "wait until it is done, then try again",
        "run_as_owner": "The data folder {folder} belongs to the user {user}: run this as "
        "that user (sudo -u {user} ...), so that the files it makes stay theirs",
        "removed_action": "The database's files in {folder} were removed while the companion "
        "was running, and they cannot be written again ({reason}): this action was not saved",
        "removed_change": "The database's files in {folder} were removed while the companion "
        "was running, and they cannot be written again ({reason}): this change was not saved",
        "rolled_back": "The database {path} holds the actions of game {id} up to number "
        "{stored}, but up to number {acknowledged} were saved: an older copy of its files "
        "was put back, or another program changed them",
        "read_only_file": "The database {path} is read-only: make it writable (chmod u+w), "
        "or copy it to a folder where it can be written",
        "read_only_folder": "The folder {folder} cannot be written, so the database {path} "
        "cannot be used: make the folder writable, or set COMPANION_DATA_DIR to another one",
        "read_only_system": "The database {path} is on a read-only file system: mount it "
        "writable, or set COMPANION_DATA_DIR to a writable folder",
        "written_back": "The database's files in {folder} were removed while the companion was "
        "running: every game was written again to {path}. Nothing was lost.",
        "unrestorable": "Game {id} ({game}) cannot be restored: action {number} ({type}): {reason}",
        "unrestorable_at": "Game {id} ({game}) cannot be restored: action {number}: {reason}",
    },
    composed={"wal"},  # a path the store made
)
