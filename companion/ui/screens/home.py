"""Home: every unfinished game (its players, the game, where it stands and when it
was last played) to resume, or to abandon with a hold (it is kept, marked; Undo
brings it back while home shows, History's Resume later); a new
game; the store's notice when a damaged database was moved aside; the hardware's
state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion import games
from companion.core.errors import CompanionError
from companion.core.messages import Message
from companion.store import SessionRow, UnrestorableGameError
from companion.ui.context import running_app
from companion.ui.screen import AppScreen
from companion.ui.screens.history_data import local_date
from companion.ui.strings import UI
from companion.ui.widgets import AskView

if TYPE_CHECKING:
    from companion.ui.app import CompanionApp


def resume_message(row: SessionRow) -> Message:
    """ "Wyścig balonów, round 3, Kasia's turn" from a stored game's summary, in the
    words of the game's table (imported only now: home's first frame needs no
    table), under its title ("Carcassonne, Kasia's turn")."""
    from companion.ui.tables import adapter

    title = games.title(row.game, row.setup.options)
    return adapter(row.game).resume_line(title, row.summary or {})


def details(row: SessionRow) -> Message:
    """ "Kasia, Ola, Jan · last played 2025-03-14 21:30" """
    return UI("unfinished_detail", players=", ".join(row.setup.names), when=local_date(row.updated))


class UnfinishedRow(BoxLayout):
    """One unfinished game: a tap resumes it, a hold on its right abandons it."""

    session_id = NumericProperty(0)
    title = ObjectProperty(None, allownone=True)
    detail = ObjectProperty(None, allownone=True)
    hinted = BooleanProperty(False)  # a tap too short to abandon: "hold it 1 second"


class ResumeTap(ButtonBehavior, BoxLayout):
    title = ObjectProperty(None, allownone=True)
    detail = ObjectProperty(None, allownone=True)


class HomeScreen(AppScreen):
    games = NumericProperty(0)  # unfinished games listed
    more = NumericProperty(0)  # of them, the ones not wholly in sight: scroll for them
    abandoned = NumericProperty(0)  # the game just abandoned, while Undo is offered
    abandoned_line = ObjectProperty(None, allownone=True)  # "Abandoned: ..." beside Undo
    notice = ObjectProperty(None, allownone=True)  # the store's moved-aside notice
    problem = ObjectProperty(None, allownone=True)  # what went wrong with the last tap

    @property
    def app(self) -> CompanionApp:
        return running_app()

    def on_kv_post(self, base_widget: object) -> None:
        view = self.ids.unfinished
        view.bind(scroll_y=self._count_more, size=self._count_more)
        self.ids.games.bind(height=self._count_more)

    def _count_more(self, *_: object) -> None:
        """The games of the list not wholly in sight, above or below what it shows."""
        view, box = self.ids.unfinished, self.ids.games
        if box.height <= view.height + 0.5:
            self.more = 0
            return
        bottom = (box.height - view.height) * view.scroll_y  # in the list's own frame
        top = bottom + view.height
        self.more = sum(1 for row in box.children if row.y < bottom - 0.5 or row.top > top + 0.5)

    def prepare(self) -> None:
        self.notice = self.app.store.notice_message
        self.problem = None
        self.abandoned, self.abandoned_line = 0, None  # Undo is offered while home shows
        self.show_games()

    def show_games(self) -> None:
        box = self.ids.games
        box.clear_widgets()
        rows = []
        for row in self.app.store.sessions(finished=False):
            try:
                title = resume_message(row)
            except CompanionError:
                title = UI("resume_title", game=row.game)  # a game this version lacks
            rows.append(UnfinishedRow(session_id=row.id, title=title, detail=details(row)))
        for widget in rows:
            box.add_widget(widget)
        self.games = len(rows)

    # -- taps ----------------------------------------------------------------------
    def resume(self, session_id: int) -> None:
        self.problem = None
        try:
            self.app.games.open_session(session_id)
        except UnrestorableGameError as error:
            self._offer(error)
        except CompanionError as error:
            self.problem = error.message

    def _offer(self, error: UnrestorableGameError) -> None:
        """A stored log that does not replay: say which game and action, and offer to
        resume up to the last good action (the rest is kept, marked undone)."""
        AskView(
            error.message,
            [
                (UI("cancel"), lambda: None),
                (UI("resume_upto", good=error.good), lambda: self._resume_upto(error)),
            ],
        ).open()

    def _resume_upto(self, error: UnrestorableGameError) -> None:
        try:
            self.app.store.keep_first(error.session_id, error.good)
            self.app.games.open_session(error.session_id)
        except CompanionError as failed:
            self.problem = failed.message

    def abandon(self, session_id: int) -> None:
        """Held: the game is given up. Kept in the database and in History."""
        app = self.app
        if app.model is not None and app.model.session_id == session_id:
            app.model.close()
            app.model = None
        try:
            row = app.store.session_row(session_id)
            app.store.abandon(session_id)
        except CompanionError as error:
            self.problem = error.message
        else:
            self.abandoned = session_id
            names = ", ".join(row.setup.names)
            title = games.title(row.game, row.setup.options)
            self.abandoned_line = UI("abandoned_line", game=title, players=names)
        self.show_games()

    def undo_abandon(self) -> None:
        """Undo beside "Abandoned: ...": the game is unfinished again, its log intact."""
        session_id, self.abandoned, self.abandoned_line = self.abandoned, 0, None
        if not session_id:
            return
        try:
            self.app.store.abandon(session_id, undo=True)
        except CompanionError as error:
            self.problem = error.message
        self.show_games()
