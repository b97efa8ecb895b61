"""The screens besides the game tables, one module (and kv file) each, with the pure
data and text helpers of a screen beside it (`history_data.py`, `settings_data.py`)."""
