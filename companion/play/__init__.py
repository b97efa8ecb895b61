"""What a game in play needs besides its screen, with no Kivy: the turn timer, the
recorder that writes the session to the store, the LED strip's frames, and the
devices wired from the settings."""
