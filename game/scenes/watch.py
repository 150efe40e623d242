"""A replay played back on the table, animated, with pause, steps either way, speed and
restart.

The table scene does the drawing and the animation; here the moves come from
the replay instead of the player, nothing is recorded, and the end of the
game leads to the next replay (an arcade run holds several) or back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game import i18n
from game.i18n import _, n_
from game.rules import (
    Game,
    IllegalMove,
    Move,
    Outcome,
    ReplayError,
    check_claim,
    new_game,
    parse_move,
    replay_moves,
)
from game.rules.errors import quoted
from game.scenes.base import Scene
from game.scenes.results import verdict
from game.scenes.summary import GameSummary
from game.scenes.table import TableScene
from game.scenes.table_hud import HudFigures
from game.scenes.table_overlay import Banner
from game.store import DAILY, FREE, GameFacts
from game.store.saved import is_count, played_seconds
from game.ui import theme
from game.ui.keys import SPEED_KEYS
from game.ui.labels import points
from game.ui.pad import ButtonPad
from game.ui.pointer import POINTER_DOWN
from game.ui.widgets import Button, button_at

if TYPE_CHECKING:
    from game.app import App

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)  # the playback's speeds, shown as "×2"
START_SPEED = 2
MOVE_S = 0.7  # seconds between moves at ×1
FIRST_MOVE_S = 1.2
KEY_BUTTONS = {  # the keys of the playback's buttons
    pygame.K_SPACE: "pause",
    pygame.K_RIGHT: "step",
    pygame.K_LEFT: "step-back",
    **{key: "faster" if step > 0 else "slower" for key, step in SPEED_KEYS.items()},
    pygame.K_HOME: "start",
    pygame.K_END: "end",
    pygame.K_ESCAPE: "back",
}
# the keys that move the focus among the buttons and press the one it is on
FOCUS_KEYS = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER)


def key_captions() -> dict[str, str]:
    """The key shown under each playback button (the one KEY_BUTTONS gives it)."""
    return {
        "pause": _("Space"),
        "step": "→",
        "step-back": "←",
        "slower": "−",
        "faster": "+",
        "start": "Home",
        "end": "End",
        "back": "Esc",
    }


def played_out(replay: dict[str, Any]) -> Game:
    """A replay's game as far as its moves go: up to one that cannot be played, where
    the watching stops too (run_replay raised there, and a run's Next game crashed)."""
    game = new_game(replay)
    for text in replay_moves(replay):
        try:
            game.play(text)
        except IllegalMove:
            break
    return game


def ending(game: Game, stuck: bool = False, abandoned: bool = False) -> str:
    """How the watched game ended, in a sentence, as its results said it: "296 points
    left." alone did not say whether it was given up, stuck or left unfinished."""
    if game.won:
        return _("The patience came out.")
    left = points(game.score.remaining_points)
    if game.outcome == Outcome.RESIGNED:
        if abandoned:  # by a kiosk for a passer-by who walked away, or for a new game
            return _("Abandoned with {points} left.", points=left)
        if stuck:
            return _("The game was stuck: {points} left.", points=left)
        return _("Given up with {points} left.", points=left)
    if game.outcome == Outcome.NO_MOVES:
        return _("Out of moves with {points} left.", points=left)
    return _("Unfinished, with {points} left.", points=left)


def claim_doubted(game: Game, claim: object) -> str:
    """What the end of a replay says of its file's `result` where the moves played do
    not bear it out (see check_claim); nothing where they do, or it claims nothing.
    Watching a file sent as proof of a score showed its moves and said nothing of a
    score they did not make: only `piramida verify` compared them."""
    if claim is None:
        return ""
    try:
        check_claim(game, claim)
    except ReplayError:
        claimed = claim.get("remaining_points") if isinstance(claim, dict) else None
        left = game.score.remaining_points
        if is_count(claimed) and claimed != left:  # both said: more or fewer, it is not so
            return _(
                "Its file claims {points} left; its moves leave {left}.",
                points=points(claimed),
                left=left,
            )
        return _("Its file claims a result its moves do not make.")
    return ""


def speed_text(speed: float) -> str:
    """How fast the playback goes, as the bar shows it: ×¼, ×½, ×1, ×2, ×4."""
    return "×" + {0.25: "¼", 0.5: "½"}.get(speed, f"{speed:g}")


class WatchScene(TableScene):
    recorded = False

    def __init__(
        self,
        app: App,
        replays: list[dict[str, Any]],
        back: Callable[[], Scene] | None = None,
        index: int = 0,
        speed: int = START_SPEED,
    ) -> None:
        """`replays` are checked already (they re-run); the one at `index` is played, at
        `speed` (an index into SPEEDS)."""
        self.replays = replays
        self.replay_index = index
        self.paused = False
        self.speed = speed
        self.wait = FIRST_MOVE_S
        self.back_to = back
        self.script = replay_moves(replays[index])
        self.broken = False  # a move that cannot be played ended the replay early
        self.watched_noted = False  # its deal kept as watched, at its first move shown
        self.broken_why = ""  # and why it cannot, in the player's language
        self.broken_move = (0, "")  # the move that cannot be played: its number and text
        meta = replays[index].get("meta")
        facts = meta if isinstance(meta, dict) else {}
        # given up by a kiosk for a passer-by who walked away, or for a new game
        self.abandoned = facts.get("abandoned") is True
        self.saved_stuck = facts.get("stuck") is True  # as the results said it
        # a fortune's answer to its wish, as its results gave it (see the end's words)
        self.wish_made = facts.get("fortune") is True
        self.wish_replayed = facts.get("fortune_replayed") is True
        self.wish_helped = facts.get("assisted") is True
        self.moves_in_all = played_out(replays[index]).moves_made  # the top bar's "of 376"
        self.ended_stuck = False  # given up where no sequence of moves led anywhere
        self.search_aside: Iterator[bool | None] | None = None  # see _after_change
        self.pad = ButtonPad()
        # a day's deal is named so, as at its table (its number alone read as any deal's)
        mode = DAILY if facts.get("mode") == DAILY else FREE
        super().__init__(app, new_game(replays[index]), facts=GameFacts(mode=mode))
        # the top bar's verdict as the replay passes, not a minute's search at each
        # undecided position, a core's worth while the player only watched
        self.analysis.searches_longer = False
        # the clock shows the time the game took, not how long the replay has played
        self.seconds = played_seconds(replays[index])
        if len(replays) > 1:  # an arcade run: which of its games, where a deal's number stands
            self.run_place = _("Game {n} of {total}", n=index + 1, total=len(replays))
            level = self._level_name(replays, index)
            if level:  # a patience met twice in the ladder looked like the same level again
                self.announce(level)

    def _level_name(self, replays: list[dict[str, Any]], index: int) -> str:
        """Which level of the ladder the run's game at `index` was, in words: a game won
        climbs a level, one lost deals the level again. "" when this version's ladder
        does not have that level for this game (a run of another version)."""
        from game.ladder import load_ladder
        from game.rules import LevelError
        from game.scenes.arcade import level_name

        level = sum(1 for replay in replays[:index] if played_out(replay).won)
        try:
            ladder = load_ladder()
        except LevelError:
            return ""
        levels = ladder.levels
        if level >= len(levels) or levels[level].ruleset != self.game.ruleset.id:
            return ""
        if levels[level].options != self.game.options:
            return ""
        name = level_name(ladder, level)
        return _("Level {n} of {total}: {name}", n=level + 1, total=len(levels), name=name)

    def verdict_kept(self) -> bool:
        """A watched fortune keeps the solver's verdict for its end, as it was played:
        "Can be won" from its first move told its wish's answer before the cards did."""
        # nor where the watcher hid the verdict (Settings): no more told than at a table
        hidden = not self.app.settings.show_verdict
        return (self._as_played().wish_counts or hidden) and not self.game.over

    def _current_figures(self) -> HudFigures:
        return replace(super()._current_figures(), moves_of=self.moves_in_all)

    @property
    def step_count(self) -> int:
        return len(self.game.moves)

    # -- controls ------------------------------------------------------------------------

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self._update_buttons()

    def step(self) -> None:
        """One move now; stepping pauses the playback."""
        self.paused = True
        self._finish_animation()
        self._next_move()
        self._update_buttons()

    def _show_banner_default(self) -> None:
        """No focus shown at once on a replay's banner: while it shows none, the arrows
        still step the replay (see handle_event)."""

    def to_the_end(self) -> None:
        """Every move left played at once, to the game's end (To the end, End): a long
        game took minutes to reach its end even at the top speed."""
        self.paused = True
        self._finish_animation()
        with self.analysis.holding():
            # the moves but the last straight into the game: each one's flight, sound
            # and checks at the table froze a 2,000-move replay for 2 to 5 s. The last
            # (or one that cannot be played, which ends the replay there) is a step
            for text in self.script[self.step_count : -1]:
                try:
                    self.game.play(parse_move(text))
                except IllegalMove:
                    break
            if self.step_count < len(self.script):
                # whether the position the last move is played from is stuck, as each
                # step finds (see _after_change): a game given up there read "You gave
                # up" where stepped to its end it read stuck
                self._search_stuck()
                self.search_aside, self.stuck_search = self.stuck_search, None
                self._next_move()
        self._finish_animation()
        if self.celebration:  # the end's words at once, not a cascade first
            self._show_end()
        self._update_buttons()

    def step_back(self) -> None:
        """The last move taken back, flown back; the playback pauses, as a step does."""
        self.paused = True
        self.celebration = None
        self._undo()
        self._update_buttons()

    def faster(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self._update_buttons()

    def slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self._update_buttons()

    def watch_again(self) -> None:
        """From the start, playing: after stepping to the end the playback was paused."""
        self.paused = False
        self.from_start()

    def from_start(self) -> None:
        self._finish_animation()
        self.celebration = None
        self.game.restart()
        self.banner = None
        self.wait = FIRST_MOVE_S
        self._after_change()

    def back(self) -> None:
        self.go_back_to(self.back_to)

    # -- playing the script --------------------------------------------------------------

    def _next_move(self) -> None:
        played = self.step_count
        if played >= len(self.script):
            return
        if not self.watched_noted:  # its line seen: help with its deal (game.store.watched)
            self.app.records.note_watched(self.game)
            self.watched_noted = True
        # checked before it was shown (checked_replays); never expected: the replay ends
        # where its moves stop making sense, as said over the table
        try:
            move = parse_move(self.script[played])
            playable = self._play(move)
            # why, beside the banner that says it stops (a file edited by hand is shown):
            # asked only of a move refused, which left the position as it was
            reason = None if playable else self.game.refusal_reason(move)
        except IllegalMove as e:  # no move at all
            reason, playable = e.refusal, False
        if not playable:
            # named as `piramida replay` names it, for whoever mends the file
            self.broken_move = (played + 1, quoted(self.script[played]))
            self.script = self.script[:played]
            self.broken = True
            self.broken_why = i18n.refusal(reason, self._top_of) if reason else ""
            self._say("", 0.0)  # the banner says why: its box beside a pile said it twice
            self._show_end()
            self._update_buttons()

    def _playing(self) -> bool:
        return not (self.paused or self.celebration or self.step_count >= len(self.script))

    def update(self, dt: float) -> None:
        seconds = self.seconds
        self.analysis.pass_by(self._playing())
        super().update(dt)
        self.seconds = seconds
        if not self._playing() or self.unseen:  # minimised, it played on, rang and all
            return
        self.wait -= dt
        if self.wait <= 0 and not self.animator.busy:
            self.wait = MOVE_S / SPEEDS[self.speed]
            self._next_move()

    def _after_change(self) -> None:
        # a game given up stuck ends "stuck", as its results said: as its file says, or,
        # in a file saved before it said so, judged as the table judges it at the end
        # (see _stuck_at_the_end), from the search kept aside for it
        self.ended_stuck = False
        self.analysis.pass_by(self._playing())  # before the table asks of the position
        if self.game.outcome == Outcome.RESIGNED:
            self.stuck_search = self.search_aside
            self.ended_stuck = self.saved_stuck or self._stuck_at_the_end()
        super()._after_change()
        self.finishing = None  # the replay plays itself: no Finish offer
        # nor, found frames later, a stuck game's question
        self.search_aside, self.stuck_search = self.stuck_search, None
        if self.step_count >= len(self.script) and not self.game.won:
            self._show_end()
        elif self.banner is not None:
            self.banner = None  # a stuck position is the replay's story, not a question
        self._update_buttons()

    def _show_results(self, stuck: bool = False) -> None:
        self._show_end()

    def _finish_offered(self) -> list[Move] | None:
        return None  # the replay plays itself: "press Finish" was said, with no Finish

    def _show_end(self) -> None:
        self.celebration = None
        last = self.replay_index + 1 >= len(self.replays)
        buttons = [Button(_("Watch again"), self.watch_again, key="again")]
        if not last:  # first, where Enter goes: it watched the same game again
            buttons.insert(0, Button(_("Next game"), self._next_replay, key="next-game"))
        buttons.append(Button(_("Back"), self.back, key="leave"))
        text = _("The replay is over.")
        if not last:  # an arcade run's game but the last: that game is over, not the replay
            n, total = self.replay_index + 1, len(self.replays)
            text = _("Game {n} of {total} is over.", n=n, total=total)
        if self.broken and self.game.over:  # moves written past the game's end
            text = _("The replay is over.") + " " + ending(self.game, self.ended_stuck)
            text += " " + _("The file has moves after the game's end.")
        elif self.broken:  # not "Unfinished", of a game whose file is at fault
            n, move = self.broken_move
            text = _(
                "The replay stops here: its move {n}, “{move}”, cannot be played.", n=n, move=move
            )
            text += f" {self.broken_why}" if self.broken_why else ""
        else:  # how it ended: over an emptied table the banner said only that it stopped
            text += " " + ending(self.game, self.ended_stuck, self.abandoned)
            if self.wish_made and self.game.over:  # its answer, where it had only its score
                text += " " + verdict(self._as_played()) + "."
            doubted = claim_doubted(self.game, self.replays[self.replay_index].get("result"))
            if doubted:
                text += " " + doubted
            if last and len(self.replays) > 1:  # a run's end: its score, not its last game's
                text += " " + self._run_total()
        self.banner = Banner(text, buttons)  # Enter's, the first, in gold
        self.pad.show_focus = False  # the banner's buttons take the keys now
        self._show_focus()
        self._invalidate()

    def _as_played(self) -> GameSummary:
        """The watched game as its results saw it: the fortune's answer is theirs."""
        return GameSummary(
            self.game,
            self.seconds,
            assisted=self.wish_helped,
            fortune=self.wish_made,
            fortune_replayed=self.wish_replayed,
        )

    def _run_total(self) -> str:
        """The watched run's score in a sentence: a game won clears a level (see
        game.ladder.progress), and its points are its games' added up."""
        games = [played_out(r) for r in self.replays[:-1]] + [self.game]
        levels = n_("{n} level", "{n} levels", sum(g.won for g in games))
        left = points(sum(g.score.remaining_points for g in games))
        return _(
            "The run: {levels} cleared, {points} left in all its games.", levels=levels, points=left
        )

    def _next_replay(self) -> None:
        index = self.replay_index + 1
        app, replays, back, speed = self.app, self.replays, self.back_to, self.speed

        # the speed the player chose carries on to the run's next game
        app.switch(lambda: WatchScene(app, replays, back, index, speed))

    # -- buttons and input -----------------------------------------------------------------

    def _make_buttons(self) -> None:
        self.buttons = {
            "pause": Button(
                _("Pause"), self.toggle_pause, key="pause", labels=(_("Pause"), _("Resume"))
            ),
            "step-back": Button(_("Step back"), self.step_back, key="step-back"),
            "step": Button(_("Step"), self.step, key="step"),
            "start": Button(_("From the start"), self.from_start, key="start"),
            # a touch screen has no End key: a long game took minutes to watch to its end
            "end": Button(_("To the end"), self.to_the_end, key="end"),
            "slower": Button(_("Slower"), self.slower, key="slower"),
            "speed": Button("", lambda: None, key="speed", readout=True),
            "faster": Button(_("Faster"), self.faster, key="faster"),
            "back": Button(_("Back"), self.back, key="back"),
        }
        self.hud.captions = key_captions() if self.names_keys() else {}
        self.hud.set_buttons(list(self.buttons.values()))
        self._update_buttons()

    def _update_buttons(self) -> None:
        b = self.buttons
        more = self.step_count < len(self.script)
        # at the end, however it was reached (the End key pauses), nothing is to resume
        b["pause"].label = _("Resume") if self.paused and more else _("Pause")
        b["pause"].enabled = more
        b["step"].enabled = b["end"].enabled = more
        b["slower"].enabled = self.speed > 0
        b["faster"].enabled = self.speed < len(SPEEDS) - 1
        b["speed"].label = speed_text(SPEEDS[self.speed])
        b["start"].enabled = b["step-back"].enabled = self.game.can_undo
        focus = self.pad.focus_key
        self.pad.set(list(b.values()))
        # the focus stays on a button just turned off (Faster at the top speed): Enter
        # there does nothing, where moved on it would press a neighbour unasked
        self.pad.focus_key = focus or self.pad.focus_key
        self.hud.place_buttons()
        self._show_focus()

    def _show_focus(self) -> None:
        """The pad's focus, drawn as the table's banner draws its own: on the button's edge."""
        for b in self.buttons.values():
            b.focused = self.pad.show_focus and b.key == self.pad.focus_key
        self._buttons_dirty = True
        self.redraw = True

    def _mark_bar_focus(self) -> None:
        pass  # the bar is a pad, with a focus of its own (see _show_focus)

    def pointer_holds(self) -> bool:
        # the bar is the pad's, not the table's: a finger on Step lost its press to a palm
        return self.pad.holds()

    def repaint(self) -> None:
        """The keys' captions come once the keys are used (a replay opened by a tap had
        none for good); they stay, that the bar does not change height at every tap."""
        if self.names_keys() and not self.hud.captions:
            self.hud.captions = key_captions()
            self.resize(self.app.size)
        super().repaint()

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if self.celebration and (t == pygame.KEYDOWN or (t == POINTER_DOWN and event.button == 1)):
            self._show_end()  # as on the table, a click or a key cuts the leaps short
            return True
        if t == POINTER_DOWN and self.banner:
            pressed = button_at(self.banner.buttons, event.pos, self._touch_margin(event))
            if pressed:
                pressed.action()
                return True
        if t == pygame.KEYDOWN:
            button = self.buttons.get(KEY_BUTTONS.get(event.key, ""))
            # At the end of the replay its banner (Watch again, Next game, Back) takes the
            # arrows, Tab, Enter and Esc, but for a playback key whose button may act
            # while the banner shows no focus: ← steps back from the end, as its button
            # does (it only moved the focus); once → or Tab showed the focus, the arrows
            # move it both ways.
            focus_shown = self.banner is not None and any(b.focused for b in self.banner.buttons)
            playback = (
                button is not None
                and button.enabled
                and event.key != pygame.K_ESCAPE
                and not focus_shown
            )
            banner = self.banner is not None and bool(self.banner.buttons) and not playback
            if banner and self._banner_key(event.key, event.mod):
                return True
            if button is not None:
                if button.enabled:  # a key does what its button does, when it may
                    button.action()
                return True
            if event.key not in FOCUS_KEYS:
                return False
        # the bar's buttons answer the pointer and Tab, Up, Down and Enter as other screens'
        # do; Space and Right keep to Pause and Step, whatever has the focus
        used, changed = self.pad.handle_event(event, theme.ui_scale(self.app.size))
        if changed:
            self._show_focus()
        return used
