"""Spoken calls (issue 33.5): every call of every language, rendered by the real
espeak-ng to a WAV file, holds speech of a plausible length; the speaker's worker never
makes its caller wait, drops a call gone stale and keeps only the newest waiting."""

from __future__ import annotations

import array
import shutil
import subprocess
import threading
import wave
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion.core.hourglass import FakeClock, HourglassEvent, Signal
from companion.i18n import languages, translator
from companion.play.calls import glass_call, turn_call
from hardware import speech
from hardware.speech import Speaker
from tests.waiting import limit

CALLS = {
    "turn": turn_call("Ola"),
    "ten_left": glass_call(HourglassEvent(Signal.WARNING, 10.0), "Ola"),
    "one_left": glass_call(HourglassEvent(Signal.WARNING, 1.0), "Ola"),
    "time_up": glass_call(HourglassEvent(Signal.EXPIRED, 0.0), "Ola"),
}
LOUD = 1000  # a 16-bit sample this far from silence is voice, not dither
WAIT_S = limit(10.0)


def heard(wav: Path) -> tuple[float, float]:
    """(seconds, the share of samples that are voice) of a 16-bit mono WAV file."""
    with wave.open(str(wav), "rb") as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
        rate, frames = sound.getframerate(), sound.readframes(sound.getnframes())
    samples = array.array("h", frames)
    loud = sum(1 for s in samples if abs(s) > LOUD)
    return len(samples) / rate, loud / max(1, len(samples))


@pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
@pytest.mark.parametrize("lang", languages())
def test_each_call_of_each_language_is_speech_of_a_plausible_length(
    lang: str, tmp_path: Path
) -> None:
    said = translator(lang, strict=True)
    for name, message in CALLS.items():
        wav = tmp_path / f"{name}.wav"
        speech.render(said(message), lang, wav)
        seconds, voiced = heard(wav)
        # Two to six syllables at 165 words a minute, and their pauses.
        assert 0.5 <= seconds <= 3.5, (lang, name, said(message), seconds)
        assert voiced >= 0.15, (lang, name, said(message), voiced)


def test_a_name_is_never_an_option() -> None:
    args = speech.command("-w /etc/passwd", speech.voice_for("pl"))
    assert args[-2:] == ["--", "-w /etc/passwd"] and args[1:3] == ["-v", "pl"]
    assert speech.voice_for("en") == "en-gb" and speech.voice_for("xx") == "en-gb"


class Voice:
    """A stand-in for espeak-ng that speaks until the test lets it finish."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.speaking = threading.Event()
        self.go_on = threading.Event()

    def __call__(self, args: Sequence[str]) -> object:
        self.said.append(args[-1])
        self.speaking.set()
        assert self.go_on.wait(WAIT_S)
        return None


def test_say_never_waits_and_only_the_newest_calls_wait() -> None:
    voice = Voice()
    speaker = Speaker(run=voice, waiting=2)
    try:
        speaker.say("Ola's turn", "en")
        assert voice.speaking.wait(WAIT_S)  # the worker speaks it, and is held there
        for text in ("10 seconds left", "5 seconds left", "Time's up, Ola"):
            speaker.say(text, "en")  # returns while the voice is busy
        voice.go_on.set()
        assert speaker.wait_idle(WAIT_S)
    finally:
        speaker.close()
    assert voice.said == ["Ola's turn", "5 seconds left", "Time's up, Ola"]
    assert (speaker.spoken, speaker.dropped) == (3, 1)


def test_a_call_gone_stale_is_dropped() -> None:
    voice, clock = Voice(), FakeClock()
    speaker = Speaker(run=voice, clock=clock, stale_s=3.0)
    try:
        speaker.say("Ola's turn", "en")
        assert voice.speaking.wait(WAIT_S)
        speaker.say("10 seconds left", "en")
        clock.advance(4.0)  # the first call took long: the warning is old news
        speaker.say("Time's up, Ola", "en")
        voice.go_on.set()
        assert speaker.wait_idle(WAIT_S)
    finally:
        speaker.close()
    assert voice.said == ["Ola's turn", "Time's up, Ola"]


def test_a_missing_program_is_counted_not_raised() -> None:
    def missing(args: Sequence[str]) -> object:
        raise FileNotFoundError(2, "No such file or directory", args[0])

    def failing(args: Sequence[str]) -> object:
        raise subprocess.CalledProcessError(1, list(args))

    for run in (missing, failing):
        speaker = Speaker(run=run)
        speaker.say("Ola's turn", "en")
        assert speaker.wait_idle(WAIT_S)
        speaker.close()
        assert (speaker.spoken, speaker.failures) == (0, 1)


def test_the_sound_cards_are_read_from_alsa(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.write_text(
        " 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n"
        "                      vc4-hdmi-0\n"
        " 1 [Device         ]: USB-Audio - USB Audio Device\n"
        "                      Generic USB Audio Device at usb-xhci-hcd.0-1, full speed\n",
        encoding="utf-8",
    )
    assert speech.audio_cards(cards) == ["vc4-hdmi-0", "USB Audio Device"]
    cards.write_text("--- no soundcards ---\n", encoding="utf-8")
    assert speech.audio_cards(cards) == []
    assert speech.audio_cards(tmp_path / "none") == []
