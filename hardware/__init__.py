"""Device adapters, each behind a small interface with a simulated twin.

buttons (GPIO buttons -> HardwareEvents), strip (backends that write LED frames),
buzzer (warn and expire sounds), dice (the serial dice-reader protocol and a
reconnecting reader), sim (what `--simulate` wires), events (the HardwareEvent every
device puts on the app's queue), errors (the DeviceError a device raises).

Nothing here imports the app: a device takes plain values (any object with the
settings it reads) and says what went wrong in plain English. See WIRING.md for the
pins and the dice-reader protocol.
"""

import logging

# A library's loggers stay silent until the application configures logging; without
# this, Python's last-resort handler would print every warning to stderr.
logging.getLogger(__name__).addHandler(logging.NullHandler())
