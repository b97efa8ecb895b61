"""The Balmy Balloonists table: adapter and strings, screen, tabs, dialogs and kv."""
