"""The table skeleton every game's table stands on: the adapter protocol, the base
screen with its shared kv rules, and the shared dialogs."""
