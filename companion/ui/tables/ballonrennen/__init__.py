"""The Ballonrennen table: adapter and strings, screen, widgets and kv."""
