"""Device adapters, each behind a small interface with a simulated twin.

buttons (GPIO buttons -> HardwareEvents), strip (LED frames and backends), buzzer,
dice (the serial dice-reader protocol and a reconnecting reader), sim (what
`--simulate` wires), events (the HardwareEvent every device puts on the app's queue).
See WIRING.md for the pins and the dice-reader protocol.
"""

import logging

# A library's loggers stay silent until the application configures logging; without
# this, Python's last-resort handler would print every warning to stderr.
logging.getLogger(__name__).addHandler(logging.NullHandler())
