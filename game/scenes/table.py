"""The table: one game in play, by mouse, touch or keyboard, with animations and sound.

The scene reads the rules only through the rules API: legal moves, play,
undo/redo, outcome, and the events of each action, which it animates.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game import i18n
from game.app import STEP
from game.hints import suggest
from game.i18n import _
from game.render.animation import Animator, invert, tweens_for
from game.render.celebration import Celebration
from game.render.table_view import TableView
from game.rules import Action, Game, IllegalMove, Move, Outcome
from game.rules.analysis import finishing_moves, is_stuck
from game.rules.events import REDEAL, REMOVE, TURN
from game.rules.moves import MOVE, PAIR, SINGLE, STOCK_TURN, pair
from game.rules.moves import REDEAL as REDEAL_MOVE
from game.scenes.base import Scene
from game.scenes.summary import GameSummary
from game.scenes.table_hud import Hud, HudFigures, figures
from game.scenes.table_input import KeyboardFocus
from game.scenes.table_overlay import Banner, draw_banner, draw_legend
from game.ui.pointer import POINTER_DOWN, POINTER_MOVE, POINTER_UP
from game.ui.widgets import Button

DRAG_START_PX = 6
STATUS_S = 3.5
STUCK_LIMIT = 4000


@dataclass
class Press:
    """A pointer held down on the table, not yet a drag."""

    pile: str
    index: int
    pos: tuple[int, int]
    clicks: int
    source: str


@dataclass
class Drag:
    pile: str
    card: str
    offset: tuple[int, int]
    rect: pygame.Rect
    over: str | None = None  # the pile it would drop on


class TableScene(Scene):
    def __init__(self, app, game: Game, fortune_replayed: bool = False) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.game = game
        self.hud = Hud()
        self.view: TableView | None = None
        self.animator = Animator()
        self.selected: str | None = None
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.keys = KeyboardFocus()
        self.hint: Move | None = None
        self.refused_pile: str | None = None
        self.status = ""
        self.status_left = 0.0
        self.banner: Banner | None = None
        self.seconds = 0.0
        self.hints_used = 0
        self.assisted = False
        self.stuck: bool | None = False
        self.finishing: list[Move] | None = None
        self.autoplay: list[Move] = []
        self.celebration: Celebration | None = None
        self.fortune = bool(game.ruleset.table.get("fortune"))
        self.fortune_replayed = fortune_replayed
        self.wish_pending = self.fortune and not game.moves
        self.dealt = False
        self._static_valid = False
        self._moving: list[pygame.Rect] = []
        self._figures: HudFigures | None = None
        self._buttons_dirty = True
        self._make_buttons()

    # -- scene interface -------------------------------------------------------------

    def enter(self) -> None:
        super().enter()
        self._static_valid = False
        if not self.dealt and not self.wish_pending:
            self._deal()
        if self.wish_pending:
            self.banner = Banner(
                _("Make a wish. If the patience comes out, it will come true."),
                [Button(_("I have made my wish"), self._wish_made, key="wish")],
            )

    def resize(self, size: tuple[int, int]) -> None:
        area = self.hud.layout(size)
        if self.view is None:
            settings = self.app.settings
            self.view = TableView(self.game, area, settings.four_colour, settings.card_back)
        else:
            self.view.resize(area)
        self.animator.finish()
        self._invalidate()
        self._buttons_dirty = True

    def handle_event(self, event: pygame.event.Event) -> bool:
        t = event.type
        if t == POINTER_DOWN:
            return self._pointer_down(event)
        if t == POINTER_MOVE:
            return self._pointer_move(event)
        if t == POINTER_UP:
            return self._pointer_up(event)
        if t == pygame.KEYDOWN:
            return self._key(event)
        return False

    def update(self, dt: float) -> None:
        if self.animator.tweens:
            if self.animator.update(dt):
                self._invalidate()
            self.redraw = True
        else:
            self.animator.now += dt
        if self.app.active and self.game.moves and not self.game.over and not self.wish_pending:
            self.seconds += dt
        if self.status_left > 0:
            self.status_left -= dt
            if self.status_left <= 0:
                self.status = ""
                self.refused_pile = None
                self._invalidate()
        if self.autoplay and not self.animator.busy:
            self._play(self.autoplay.pop(0))
        if self.celebration:
            self.celebration.update(dt)
            self.redraw = True
            if self.celebration.done:
                self.celebration = None
                self._show_results()
        if figures(self.game, self.seconds) != self._figures:
            self.redraw = True

    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        assert self.view is not None
        size = surface.get_size()
        dirty: list[pygame.Rect] = []
        full = not self._static_valid
        if full:
            static = self._render_static(size)
            surface.blit(static, (0, 0))
            dirty.append(surface.get_rect())
        else:
            static = self.view.static
            assert static is not None
            current = figures(self.game, self.seconds)
            if current != self._figures:
                self._figures = current
                self.hud.draw_top(static, current)
                surface.blit(static, self.hud.top, self.hud.top)
                dirty.append(self.hud.top)
            if self._buttons_dirty:
                self.hud.draw_bottom(static)
                surface.blit(static, self.hud.bottom, self.hud.bottom)
                dirty.append(self.hud.bottom)
            for r in self._moving:
                surface.blit(static, r, r)
            dirty.extend(self._moving)
        self._buttons_dirty = False
        moving = self._draw_moving(surface, static, alpha)
        self._moving = moving
        if not full:
            dirty.extend(moving)
        return dirty

    def back(self) -> None:
        if self.selected or self.drag:
            self._cancel()
        else:
            self._to_menu()

    # -- drawing -------------------------------------------------------------------

    def _render_static(self, size: tuple[int, int]) -> pygame.Surface:
        assert self.view is not None
        hidden = self.animator.hidden()
        if self.drag:
            hidden.add((self.drag.pile, len(self.game.pile(self.drag.pile)) - 1))
        static = self.view.render_static(size, hidden, self._marks())
        if self.game.rules.family == "pyramid" and self.view.layout.legend:
            draw_legend(static, self.view.layout.legend, self.game)
        play_area = self.view.area
        cards = self.view.card_rects_in_view()
        if self.banner:
            draw_banner(static, play_area, self.banner, avoid=cards)
        elif self.status:
            draw_banner(static, play_area, Banner(self.status, []), small=True, avoid=cards)
        self._figures = figures(self.game, self.seconds)
        self.hud.draw_top(static, self._figures)
        self.hud.draw_bottom(static)
        self._static_valid = True
        return static

    def _draw_moving(
        self, surface: pygame.Surface, static: pygame.Surface, alpha: float
    ) -> list[pygame.Rect]:
        assert self.view is not None
        rects = []
        now = self.animator.now + alpha * STEP
        for tween in self.animator.tweens:
            if tween.begin > now:
                # not yet started: it waits where it comes from
                rect = tween.start
                self.view.draw_card(surface, tween.card, rect, tween.face_up_from)
            else:
                rect = self.view.draw_tween(surface, tween, now)
            rects.append(rect.inflate(4, 8))
        if self.drag:
            if self.drag.over:
                self.view.draw_mark(surface, self.view.top_rect(self.drag.over), "target")
                rects.append(self.view.top_rect(self.drag.over).inflate(16, 16))
            shadow = self.drag.rect.move(4, 6)
            shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
            pygame.draw.rect(
                shade, (0, 0, 0, 70), shade.get_rect(), border_radius=shadow.width // 12
            )
            surface.blit(shade, shadow)
            self.view.draw_card(surface, self.drag.card, self.drag.rect, True)
            rects.append(self.drag.rect.union(shadow).inflate(4, 4))
        if self.celebration:
            for card, rect in self.celebration.positions(self.view.layout.card):
                # drawn into the still picture too: the trail stays behind
                self.view.draw_card(static, card, rect, True)
                self.view.draw_card(surface, card, rect, True)
                rects.append(rect)
            self._moving = []
            return rects
        return rects

    def _marks(self) -> dict[str, str]:
        marks: dict[str, str] = {}
        if self.animator.busy or self.celebration or self.wish_pending:
            return marks
        for move in self.game.legal_moves:
            if move.kind in (PAIR, SINGLE):
                marks[move.a] = "playable"
                if move.kind == PAIR:
                    marks[move.b] = "playable"
            elif move.kind == MOVE and move.a not in ("st",) and move.b != "st":
                marks[move.a] = "playable"
        if self.selected:
            for target in self._targets(self.selected):
                marks[target] = "target"
            marks[self.selected] = "selected"
        if self.hint:
            marks[self.hint.a] = "hint"
            if self.hint.b and self.hint.b != "w":
                marks[self.hint.b] = "hint"
        if self.refused_pile:
            marks[self.refused_pile] = "refused"
        if self.keys.focus and self.keys.visible:
            marks[self.keys.focus] = "focus"
        return marks

    def _invalidate(self) -> None:
        self._static_valid = False
        self.redraw = True

    # -- buttons -------------------------------------------------------------------

    def _make_buttons(self) -> None:
        self.buttons = {
            "new": Button(_("New deal"), self._new_deal, key="new"),
            "restart": Button(_("Restart"), self._restart, key="restart"),
            "undo": Button(_("Undo"), self._undo, key="undo"),
            "redo": Button(_("Redo"), self._redo, key="redo"),
            "hint": Button(_("Hint"), self._hint, key="hint"),
            "finish": Button(_("Finish"), self._auto_finish, key="finish"),
            "resign": Button(_("Give up"), self._resign, key="resign"),
            "rules": Button(_("Rules"), self._rules, key="rules"),
            "menu": Button(_("Menu"), self._to_menu, key="menu"),
        }
        self.hud.set_buttons(list(self.buttons.values()))
        self._update_buttons()

    def _update_buttons(self) -> None:
        game = self.game
        over = game.over
        b = self.buttons
        b["undo"].enabled = game.can_undo and not self.celebration
        b["redo"].enabled = game.can_redo and not self.celebration
        b["restart"].enabled = game.can_undo and not self.celebration
        b["hint"].enabled = not over and bool(game.legal_moves)
        b["finish"].enabled = bool(self.finishing) and not self.autoplay
        b["resign"].enabled = not over
        self._buttons_dirty = True
        self.redraw = True

    # -- playing -------------------------------------------------------------------

    def _deal(self) -> None:
        assert self.view is not None
        self.dealt = True
        if self.game.moves:
            self._after_change()  # a game resumed mid-way: no deal to show
            return
        counts = self.view.counts()
        zero = {name: 0 for name in counts}
        stock = self.view.layout.spots["st"].rect
        tweens = tweens_for(
            self.game.deal_events,
            zero,
            counts,
            self.view.rects,
            self.view.face_up,
            self.animator.now,
            self.app.settings.animation_speed,
            deck_spot=stock,
        )
        self.animator.add(tweens)
        if tweens:
            self.app.sounds.play("deal")
        self._after_change()

    def _wish_made(self) -> None:
        self.wish_pending = False
        self.banner = None
        self._deal()

    def _play(self, move: Move, from_rect: pygame.Rect | None = None) -> bool:
        """Play a move with its animation; a refused move is explained. True if played."""
        assert self.view is not None
        self.animator.finish()
        before = self.view.counts()
        try:
            action = self.game.play(move)
        except IllegalMove as e:
            self._refuse(i18n.refusal(e.refusal), move)
            if from_rect is not None and self.drag:
                self._fly_back(from_rect)
            return False
        self._animate(action.events, before, from_rect)
        self._sound_for(action)
        self._after_change()
        return True

    def _animate(self, events, before, from_rect=None) -> None:  # type: ignore[no-untyped-def]
        assert self.view is not None
        tweens = tweens_for(
            events,
            before,
            self.view.counts(),
            self.view.rects,
            self.view.face_up,
            self.animator.now,
            self.app.settings.animation_speed,
        )
        if tweens and from_rect is not None:
            tweens[0].start = from_rect
        self.animator.add(tweens)

    def _fly_back(self, rect: pygame.Rect) -> None:
        """A refused drop: the card flies back home."""
        assert self.view is not None and self.drag is not None
        pile = self.drag.pile
        index = len(self.game.pile(pile)) - 1
        home = self.view.top_rect(pile)
        from game.render.animation import MOVE_S, Tween

        speed = self.app.settings.animation_speed
        if speed > 0:
            self.animator.add(
                [Tween(self.drag.card, rect, home, self.animator.now, MOVE_S / speed, pile, index)]
            )

    def _sound_for(self, action: Action) -> None:
        kinds = {e.kind for e in action.events}
        if REMOVE in kinds:
            self.app.sounds.play("pair")
        elif TURN in kinds or REDEAL in kinds:
            self.app.sounds.play("flip")
        else:
            self.app.sounds.play("place")

    def _refuse(self, reason: str, move: Move | None = None) -> None:
        self.app.sounds.play("refused")
        self._say(reason)
        if move is not None and move.b and move.b in (self.view.layout.spots if self.view else {}):
            self.refused_pile = move.b

    def _say(self, text: str, seconds: float = STATUS_S) -> None:
        self.status = text
        self.status_left = seconds
        self._invalidate()

    def _after_change(self) -> None:
        """After any change of position: marks, analysis, buttons, the end of the game."""
        self.selected = None
        self.hint = None
        self.refused_pile = None
        game = self.game
        engine = game.engine
        self.finishing = finishing_moves(engine, game.state)
        self.stuck = is_stuck(engine, game.state, STUCK_LIMIT) if not game.over else False
        self.banner = None
        if game.won:
            self.app.sounds.play("win")
            self._celebrate()
        elif game.outcome == Outcome.RESIGNED:
            self._show_results()
        elif game.over:
            self.app.sounds.play("lose")
            self.banner = Banner(
                _("No moves left."),
                [Button(_("See the result"), self._show_results, key="results")],
            )
        elif self.stuck:
            self.banner = Banner(
                _("No sequence of moves leads anywhere now: the game is stuck."),
                [Button(_("End the game"), self._resign, key="end")],
            )
        elif self.finishing and not self.autoplay:
            self._say(_("Every card can go home now: press Finish."), 5.0)
        self._update_buttons()
        self._invalidate()

    def _celebrate(self) -> None:
        assert self.view is not None
        cards = []
        for name in self.game.pile_names:
            if name[0] == "f" or name == "out":
                for card in self.game.pile(name):
                    rect = (
                        self.view.top_rect(name)
                        if name[0] == "f"
                        else self.view.layout.spots.get(name, None)
                    )
                    if rect is None:
                        continue
                    cards.append((card, rect if isinstance(rect, pygame.Rect) else rect.rect))
        random.Random(len(cards)).shuffle(cards)
        if self.app.settings.animation_speed <= 0:
            self._show_results()
            return
        self.celebration = Celebration(cards[-40:], self.view.area, seed=self.game.deal_number or 0)

    def _show_results(self) -> None:
        from game.scenes.results import ResultsScene

        summary = GameSummary(
            self.game,
            self.seconds,
            hints=self.hints_used,
            assisted=self.assisted,
            fortune=self.fortune,
            fortune_replayed=self.fortune_replayed,
        )
        self.app.switch(lambda: ResultsScene(self.app, summary))

    # -- buttons' actions ----------------------------------------------------------

    def _new_deal(self) -> None:
        game = Game(self.game.ruleset, self.game.options, deal=random.randrange(10**9))
        self.app.switch(lambda: TableScene(self.app, game))

    def _restart(self) -> None:
        self._finish_animation()
        if not self.game.can_undo:
            return
        self.game.restart()
        if self.fortune:
            self.fortune_replayed = True
        self.animator.finish()
        self._deal()

    def _undo(self) -> None:
        self._finish_animation()
        before = self.view.counts() if self.view else {}
        action = self.game.undo()
        if action is None:
            return
        self.autoplay.clear()
        self._animate(invert(action.events), before)
        self.app.sounds.play("pick")
        self._after_change()

    def _redo(self) -> None:
        self._finish_animation()
        before = self.view.counts() if self.view else {}
        action = self.game.redo()
        if action is None:
            return
        self._animate(action.events, before)
        self._sound_for(action)
        self._after_change()

    def _hint(self) -> None:
        self._finish_animation()
        move = suggest(self.game)
        if move is None:
            self._say(_("No moves left."))
            return
        self.hints_used += 1
        self.assisted = True
        self.hint = move
        self._say(_("Hint: {move}", move=self._describe(move)))

    def _describe(self, move: Move) -> str:
        if move == STOCK_TURN:
            return _("turn the stock")
        if move == REDEAL_MOVE:
            return _("turn the waste over into the stock")
        cards = [self.game.pile(n)[-1] for n in (move.a, move.b) if n and self.game.pile(n)]
        if move.kind == PAIR:
            return _("remove {a} and {b}", a=cards[0], b=cards[1])
        if move.kind == SINGLE:
            return _("remove {a}", a=cards[0])
        target = self.game.pile(move.b)
        if move.b.startswith("f"):
            return _("{card} to a foundation", card=cards[0])
        if target:
            return _("{card} onto {other}", card=cards[0], other=target[-1])
        return _("{card} into the empty place", card=cards[0])

    def _auto_finish(self) -> None:
        if self.finishing:
            self.autoplay = list(self.finishing)
            self.finishing = None
            self._update_buttons()

    def _resign(self) -> None:
        if not self.game.over:
            self.game.play("resign")
            self._show_results()

    def _rules(self) -> None:
        from game.scenes.rules import RulesScene

        self.app.switch(
            lambda: RulesScene(
                self.app, self.game.ruleset.id, dict(self.game.options), back=lambda: self
            )
        )

    def _to_menu(self) -> None:
        from game.scenes.menu import MenuScene

        self.app.switch(lambda: MenuScene(self.app))

    def _finish_animation(self) -> None:
        if self.animator.busy:
            self.animator.finish()
            self._invalidate()

    def _cancel(self) -> None:
        self.selected = None
        self.drag = None
        self.press = None
        self._invalidate()

    # -- pointer -------------------------------------------------------------------

    def _touch_margin(self, event: pygame.event.Event) -> int:
        return 14 if getattr(event, "source", "mouse") == "touch" else 0

    def _pointer_down(self, event: pygame.event.Event) -> bool:
        assert self.view is not None
        self.keys.visible = False
        if self.celebration:
            self.celebration = None
            self._show_results()
            return True
        margin = self._touch_margin(event)
        if self.banner:
            for b in self.banner.buttons:
                if b.hit(event.pos, margin):
                    b.action()
                    return True
        button = self.hud.button_at(event.pos, margin)
        if button:
            self._finish_animation()
            button.action()
            return True
        if self.wish_pending:
            return True
        if event.button == 3:
            self._cancel()
            return True
        self._finish_animation()
        spot = self.view.spot_at(event.pos, margin)
        if spot is None:
            if self.selected:
                self._cancel()
            return True
        self.press = Press(spot.pile, spot.index, event.pos, event.clicks, event.source)
        return True

    def _pointer_move(self, event: pygame.event.Event) -> bool:
        assert self.view is not None
        if self.drag:
            d = self.drag
            d.rect.topleft = (event.pos[0] - d.offset[0], event.pos[1] - d.offset[1])
            d.over = self._drop_target(d)
            self.redraw = True
            return True
        p = self.press
        if p and (
            abs(event.pos[0] - p.pos[0]) > DRAG_START_PX
            or abs(event.pos[1] - p.pos[1]) > DRAG_START_PX
        ):
            self._start_drag(p, event.pos)
            return True
        hovered = self.hud.button_at(event.pos)
        changed = False
        for b in self.hud.buttons:
            hot = b is hovered
            if b.hot != hot:
                b.hot = hot
                changed = True
        if changed:
            self._buttons_dirty = True
            self.redraw = True
        return False

    def _start_drag(self, press: Press, pos: tuple[int, int]) -> None:
        assert self.view is not None
        self.press = None
        cards = self.game.pile(press.pile)
        if not cards or press.index != len(cards) - 1 or not self.game.movable(press.pile):
            return
        rect = self.view.top_rect(press.pile).copy()
        self.drag = Drag(
            press.pile, cards[-1], (press.pos[0] - rect.x, press.pos[1] - rect.y), rect
        )
        self.drag.rect.topleft = (pos[0] - self.drag.offset[0], pos[1] - self.drag.offset[1])
        self.selected = press.pile
        self.app.sounds.play("pick")
        self._invalidate()

    def _drop_target(self, drag: Drag) -> str | None:
        assert self.view is not None
        if self.game.rules.family == "pyramid":
            candidates = [n for n in self.view.piles if n != drag.pile and self.game.movable(n)]
        else:
            candidates = [n for n in self.view.piles if n not in (drag.pile, "st")]
        return self.view.drop_target(drag.rect, candidates)

    def _pointer_up(self, event: pygame.event.Event) -> bool:
        if self.drag:
            drag = self.drag
            target = self._drop_target(drag)
            self.drag = self.drag  # kept for _fly_back while the move is judged
            played = False
            if target:
                move = self._move_between(drag.pile, target)
                played = self._play(move, from_rect=drag.rect.copy())
            elif drag.rect:
                self._fly_back(drag.rect.copy())
            self.drag = None
            self.selected = None
            if not played:
                self._invalidate()
            return True
        press, self.press = self.press, None
        if press is None:
            return False
        self._click(press.pile, press.index, press.clicks)
        return True

    def _move_between(self, a: str, b: str) -> Move:
        if self.game.rules.family == "pyramid":
            return pair(a, b)
        return Move(MOVE, a, b)

    # -- clicks, shared by pointer and keyboard --------------------------------------

    def _click(self, pile: str, index: int, clicks: int = 1) -> None:
        if self.game.over:
            return
        if self.game.rules.family == "pyramid":
            self._click_pyramid(pile)
        else:
            self._click_building(pile, index, clicks)

    def _stock(self) -> None:
        if self.game.pile("st"):
            self._play(STOCK_TURN)
        elif REDEAL_MOVE in self.game.legal_moves:
            self._play(REDEAL_MOVE)
        else:
            self._refuse(self.game.refusal(STOCK_TURN) or "")

    def _click_building(self, pile: str, index: int, clicks: int) -> None:
        if pile == "st":
            self.selected = None
            self._stock()
            return
        selected = self.selected
        if selected and selected != pile:
            self._play(Move(MOVE, selected, pile))
            self.selected = None
            self._invalidate()
            return
        if selected == pile:
            if clicks >= 2:
                self._send_home(pile)
            else:
                self.selected = None
                self._invalidate()
            return
        cards = self.game.pile(pile)
        if not cards:
            return
        if clicks >= 2:
            self._send_home(pile)
            return
        if self.game.movable(pile) and (index == -1 or index == len(cards) - 1):
            self.selected = pile
            self.app.sounds.play("pick")
            self._invalidate()

    def _send_home(self, pile: str) -> None:
        self.selected = None
        for move in self.game.legal_moves:
            if move.kind == MOVE and move.a == pile and move.b.startswith("f"):
                self._play(move)
                return
        cards = self.game.pile(pile)
        if cards:
            self._refuse(_("No foundation takes {card} now.", card=cards[-1]))

    def _click_pyramid(self, pile: str) -> None:
        game = self.game
        selected = self.selected
        if pile == "st":
            if selected and selected != "st":
                self._play(pair(selected, "st"))
            elif game.pile("st") and Move(SINGLE, "st") in game.legal_moves:
                self._play(Move(SINGLE, "st"))
            else:
                self.selected = None
                self._stock()
            self.selected = None
            self._invalidate()
            return
        if not game.pile(pile) or not game.movable(pile):
            if game.pile(pile):
                self._refuse(game.refusal(Move(SINGLE, pile)) or "")
            return
        if selected == pile:
            self.selected = None
        elif selected:
            self._play(pair(selected, pile))
            self.selected = None
        elif Move(SINGLE, pile) in game.legal_moves:
            self._play(Move(SINGLE, pile))
        else:
            self.selected = pile
            self.app.sounds.play("pick")
        self._invalidate()

    # -- keyboard ------------------------------------------------------------------

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if self.celebration:
            self.celebration = None
            self._show_results()
            return True
        if self.banner and key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.banner.buttons:
            self.banner.buttons[0].action()
            return True
        if self.wish_pending:
            if key == pygame.K_ESCAPE:
                self._to_menu()
            return True
        self._finish_animation()
        if (ctrl and key == pygame.K_z) or key == pygame.K_u:
            self._undo()
        elif (ctrl and key == pygame.K_y) or key == pygame.K_r:
            self._redo()
        elif key == pygame.K_h:
            self._hint()
        elif key == pygame.K_F1:
            self._rules()
        elif key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_SPACE:
            self.selected = None
            if not self.game.over:
                self._stock()
        elif key == pygame.K_n:
            self._new_deal()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.keys.focus:
                self.keys.visible = True
                cards = self.game.pile(self.keys.focus)
                self._click(self.keys.focus, len(cards) - 1 if cards else -1)
        elif self.view and self.keys.handle(key, event.mod, self._focusable(), self.view.top_rect):
            self._invalidate()
        else:
            return False
        return True

    def _focusable(self) -> list[str]:
        """Places the focus visits: playable cards, the stock and (building) every pile."""
        if self.view is None:
            return []
        if self.game.rules.family == "pyramid":
            return [n for n in self.view.piles if n == "st" or self.game.movable(n)]
        return list(self.view.piles)

    def _targets(self, source: str) -> set[str]:
        found = set()
        for move in self.game.legal_moves:
            if move.kind == MOVE and move.a == source:
                found.add(move.b)
            elif move.kind == PAIR and source in (move.a, move.b):
                found.add(move.b if move.a == source else move.a)
        return found
