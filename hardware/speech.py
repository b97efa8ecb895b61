"""Spoken calls through `espeak-ng` (a Debian package that speaks all five of the
table's languages), on a worker thread of their own.

`Speaker.say()` never waits: it puts the call in a short queue under a lock held for
a few microseconds and returns, so the glass driver's thread (which sounds the
buzzer) and Kivy's never wait for a voice. The worker runs `espeak-ng` for one call
at a time. A call that waited too long is stale ("10 seconds left" said after the
end is wrong), so the worker drops it, and the queue keeps only the newest few: a
burst of turns ended quickly says the last one, not each in turn.

`render()` writes a call to a WAV file instead (the tests check it holds speech);
`espeak_path()` and `audio_cards()` are what `companion doctor` reports.
"""

from __future__ import annotations

import collections
import logging
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger(__name__)

Clock = Callable[[], float]
Run = Callable[[Sequence[str]], object]  # runs one espeak-ng command to its end

PROGRAM = "espeak-ng"
# espeak-ng's voice for each language of the table (British English, as the screens').
VOICES = {"en": "en-gb", "pl": "pl", "de": "de", "sv": "sv", "nl": "nl"}
STALE_S = 3.0  # a call not begun within this long after it was made is dropped
WAITING = 2  # calls that may wait behind the one being spoken; older ones are dropped
SPEAK_TIMEOUT_S = 15.0  # one call never holds the worker longer (a hung audio device)
WORDS_PER_MINUTE = 165  # a little slower than espeak-ng's 175: heard across a table
ASOUND_CARDS = Path("/proc/asound/cards")
NICE = 10  # the worker's and espeak-ng's nice level: after the buzzer's and the screen's


@dataclass(frozen=True)
class Call:
    text: str
    voice: str
    at: float  # when it was made, on the speaker's clock


def voice_for(language: str) -> str:
    return VOICES.get(language, VOICES["en"])


def command(text: str, voice: str, *, wav: Path | None = None) -> list[str]:
    """The espeak-ng command line that says `text` in `voice` (or writes it to `wav`).
    The text is one argument after `--`: a player's name is never read as an option."""
    out = ["-w", str(wav)] if wav is not None else []
    return [PROGRAM, "-v", voice, "-s", str(WORDS_PER_MINUTE), *out, "--", text]


def _run(args: Sequence[str]) -> object:
    return subprocess.run(
        list(args),
        check=True,
        capture_output=True,
        timeout=SPEAK_TIMEOUT_S,
        stdin=subprocess.DEVNULL,
    )


class Speaker:
    """Says calls one after another on its own thread until `close()`. `run` runs one
    command (espeak-ng by default; a test passes its own)."""

    def __init__(
        self,
        *,
        clock: Clock = time.monotonic,
        run: Run = _run,
        stale_s: float = STALE_S,
        waiting: int = WAITING,
    ) -> None:
        self.clock = clock
        self.stale_s = stale_s
        self.spoken = 0
        self.dropped = 0  # stale, or pushed out by newer calls
        self.failures = 0
        self.run = run  # one espeak-ng command to its end (a benchmark may render instead)
        self._calls: collections.deque[Call] = collections.deque()
        self._waiting = waiting
        self._ready = threading.Condition()
        self._closed = False
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._work, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str, language: str) -> None:
        """Queue `text` in `language`; returns at once."""
        call = Call(text, voice_for(language), self.clock())
        with self._ready:
            if self._closed:
                return
            self._calls.append(call)
            while len(self._calls) > self._waiting:
                self._calls.popleft()
                self.dropped += 1
            self._idle.clear()
            self._ready.notify()

    def wait_idle(self, timeout: float) -> bool:
        """Every call queued so far was spoken or dropped (tests and benchmarks)."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._calls.clear()
            self._idle.set()
            self._ready.notify()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=SPEAK_TIMEOUT_S + 1)

    def _next(self) -> Call | None:
        with self._ready:
            while not self._calls and not self._closed:
                self._idle.set()
                self._ready.wait()
            return None if self._closed else self._calls.popleft()

    def _work(self) -> None:
        _yield_cpu()
        while (call := self._next()) is not None:
            if self.clock() - call.at > self.stale_s:
                self.dropped += 1
                continue
            self._speak(call)

    def _speak(self, call: Call) -> None:
        try:
            self.run(command(call.text, call.voice))
            self.spoken += 1
        except (OSError, subprocess.SubprocessError) as error:
            self.failures += 1
            # Once in the log, not every call: a missing program stays missing.
            level = logging.WARNING if self.failures == 1 else logging.DEBUG
            log.log(level, "a spoken call failed: %s", error)


def _yield_cpu() -> None:
    """This thread, and the espeak-ng it starts (Linux gives a child the nice value of
    the thread that started it), last when the CPU is busy: the glass driver's thread
    and the screen's go first, a voice may start a few milliseconds later."""
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICE)
    except (OSError, AttributeError):  # not Linux: the voice keeps its priority
        log.debug("the speech thread keeps its priority")


def render(text: str, language: str, wav: Path) -> None:
    """Write `text` spoken in `language` to the WAV file `wav` (raises `OSError` or
    `subprocess.CalledProcessError` when espeak-ng cannot)."""
    _run(command(text, voice_for(language), wav=wav))


def espeak_path() -> str | None:
    """Where espeak-ng is installed, or None."""
    return shutil.which(PROGRAM)


def audio_cards(cards: Path = ASOUND_CARDS) -> list[str]:
    """The sound cards ALSA has ("vc4-hdmi-0", "USB Audio"): /proc/asound/cards lists
    each as ` 0 [vc4hdmi0 ]: vc4-hdmi - vc4-hdmi-0` and a line of detail."""
    try:
        lines = cards.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        head, sep, name = line.partition("]: ")
        if sep and head.strip()[:1].isdigit():
            found.append(name.split(" - ", 1)[-1].strip())
    return found
