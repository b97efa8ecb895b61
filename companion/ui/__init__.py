"""The Kivy side: the App, one module per screen, widgets and the view-model.

Importing this package does not import Kivy; `companion.ui.boot` must configure
Kivy before anything else touches it.
"""
