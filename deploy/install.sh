#!/usr/bin/env bash
# Install the balloon-race companion on Raspberry Pi OS Bookworm or Trixie, 64-bit
# (a Pi 3, Zero 2 W, 4, 400 or 5; below 1 GB of memory it warns), from the project's
# folder (a clone, an unpacked release archive, or a copy from a USB stick):
#
#   sudo deploy/install.sh              install or update; a second run changes nothing
#   sudo deploy/install.sh --dry-run    print every step and its commands, change nothing
#   sudo deploy/install.sh --desktop    start the app from the desktop instead of the
#                                       kiosk service (when KMS/DRM does not work)
#   sudo deploy/install.sh --uninstall  remove what it added; keep the games and settings
#   sudo deploy/install.sh --any-debian on Debian Bookworm or Trixie that is not Raspberry
#                                       Pi OS (a PC, another image): only told, never guessed
#
# What it does, in order (docs/raspberry-pi.md lists the same steps): Debian packages;
# the groups video render touchscreen gpio spi dialout audio; the user `companion` in them (and
# out of `input`, which would let it read every input device, a keyboard too);
# /etc/companion/config.toml from deploy/config.example.toml unless one exists; Kivy's
# settings; a venv in /opt/companion with the project and the strip's extra; SPI on in
# config.txt for an SPI strip; the udev rules; the systemd unit, enabled; the polkit
# rule that lets the kiosk user switch the Pi off (the menu's "Shut down the Pi").
#
# Run as root, it never lets the service user `companion` reach root: that user owns
# /etc/companion and /var/lib/companion, so whatever install.sh does there goes through
# deploy/install_helper.py (a folder opened one name at a time without following a link,
# owner and mode set on what was opened, a file made under a new name and linked into
# place), the settings file is read once into a private copy that everything after
# reads, and the dice reader's ids are four hex digits or a refusal before any file.
#
# For tests: `--root DIR` (or COMPANION_ROOT=DIR) makes DIR stand for "/". Files are
# written under DIR, users and groups go to DIR/etc/passwd and DIR/etc/group
# (useradd --prefix), the unit is enabled with `systemctl --root`, and the commands that
# only act on the running system (daemon-reload, restart, udevadm) are skipped.
# apt-get, python3 and uname are the ones on PATH: a test puts stand-ins first on PATH.
set -euo pipefail

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HELPER=$SRC/deploy/install_helper.py
ROOT="${COMPANION_ROOT:-/}"
DRY_RUN=0
UNINSTALL=0
DESKTOP=0
ANY_DEBIAN=0
DESKTOP_USER="${SUDO_USER:-}"

APP_USER=companion
PREFIX=/opt/companion
VENV=$PREFIX/venv
CONF_DIR=/etc/companion
CONFIG=$CONF_DIR/config.toml
# Read by systemd as root: in a folder only root writes (not the service user's $CONF_DIR).
ENV_FILE=/etc/default/companion
OLD_ENV_FILE=$CONF_DIR/companion.env # where it was before: its settings move once
STATE_DIR=/var/lib/companion
KIVY_INI=$STATE_DIR/kivy/config.ini
UNIT=/etc/systemd/system/companion.service
RULES=/etc/udev/rules.d/99-companion.rules
POLKIT=/etc/polkit-1/rules.d/50-companion.rules
AUTOSTART=/etc/xdg/autostart/companion.desktop
WRAPPER=$PREFIX/bin/companion-desktop
DESKTOP_INI=$PREFIX/share/kivy-desktop.ini
STAMP=$VENV/.companion-installed
LOG=/var/log/companion-install.log
APP_GROUPS=(video render touchscreen gpio spi dialout audio)
# Every input device, a keyboard too: the service reads the touchscreens alone, through
# the group touchscreen (deploy/99-companion.rules); an older install put it in input.
WIDE_GROUP=input
CODENAMES=(bookworm trixie)
PY_MIN=11 # Python 3.11 .. 3.13: Kivy 2.3.1 has binary wheels for these
PY_MAX=13
# A 1 GB Pi reports about 900 MB (the GPU keeps the rest); a 512 MB one about 430.
LOW_MEMORY_KB=$((768 * 1024))
BLOCK_BEGIN="# >>> balloon companion (deploy/install.sh) >>>"
BLOCK_END="# <<< balloon companion <<<"

CHANGED=0
REBOOT=0
STRIP=none
DICE_VENDOR=""
DICE_PRODUCT=""
TMP=""

usage() {
  sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  echo "Options: --dry-run --desktop [--desktop-user NAME] --uninstall --any-debian --root DIR --help"
}

say() { printf '%s\n' "$*"; }
die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}

# --- where things are ----------------------------------------------------------------

live() { [[ "$ROOT" == / ]]; }
r() { printf '%s%s' "${ROOT%/}" "$1"; }
# useradd & co. and systemctl work on another root with these options.
PREFIX_OPT=()
SYSTEMCTL=(systemctl)

# --- doing things ----------------------------------------------------------------------

# step ID TEXT FUNCTION ARGS...: one change. With --dry-run the function runs with every
# command printed instead of run; otherwise it runs and the step is logged.
step() {
  local id=$1 text=$2
  shift 2
  CHANGED=$((CHANGED + 1))
  if ((DRY_RUN)); then
    say "would $id: $text"
  else
    say "doing $id: $text"
  fi
  "$@"
  ((DRY_RUN)) || record "$id: $text"
}

record() {
  mkdir -p "$(dirname "$(r "$LOG")")"
  printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >>"$(r "$LOG")"
}

run() {
  if ((DRY_RUN)); then
    say "    \$ $(printf '%q ' "$@")"
  else
    "$@"
  fi
}

# A command that only acts on the running system: skipped under a fake root.
run_live() {
  if live; then
    run "$@"
  else
    say "    (skipped: $ROOT is not the running system) $*"
  fi
}

# --- looking at things -------------------------------------------------------------------

package_installed() {
  local status
  status=$(dpkg-query --admindir="$(r /var/lib/dpkg)" -W -f='${db:Status-Status}' "$1" 2>/dev/null) || return 1
  [[ "$status" == installed ]]
}

group_exists() { awk -F: -v g="$1" '$1 == g { found = 1 } END { exit !found }' "$(r /etc/group)"; }
user_exists() { awk -F: -v u="$1" '$1 == u { found = 1 } END { exit !found }' "$(r /etc/passwd)"; }

user_in_group() {
  awk -F: -v u="$1" -v g="$2" '
    $1 == g { n = split($4, m, ","); for (i = 1; i <= n; i++) if (m[i] == u) found = 1 }
    END { exit !found }' "$(r /etc/group)"
}

# uid:gid of the app user from the (possibly fake) root's passwd; the name in a dry run.
owner() {
  local ids
  ids=$(awk -F: -v u="$APP_USER" '$1 == u { print $3 ":" $4 }' "$(r /etc/passwd)" 2>/dev/null || true)
  printf '%s' "${ids:-$APP_USER:$APP_USER}"
}

# "OWNER MODE" of a path, numeric, for comparing with what we want.
stat_of() { stat -c '%u:%g %a' "$(r "$1")" 2>/dev/null || true; }

same_file() { [[ -f "$(r "$2")" ]] && cmp -s "$1" "$(r "$2")"; }

source_hash() {
  (
    cd "$SRC"
    find pyproject.toml README.md companion hardware -type f \
      ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16
  )
}

# --- checks before anything ----------------------------------------------------------------

check_root() {
  [[ "$(id -u)" == 0 ]] && return 0
  ((DRY_RUN)) && { say "note: not root; a dry run only reads"; return 0; }
  die "it changes system files (packages, a user, a service), so it needs root: run it as sudo $0"
}

check_arch() {
  local machine
  machine=$(uname -m)
  case "$machine" in
    aarch64 | arm64 | x86_64) ;;
    armv6l | armv7l | armhf | i386 | i686)
      die "this is a 32-bit system ($machine); the companion needs 64-bit Raspberry Pi OS because Kivy has no 32-bit ARM build: flash the 64-bit image"
      ;;
    *) die "this machine ($machine) is not supported; the companion needs 64-bit Raspberry Pi OS on a Pi 3, Zero 2 W, 4, 400 or 5" ;;
  esac
}

# Every Pi that runs 64-bit Raspberry Pi OS runs the companion (the older ones have
# 32-bit cores, which check_arch refuses). Below 1 GB (a Zero 2 W, a Pi 3 A+) it runs
# with less to spare: say so, and where docs/raspberry-pi.md says what to expect.
check_board() {
  local model="" mem_kb="" file
  file=$(r /proc/device-tree/model)
  [[ -r "$file" ]] && model=$(tr -d '\0' <"$file")
  file=$(r /proc/meminfo)
  [[ -r "$file" ]] && mem_kb=$(sed -n 's/^MemTotal:[[:space:]]*\([0-9]*\) kB$/\1/p' "$file")
  [[ -n "$model" ]] && say "board: $model${mem_kb:+, $((mem_kb / 1024)) MB of memory}"
  if [[ -n "$mem_kb" ]] && ((mem_kb < LOW_MEMORY_KB)); then
    say "warning: less than 1 GB of memory ($((mem_kb / 1024)) MB): the companion runs, but keep other programs off this Pi, and use the kiosk service rather than the desktop (docs/raspberry-pi.md, \"Which Pi\")"
  fi
  return 0
}

check_os() {
  local file codename="" name="unknown" c
  file=$(r /etc/os-release)
  if [[ -r "$file" ]]; then
    codename=$(sed -n 's/^VERSION_CODENAME=//p' "$file" | tr -d '"')
    name=$(sed -n 's/^PRETTY_NAME=//p' "$file" | tr -d '"')
  fi
  local known=0
  for c in "${CODENAMES[@]}"; do [[ "$codename" == "$c" ]] && known=1; done
  ((known)) || die "this system is ${name:-unknown}; install.sh supports Raspberry Pi OS Bookworm and Trixie (64-bit)"
  # 64-bit Raspberry Pi OS calls itself Debian in os-release; its images have rpi-issue.
  [[ -f "$(r /etc/rpi-issue)" ]] && return 0
  ((ANY_DEBIAN)) && { say "note: not Raspberry Pi OS (no /etc/rpi-issue): installing on ${name} as told (--any-debian)"; return 0; }
  die "this system is ${name}, not Raspberry Pi OS (no /etc/rpi-issue): install.sh is made for Raspberry Pi OS Bookworm or Trixie (64-bit) on a Pi; to install on this system anyway, add --any-debian"
}

check_python() {
  local version minor
  command -v python3 >/dev/null || die "python3 is missing; Raspberry Pi OS always has it: is this Raspberry Pi OS?"
  version=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  minor=${version#3.}
  if [[ "$version" != 3.* ]] || ((minor < PY_MIN || minor > PY_MAX)); then
    die "Python $version is not supported: the companion needs Python 3.$PY_MIN to 3.$PY_MAX (Kivy 2.3.1 has binary wheels for those; Bookworm has 3.11, Trixie 3.13)"
  fi
}

check_source() {
  [[ -f "$SRC/pyproject.toml" && -f "$SRC/deploy/companion.service" ]] ||
    die "run it from the project's folder (deploy/install.sh next to pyproject.toml); $SRC is not one"
}

# --- reading the settings --------------------------------------------------------------------

# The settings file belongs to the service user, who may change it at any moment: it is
# read once (the example before the first install), as root, into $TMP, which only root
# can read; STRIP and the dice reader's ids come from that copy, checked, and so do the
# udev rules ($TMP/99-companion.rules) and check_config. companion.config validates the
# whole copy later, in the venv.
read_config() {
  local fields
  fields=$(python3 -I "$HELPER" settings "$ROOT" "$CONFIG" "$SRC/deploy/config.example.toml" \
    "$SRC/deploy/99-companion.rules" "$TMP") || die "fix $CONFIG and run install.sh again"
  read -r STRIP DICE_VENDOR DICE_PRODUCT <<<"$fields"
  [[ "$STRIP" =~ ^(none|gpio-bar|apa102|ws2812)$ && "$DICE_VENDOR" =~ ^([0-9a-f]{4}|-)$ &&
    "$DICE_PRODUCT" =~ ^([0-9a-f]{4}|-)$ ]] || die "the settings helper gave unexpected values"
  [[ "$DICE_VENDOR" == - ]] && DICE_VENDOR=""
  [[ "$DICE_PRODUCT" == - ]] && DICE_PRODUCT=""
  return 0
}

spi_strip() { [[ "$STRIP" == apa102 || "$STRIP" == ws2812 ]]; }

extras() {
  if spi_strip; then printf '[%s]' "$STRIP"; fi
}

# --- the steps ----------------------------------------------------------------------------

wanted_packages() {
  local packages=(python3 python3-venv python3-pip libegl1 libgles2 libgl1 libgl1-mesa-dri
    libgbm1 libdrm2 libmtdev1 polkitd espeak-ng)
  [[ "$(uname -m)" == aarch64 ]] && packages+=(python3-lgpio)
  spi_strip && packages+=(python3-spidev)
  [[ "$STRIP" == ws2812 ]] && packages+=(python3-dev gcc)
  printf '%s\n' "${packages[@]}"
}

ensure_packages() {
  local missing=() p
  while read -r p; do package_installed "$p" || missing+=("$p"); done < <(wanted_packages)
  ((${#missing[@]})) || return 0
  step packages "install Debian packages: ${missing[*]}" install_packages "${missing[@]}"
}

install_packages() {
  run apt-get update -q
  run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"
}

ensure_groups() {
  local g
  for g in "${APP_GROUPS[@]}"; do
    group_exists "$g" || step groups "add the group $g" run groupadd "${PREFIX_OPT[@]}" --system "$g"
  done
}

ensure_user() {
  user_exists "$APP_USER" || step user "add the system user $APP_USER (home $STATE_DIR, no login)" \
    run useradd "${PREFIX_OPT[@]}" --system --user-group --home-dir "$STATE_DIR" --no-create-home \
    --shell /usr/sbin/nologin --comment "balloon-race companion" "$APP_USER"
  local g missing=()
  for g in "${APP_GROUPS[@]}"; do
    user_in_group "$APP_USER" "$g" || missing+=("$g")
  done
  if ((${#missing[@]})); then
    local list
    list=$(IFS=,; printf '%s' "${missing[*]}")
    step membership "put $APP_USER in the groups ${missing[*]}" \
      run usermod "${PREFIX_OPT[@]}" --append --groups "$list" "$APP_USER"
  fi
  if group_exists "$WIDE_GROUP" && user_in_group "$APP_USER" "$WIDE_GROUP"; then
    step membership "take $APP_USER out of the group $WIDE_GROUP (every input device, a keyboard too: it reads only the touchscreens, as touchscreen)" \
      run usermod "${PREFIX_OPT[@]}" --remove --groups "$WIDE_GROUP" "$APP_USER"
  fi
  return 0
}

# The companion user owns /etc/companion and /var/lib/companion, so it can put a
# symbolic link (or a pipe) where one of our folders or files belongs: root following it
# would hand any folder to that user or write any file. Nothing under those folders is
# ever followed: a link there is removed (only the link; whatever it points at stays).
no_link() {
  local path=$1
  [[ -L "$(r "$path")" ]] || return 0
  step links "remove the symbolic link $path (install.sh never follows a link there)" \
    run rm -f "$(r "$path")"
}

# ensure_dir PATH MODE OWNER: a real directory (never a link) with this owner and mode.
ensure_dir() {
  local path=$1 mode=$2 who=$3
  no_link "$path"
  if [[ -e "$(r "$path")" && ! -L "$(r "$path")" && ! -d "$(r "$path")" ]]; then
    die "$path is not a folder: move it away and run install.sh again"
  fi
  [[ "$(stat_of "$path")" == "$who ${mode#0}" ]] && return 0
  step dirs "make $path ($mode)" run python3 -I "$HELPER" dir "$ROOT" "$path" "$mode" "$who"
}

ensure_dirs() {
  local who
  who=$(owner)
  ensure_dir "$PREFIX" 0755 0:0
  # The settings screen saves config.toml atomically (a new file beside it), so the app
  # user owns the folder; group companion (setgid) lets a desktop user save it too.
  ensure_dir "$CONF_DIR" 2775 "$who"
  ensure_dir "$STATE_DIR" 0750 "$who"
  ensure_dir "$STATE_DIR/kivy" 0750 "$who"
}

# copy_once SOURCE DEST MODE OWNER: write DEST from SOURCE only if DEST does not exist
# (a link there is removed first, never written through; `install` would chmod through
# a link swapped in after it wrote the file, the helper sets the mode on its descriptor).
copy_once() {
  local source=$1 dest=$2 mode=$3 who=$4
  no_link "$dest"
  [[ -e "$(r "$dest")" ]] && return 0
  step files "write $dest from ${source#"$SRC"/}" \
    run python3 -I "$HELPER" new-file "$ROOT" "$dest" "$source" "$mode" "$who"
}

# copy_same SOURCE DEST MODE: keep DEST identical to SOURCE (root-owned).
copy_same() {
  local source=$1 dest=$2 mode=$3
  same_file "$source" "$dest" && [[ "$(stat_of "$dest")" == "0:0 ${mode#0}" ]] && return 0
  step files "install $dest" run install -D -m "$mode" -o 0 -g 0 "$source" "$(r "$dest")"
}

ensure_settings() {
  local who
  who=$(owner)
  copy_once "$SRC/deploy/config.example.toml" "$CONFIG" 0664 "$who"
  ensure_env_file
  copy_once "$SRC/deploy/kivy-kms.ini" "$KIVY_INI" 0640 "$who"
}

# /etc/default/companion, once: from the old /etc/companion/companion.env if there is
# one (its settings are the service's own; read once, a link there never followed), else
# from deploy/companion.env.
ensure_env_file() {
  [[ -e "$(r "$ENV_FILE")" || -L "$(r "$ENV_FILE")" ]] && return 0
  local from="deploy/companion.env"
  [[ -f "$(r "$OLD_ENV_FILE")" && ! -L "$(r "$OLD_ENV_FILE")" ]] && from=$OLD_ENV_FILE
  step files "write $ENV_FILE from $from" run python3 -I "$HELPER" new-file "$ROOT" \
    "$ENV_FILE" "$SRC/deploy/companion.env" 0644 0:0 --from "$OLD_ENV_FILE"
}

ensure_venv() {
  local want have=""
  want="$(source_hash) extras=$(extras)"
  [[ -f "$(r "$STAMP")" ]] && have=$(<"$(r "$STAMP")")
  [[ -x "$(r "$VENV/bin/python")" && "$have" == "$want" ]] && return 0
  step venv "install the companion$(extras) into $VENV (Kivy as a binary wheel only)" install_venv "$want"
}

install_venv() {
  local src_copy
  src_copy=$(r "$PREFIX/src")
  run rm -rf "$src_copy"
  run copy_source "$src_copy"
  [[ -x "$(r "$VENV/bin/python")" ]] || run python3 -m venv --system-site-packages "$(r "$VENV")"
  run "$(r "$VENV/bin/python")" -m pip install --quiet --disable-pip-version-check \
    --only-binary kivy "$src_copy$(extras)"
  # Same version number, new code: reinstall the project itself, not its dependencies.
  run "$(r "$VENV/bin/python")" -m pip install --quiet --disable-pip-version-check \
    --no-deps --force-reinstall "$src_copy"
  run write_text "$(r "$STAMP")" "$1"
}

# A copy of the clone for pip to build from (pip writes into the folder it builds, and
# the clone belongs to the user who made it).
copy_source() {
  mkdir -p "$1"
  tar -C "$SRC" --exclude=__pycache__ --exclude='*.egg-info' -cf - \
    pyproject.toml README.md companion hardware docs deploy | tar -C "$1" -xf -
}

write_text() { printf '%s\n' "$2" >"$1"; }

# The whole settings, validated by the app's own rules: the copy read_config made.
check_config() {
  local python
  python=$(r "$VENV/bin/python")
  [[ -x "$python" ]] || return 0
  "$python" - "$TMP/config.toml" "$CONFIG" <<'PY' || die "fix $CONFIG and run install.sh again"
import sys
from companion.config import load
from companion.core.errors import ConfigError
try:
    load(sys.argv[1])
except ConfigError as error:
    sys.exit(f"{sys.argv[2]}: {str(error).replace(sys.argv[1], sys.argv[2])}")
PY
}

config_txt() {
  local f
  for f in /boot/firmware/config.txt /boot/config.txt; do
    [[ -f "$(r "$f")" ]] && { printf '%s' "$f"; return 0; }
  done
  return 1
}

spi_done() {
  grep -Eq '^[[:space:]]*dtparam=spi=on' "$1" || return 1
  [[ "$STRIP" != ws2812 ]] || grep -q '^core_freq_min=500' "$1"
}

ensure_spi() {
  spi_strip || return 0
  local file
  if ! file=$(config_txt); then
    say "note: no /boot/firmware/config.txt (not a Raspberry Pi?): SPI left alone"
    return 0
  fi
  spi_done "$(r "$file")" && return 0
  step spi "switch SPI on in $file for the $STRIP strip (needs a reboot)" \
    run write_block "$(r "$file")"
  REBOOT=1
}

# Our lines at the end of config.txt between markers, so --uninstall can take them out.
write_block() {
  remove_block "$1"
  {
    printf '\n%s\n[all]\ndtparam=spi=on\n' "$BLOCK_BEGIN"
    # WS2812 timing on SPI needs a steady core clock on a Pi 4.
    [[ "$STRIP" == ws2812 ]] && printf '[pi4]\ncore_freq_min=500\n[all]\n'
    printf '%s\n' "$BLOCK_END"
  } >>"$1"
}

# Take our block out again, with the blank line write_block put before it.
remove_block() {
  local kept
  kept=$(awk -v begin="$BLOCK_BEGIN" -v end="$BLOCK_END" '
    skip { if ($0 == end) skip = 0; next }
    $0 == begin { skip = 1; if (blank > 0) blank--; next }
    $0 == "" { blank++; next }
    { for (; blank > 0; blank--) print ""; print }
    END { for (; blank > 0; blank--) print "" }' "$1")
  printf '%s\n' "$kept" >"$1"
}

has_block() { [[ -f "$1" ]] && grep -qxF "$BLOCK_BEGIN" "$1"; }

# read_config wrote the rules from the template with the checked ids.
ensure_rules() {
  local rendered="$TMP/99-companion.rules"
  same_file "$rendered" "$RULES" && return 0
  step udev "install the udev rules $RULES (dice reader: ${DICE_VENDOR:-?}:${DICE_PRODUCT:-?})" \
    install_rules "$rendered"
}

install_rules() {
  run install -D -m 0644 -o 0 -g 0 "$1" "$(r "$RULES")"
  run_live udevadm control --reload
  run_live udevadm trigger --subsystem-match=tty --subsystem-match=spidev --subsystem-match=gpio \
    --subsystem-match=input
}

ensure_unit() {
  same_file "$SRC/deploy/companion.service" "$UNIT" && return 0
  step unit "install the systemd unit $UNIT" install_unit
}

install_unit() {
  run install -D -m 0644 -o 0 -g 0 "$SRC/deploy/companion.service" "$(r "$UNIT")"
  run_live systemctl daemon-reload
}

# The kiosk user may ask logind to power off, nothing more (deploy/50-companion.rules).
ensure_polkit() {
  same_file "$SRC/deploy/50-companion.rules" "$POLKIT" && [[ "$(stat_of "$POLKIT")" == "0:0 644" ]] &&
    return 0
  step polkit "install the polkit rule $POLKIT (the kiosk user may switch the Pi off)" \
    run install -D -m 0644 -o 0 -g 0 "$SRC/deploy/50-companion.rules" "$(r "$POLKIT")"
}

service_enabled() { [[ "$("${SYSTEMCTL[@]}" is-enabled companion.service 2>/dev/null)" == enabled ]]; }

ensure_kiosk() {
  [[ -e "$(r "$AUTOSTART")" ]] && step desktop "remove the desktop autostart entry $AUTOSTART" \
    run rm -f "$(r "$AUTOSTART")"
  service_enabled && return 0
  step service "enable companion.service (starts at boot)" run "${SYSTEMCTL[@]}" enable companion.service
}

ensure_desktop() {
  [[ -n "$DESKTOP_USER" && "$DESKTOP_USER" != root ]] ||
    die "--desktop needs the desktop user: run it with sudo from that user, or add --desktop-user NAME"
  user_exists "$DESKTOP_USER" || die "there is no user $DESKTOP_USER for --desktop-user"
  service_enabled && step service "disable companion.service (the desktop starts the app)" \
    disable_service
  copy_same "$SRC/deploy/companion-desktop.sh" "$WRAPPER" 0755
  copy_same "$SRC/deploy/kivy-desktop.ini" "$DESKTOP_INI" 0644
  copy_same "$SRC/deploy/companion.desktop" "$AUTOSTART" 0644
  user_in_group "$DESKTOP_USER" "$APP_USER" || step membership \
    "put $DESKTOP_USER in the group $APP_USER (to save the settings)" \
    run usermod "${PREFIX_OPT[@]}" --append --groups "$APP_USER" "$DESKTOP_USER"
}

disable_service() {
  run "${SYSTEMCTL[@]}" disable companion.service
  run_live systemctl stop companion.service
}

restart_if_changed() {
  ((CHANGED && !DRY_RUN && !DESKTOP)) || return 0
  if live; then
    say "restarting companion.service to pick up the changes"
    systemctl restart companion.service || say "note: it did not start; see: journalctl -u companion -b"
  fi
}

# --- uninstall ------------------------------------------------------------------------------

uninstall() {
  service_enabled && step service "disable and stop companion.service" disable_service
  local path
  for path in "$UNIT" "$RULES" "$POLKIT" "$AUTOSTART"; do
    [[ -e "$(r "$path")" ]] && step files "remove $path" run rm -f "$(r "$path")"
  done
  [[ -e "$(r "$PREFIX")" ]] && step venv "remove $PREFIX (the venv and the app)" run rm -rf "$(r "$PREFIX")"
  local file
  if file=$(config_txt) && has_block "$(r "$file")"; then
    step spi "take the companion's lines out of $file" run remove_block "$(r "$file")"
  fi
  if ((CHANGED && !DRY_RUN)); then
    run_live systemctl daemon-reload
    run_live udevadm control --reload
  fi
  say "kept: the games in $STATE_DIR, the settings in $CONF_DIR and $ENV_FILE, the user $APP_USER and the Debian packages"
  say "      (to remove them too: sudo userdel $APP_USER; sudo rm -r $STATE_DIR $CONF_DIR $ENV_FILE)"
}

# --- main -----------------------------------------------------------------------------------

parse_args() {
  while (($#)); do
    case "$1" in
      --dry-run | -n) DRY_RUN=1 ;;
      --uninstall) UNINSTALL=1 ;;
      --desktop) DESKTOP=1 ;;
      --any-debian) ANY_DEBIAN=1 ;;
      --desktop-user)
        DESKTOP=1
        DESKTOP_USER=${2:?--desktop-user needs a name}
        shift
        ;;
      --root)
        ROOT=${2:?--root needs a folder}
        shift
        ;;
      -h | --help)
        usage
        exit 0
        ;;
      *) die "unknown option $1 (see --help)" ;;
    esac
    shift
  done
  [[ -d "$ROOT" ]] || die "--root $ROOT is not a folder"
  ROOT=$(cd "$ROOT" && pwd)
  if ! live; then
    PREFIX_OPT=(--prefix "$ROOT")
    SYSTEMCTL=(systemctl "--root=$ROOT")
  fi
}

summary() {
  if ((CHANGED == 0)); then
    if ((UNINSTALL)); then
      say "nothing to do: the companion is not installed"
    else
      say "nothing to do: the companion is already installed as configured"
    fi
  elif ((DRY_RUN)); then
    say "dry run: $CHANGED step(s) would be taken; nothing was changed"
  else
    say "done: $CHANGED step(s) taken"
    ((REBOOT)) && say "reboot now to switch SPI on: sudo reboot"
  fi
  return 0
}

main() {
  parse_args "$@"
  # Nothing run as root may pick up a module or a file from the folder it was started
  # in (python puts it on its path): that folder may be the service user's.
  cd /
  check_root
  check_arch
  check_board
  check_os
  check_python
  check_source
  live || say "note: $ROOT stands for / (test mode)"
  # A private folder of root's in /tmp, where the sticky bit keeps it ours.
  TMP=$(mktemp -d -p /tmp companion-install.XXXXXXXX)
  trap 'rm -rf "$TMP"' EXIT
  if ((UNINSTALL)); then
    uninstall
  else
    install_all
  fi
  summary
}

install_all() {
  read_config
  ensure_packages
  ensure_groups
  ensure_user
  ensure_dirs
  ensure_settings
  ensure_venv
  check_config
  ensure_spi
  ensure_rules
  ensure_unit
  ensure_polkit
  if ((DESKTOP)); then ensure_desktop; else ensure_kiosk; fi
  restart_if_changed
}

main "$@"
