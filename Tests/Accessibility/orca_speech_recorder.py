"""A speech server for Orca that speaks nothing and writes down every utterance.

Orca loads its speech server by module name (settings.speechServerFactory, imported by speech._initSpeechServer);
orca_harness.py starts Orca with this module's name there and with ORCA_SPEECH_LOG naming the file. Each utterance is
one JSON line, written and flushed at once, so a test can read the file while Orca runs:

    {"t": 12.345, "kind": "speak", "text": "Send push button"}

kind is "speak" (speech.speak, and each chunk of a Say All), "char" (speech.speakCharacter: one character, as typed
characters and character navigation present it) or "key" (speech.speakKeyEvent: key echo, the key's name).
Only Orca's own process imports this module.
"""

import json
import os
import time

from gi.repository import GLib

from orca import speechserver

_log = None


def _write(kind, text):
    global _log
    if _log is None:
        _log = open(os.environ["ORCA_SPEECH_LOG"], "a", encoding="utf-8", buffering=1)
    _log.write(json.dumps({"t": round(time.monotonic(), 3), "kind": kind, "text": text}) + "\n")
    _log.flush()


class SpeechServer(speechserver.SpeechServer):
    _instance = None

    @staticmethod
    def getFactoryName():
        return "Recorder"

    @staticmethod
    def getSpeechServers():
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info=None):
        if SpeechServer._instance is None:
            SpeechServer._instance = SpeechServer()
        return SpeechServer._instance

    @staticmethod
    def shutdownActiveServers():
        SpeechServer._instance = None

    def getInfo(self):
        return ["Recorder", "recorder"]

    def getVoiceFamilies(self):
        return []

    def speak(self, text=None, acss=None, interrupt=True):
        if text:
            _write("speak", text)

    def speakCharacter(self, character, acss=None):
        _write("char", character)

    def speakKeyEvent(self, event, acss=None):
        name = event.getKeyName()
        locking = event.getLockingStateString()
        _write("key", ("%s %s" % (name, locking)).strip())

    def sayAll(self, utteranceIterator, progressCallback):
        # Each chunk is "spoken" at once, and Orca is told it began and ended, as a real synthesizer would, so Say All
        # moves on through the text (it moves the caret as chunks complete).
        def next_chunk():
            try:
                context, _acss = next(utteranceIterator)
            except StopIteration:
                return False
            _write("speak", context.utterance)
            context.currentOffset = context.startOffset
            progressCallback(context.copy(), speechserver.SayAllContext.PROGRESS)
            context.currentOffset = context.endOffset
            progressCallback(context.copy(), speechserver.SayAllContext.COMPLETED)
            return True

        GLib.idle_add(next_chunk)

    def stop(self):
        pass

    def shutdown(self):
        pass

    def reset(self, text=None, acss=None):
        pass
