#!/usr/bin/env bash
# Start the companion full screen inside a desktop session (the fallback when the
# kiosk service cannot take the screen through KMS/DRM). install.sh installs this as
# /opt/companion/bin/companion-desktop and starts it from /etc/xdg/autostart.
set -euo pipefail

# Beside the user's own companion settings (~/.config/companion, as the app names it).
kivy_home="${XDG_CONFIG_HOME:-$HOME/.config}/companion/kivy"
if [[ ! -e "$kivy_home/config.ini" ]]; then
  mkdir -p "$kivy_home"
  cp /opt/companion/share/kivy-desktop.ini "$kivy_home/config.ini"
fi
export KIVY_HOME="$kivy_home" KIVY_NO_ARGS=1 LG_WD="${XDG_RUNTIME_DIR:-/tmp}"
exec /opt/companion/venv/bin/companion run --fullscreen --config /etc/companion/config.toml "$@"
