"""The Wyścig balonów table: adapter, screen, dialogs and kv."""
