"""What the player is told about the records: a place in a table that was entered
while the game was away, and a records file that could not be read or written.
Each message is a literal for the catalogue's scan (tests/test_i18n.py), so the
kinds of problem are branches here, not a table."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game import i18n
from game.logfile import LOG_NAME
from game.rules import get_ruleset
from game.small_files import READ_ONLY_FILE, UNREADABLE_FILE
from game.store import (
    CANNOT_CONTINUE,
    CUT_SHORT,
    DAMAGED_LEFT,
    IN_MEMORY,
    LOG_SET_ASIDE,
    NEWER,
    READ_FAILED,
    REMOVED,
    RULES_MISSING,
    SALVAGED,
    SAVE_FAILED,
    SET_ASIDE,
    UNFINISHED_DAMAGED,
    Problem,
)
from game.store.database import MENDED_ELSEWHERE, OPEN_ELSEWHERE
from game.store.score_keeping import MissedEntry
from game.store.scores import NO_INITIALS

if TYPE_CHECKING:  # the commands that read records import no pygame through here
    from game.audio import Sounds


class Notice:
    """A line of the menu's notices, put in words each time it is shown: the player
    may change the language before reading it, and the first notices are made before
    the settings say which language the player chose."""

    def __init__(self, say: Callable[[], str], key: str = "") -> None:
        self._say = say
        self.key = key  # notices of one key replace each other (see refuse_arcade)

    def __str__(self) -> str:
        return self._say()

    @classmethod
    def of_record_problem(cls, problem: Problem) -> Notice:
        # a save that failed is keyed by its kind: taken back once the saves are made
        key = SAVE_FAILED if problem.kind == SAVE_FAILED else ""
        return cls(partial(record_notice, problem), key=key)

    @classmethod
    def of_missed_entry(cls, entry: MissedEntry) -> Notice:
        return cls(partial(missed_entry_notice, entry))


def places_salvaged(count: int) -> str:
    """Said once for the places a salvaged file's games earned again, as no one's (one
    notice for each of them filled the menu's notices)."""
    places = i18n.n_(
        "{n} place in the high-score tables was entered again",
        "{n} places in the high-score tables were entered again",
        count,
    )
    return i18n._(
        "{places} from the games the damaged records file kept, under {initials}:"
        " whose they were was lost with its tables.",
        places=places,
        initials=NO_INITIALS,
    )


def missed_entry_notices(entries: list[MissedEntry]) -> list[Notice]:
    """The notices of places entered at a start: a salvaged file's, more than one, in
    one notice (one each filled the menu's notices), the others each in its own."""
    salvaged = [entry for entry in entries if entry.salvaged]
    if len(salvaged) < 2:
        return [Notice.of_missed_entry(entry) for entry in entries]
    said = Notice(partial(places_salvaged, len(salvaged)))
    return [said, *(Notice.of_missed_entry(entry) for entry in entries if not entry.salvaged)]


def missed_entry_notice(entry: MissedEntry) -> str:
    if entry.salvaged:  # not "closed before its initials were entered", which it was not
        table = (
            i18n._("the arcade table")
            if entry.ruleset is None
            else i18n._(
                "the table for {name} (deal {deal})",
                name=i18n.localized(get_ruleset(entry.ruleset).name),
                deal=entry.deal,
            )
        )
        return i18n._(
            "Place {n} in {table} was entered again under {initials}: it was lost with the"
            " damaged part of the records file.",
            n=entry.place,
            table=table,
            initials=entry.initials,
        )
    if entry.ruleset is None:
        return i18n._(
            "Place {n} in the arcade table was recorded under {initials}: the last run"
            " was closed before its initials were entered.",
            n=entry.place,
            initials=entry.initials,
        )
    return i18n._(
        "Place {n} in the table for {name}, deal {deal}, was recorded under {initials}:"
        " the game was closed before its initials were entered.",
        name=i18n.localized(get_ruleset(entry.ruleset).name),
        deal=entry.deal,
        n=entry.place,
        initials=entry.initials,
    )


def settings_read_notices(
    set_aside: str | None, unread: tuple[str, ...], file: str
) -> list[Notice]:
    """What reading the settings file found, for the menu's notices: the file set aside
    under the name `set_aside` (its own, `file`, where it could not be moved: "set aside
    as settings.json" said of a file left where it was), or settings of it that went
    back to their defaults."""
    found = []
    if set_aside and set_aside == file:  # it could not be moved (a read-only folder)
        found.append(
            Notice(
                lambda: i18n._(
                    "The settings file {name} is damaged: the defaults are used until it is"
                    " mended or removed.",
                    name=set_aside,
                )
            )
        )
    elif set_aside:
        found.append(
            Notice(
                lambda: i18n._(
                    "The settings file was damaged and was set aside as {name}.", name=set_aside
                )
            )
        )
    if unread:
        found.append(
            Notice(
                lambda: i18n.n_(
                    "{file}: {keys} could not be read and went back to its default.",
                    "{file}: {keys} could not be read and went back to their defaults.",
                    len(unread),
                    file=file,
                    keys=", ".join(_setting_named(key) for key in unread),
                )
            )
        )
    return found


def sound_notices(sounds: Sounds) -> list[Notice]:
    """What is said of the sound at the start: no device, or files that could not be
    loaded. Asking opens the device (done at the first sound, it would stall a frame)."""
    if not sounds.available:
        return [Notice(no_sound)]
    unloaded = sounds.unloaded
    return [Notice(partial(sounds_unloaded, unloaded))] if unloaded else []


def no_sound() -> str:
    return i18n._("No sound device was found: the game plays silently.")


def sounds_unloaded(files: tuple[str, ...]) -> str:
    """Sound files that could not be loaded: those sounds are silent, and only the log
    said so (a game whose win rang with no sound, the player none the wiser)."""
    return i18n.n_(
        "The sound file {files} could not be loaded: that sound stays silent."
        " Installing the game again brings it back.",
        "The sound files {files} could not be loaded: those sounds stay silent."
        " Installing the game again brings them back.",
        len(files),
        files=", ".join(files),
    )


def settings_problem(reason: str, reading: bool) -> str:
    """Why the settings are not kept: the file could not be read (`reading`), or the
    settings cannot be saved."""
    if reading:  # the player's settings were not read, where "cannot be saved" told of changes
        return i18n._(
            "The settings file cannot be read ({reason}): the game starts with its"
            " defaults, and changes last until it is closed; the file is left as it is.",
            reason=system_reason(reason),
        )
    return i18n._(
        "The settings cannot be saved ({reason}): they last until the game is closed.",
        reason=system_reason(reason),
    )


def record_notice(problem: Problem, details: bool = False) -> str:
    """The records' problem in words; with `details` (the command line's, in English)
    a damaged part is named as the log names it."""
    if problem.kind == SET_ASIDE:
        return i18n._(
            "The records file was damaged: it was set aside as {name} and a new one was started.",
            name=problem.detail,
        )
    if problem.kind == LOG_SET_ASIDE:
        return i18n._(
            "The records file was missing, but its journal was there, with games that may"
            " be in it: the journal was set aside as {name} and a new records file was"
            " started.",
            name=problem.detail,
        )
    if problem.kind == DAMAGED_LEFT:
        return i18n._(
            "The records file {name} is damaged: what still reads is shown, and the game"
            " sets the file aside when it next starts.",
            name=problem.detail,
        )
    if problem.kind == SALVAGED:
        games, entries = problem.numbers
        return i18n._(
            "What of it could still be read was copied into the new one: {games} and {entries}.",
            games=i18n.n_("{n} game", "{n} games", games),
            entries=i18n.n_("{n} high-score entry", "{n} high-score entries", entries),
        )
    if problem.kind == NEWER:
        return i18n._(
            "The records file is from a newer Piramida and was left untouched:"
            " this session's games are not saved."
        )
    if problem.kind == RULES_MISSING:
        return i18n._(
            "An unfinished game cannot be continued while its rules file ({name}) is left"
            " out. It stays in the history.",
            name=f"{problem.detail}.toml",
        )
    if problem.kind == CUT_SHORT:
        return i18n._(
            "An unfinished game's record is damaged from move {n} on:"
            " Continue takes it up from the move before.",
            n=problem.numbers[0],
        )
    if problem.kind == CANNOT_CONTINUE:
        # the replay's fault is in the log: it is in English and of use to no player
        return i18n._(
            "An unfinished game cannot be continued: its record is damaged."
            " It stays in the history."
        )
    if problem.kind == UNFINISHED_DAMAGED:
        return i18n._(
            "An unfinished game could not be read: its record is damaged, so it cannot be"
            " continued."
        )
    if problem.kind == READ_FAILED:
        return i18n._(
            "Some records could not be read ({reason}): they are skipped and the rest are shown.",
            reason=problem.detail
            if details
            else system_reason(problem.detail, otherwise=i18n._("the file is damaged")),
        )
    if problem.kind == SAVE_FAILED:
        return i18n._(
            "A game could not be saved ({reason}); play goes on and saving will be retried.",
            reason=system_reason(problem.detail),
        )
    if problem.kind == REMOVED:
        return i18n._(
            "The records file {name} was deleted while the game was running: a new one was"
            " started.",
            name=problem.detail,
        )
    assert problem.kind == IN_MEMORY
    if problem.detail == UNREADABLE_FILE and not details:
        return i18n._(
            "The records file may not be read: your past games and scores are not shown, and"
            " the file is left as it is. This session's games are kept until you quit."
        )
    if details:  # a command reads the file and saves nothing: it keeps no games either
        return i18n._("The records file cannot be opened ({reason}).", reason=problem.detail)
    return i18n._(
        "The records cannot be saved ({reason}): this session's games are kept until you quit.",
        reason=system_reason(problem.detail),
    )


def unsaved_at_quit(detail: str) -> str:
    """Said when the player quits with games this session could not save: quitting
    again loses them (a game given up on a full disk came back in play, two moves
    short, and a win's place was lost, unsaid)."""
    return i18n._(
        "Some games are not saved yet ({reason}): make room, then quit again, and they are"
        " saved as the game closes. Quit again with no room, and what they lack is lost.",
        reason=system_reason(detail),
    )


def system_reason(detail: str, otherwise: str | None = None) -> str:
    """Why the system or SQLite refused a file, in the player's language where it is a
    reason we know: they give theirs in English whatever the language. A reason we do
    not know is `otherwise`, if given, else the detail itself where the player reads
    English and a pointer to the log where not."""
    known = {
        "Permission denied": i18n._("no permission"),
        "Is a directory": i18n._("there is a folder where the file should be"),
        "Not a directory": i18n._("there is a file where a folder should be"),
        "File exists": i18n._("there is a file where a folder should be"),
        "No space left on device": i18n._("the disk is full"),
        "database or disk is full": i18n._("the disk is full"),
        "Read-only file system": i18n._("the disk is read-only"),
        READ_ONLY_FILE: i18n._("the file is read-only"),
        UNREADABLE_FILE: i18n._("no permission to read it"),
        # SQLite says so of a file in a folder it may not write in too
        "attempt to write a readonly database": i18n._("the file or its folder is read-only"),
        "unable to open database file": i18n._("the file cannot be opened"),
        "disk I/O error": i18n._("the disk failed to read or write"),
        "database is locked": i18n._("another program is using the file"),
        "database disk image is malformed": i18n._("the file is damaged"),
        MENDED_ELSEWHERE: i18n._("another window of the game is mending it"),
        OPEN_ELSEWHERE: i18n._(
            "it is damaged, and another window of the game has it open: close them all,"
            " and it is mended at the next start"
        ),
    }
    return known.get(detail, in_english_only(detail) if otherwise is None else otherwise)


def in_english_only(detail: str) -> str:
    """A program's own English detail (a broken file's line and column, SQLite's words),
    shown as it is to a player who reads English; in another language, where to find
    it (every such detail is logged where it arises, and the log kept in a file)."""
    if i18n.language() == "en":
        return detail
    return i18n._("the details are in the log file {name}", name=LOG_NAME)


def file_problem(problem: str) -> str:
    """A data file's problem ("arcade.toml: level 6: …") as the file's name, and what
    is wrong with it where the player reads English."""
    name, _sep, why = problem.partition(": ")
    return f"{name} ({in_english_only(why)})"


def level_problem(problem: str) -> str:
    """A rules file left out, and why."""
    return i18n._("A rules file was skipped: {reason}", reason=file_problem(problem))


def _setting_named(key: str) -> str:
    """A setting of the settings file as Settings names it, and as the file does, for
    the one who edits it (the file's keys alone were English in a Russian notice)."""
    from game.ui.labels import setting_name

    name = setting_name(key)
    return key if name == key else i18n._("“{name}” ({key})", name=name, key=key)
