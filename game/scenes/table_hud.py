"""The table's heads-up display: the top bar of figures and the bottom bar of buttons."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.i18n import _, clock_text, localized, n_
from game.rules import Game
from game.ui import theme
from game.ui.labels import bar_options, points
from game.ui.widgets import Button, button_at, draw_text, layout_row, row_label_size

# of the bottom bar's height: 60 px buttons at 1920x1080, a fingertip's size (at 0.72
# they were 56 px, under what a touch screen in a public place wants)
BUTTON_SHARE = 0.78
# a screen standing up at least this high has height to spare for buttons a finger takes
STANDING_TALL = 1000
# A key's caption that is one sign (an arrow, a minus) is drawn this many times a word's
# size: its glyph is far smaller than a letter
SIGN_CAPTION = 1.6


# The top bar's figures are the stock (0), the pass (1), the moves (2), the clock and the
# verdict; these are the ones left out, in turn, while the rest do not fit. With passes
# to count, the moves give way before the pass: which pass is played matters in play
# (the moves are in the results), and at 800x600 in Russian the pass was shown nowhere
DROPS_ONE_PASS = ((), (1,), (1, 0), (1, 0, 2))
DROPS_PASSES = ((), (0,), (0, 2), (0, 2, 1))


@dataclass
class HudFigures:
    """What the top bar shows; a change of any of them redraws the bar."""

    title: str
    short_title: str  # the name where room is short (the ruleset's short_name)
    deal: str
    stock: int
    passes: tuple[int, int]  # the pass through the stock under way, of how many
    moves: int
    clock: str
    cards: int
    points: int
    verdict: str = ""
    # the word beside the deal for as long as the game is on the table: "assisted", or
    # a fortune's "no fortune" (its notice gone, nothing said the wish no longer counted)
    mark: str = ""
    counted: bool = True  # False before the deal (the fortune's wish): nothing to count yet
    # a passer-by's bar (a kiosk): what a stranger reads at a glance, so no deal's number
    # and no "Pass 1 of 1" where the stock goes through once
    for_passer_by: bool = False
    # every word the verdict may say: the figures keep room for the longest, so they do
    # not move when the solver's answer comes, changes or goes
    verdict_words: tuple[str, ...] = ()
    short_deal: str = ""  # the deal's place in short, tried before it gives way whole
    options: tuple[str, ...] = ()  # the options not at their default, told beside the name
    moves_of: int = 0  # a replay's moves in all: "Moves 12" of 376 said nothing of how far


def _score(cards: int, points_left: int) -> str:
    return _(
        "Left: {cards} · {points}",
        cards=n_("{n} card", "{n} cards", cards),
        points=points(points_left),
    )


def _widest_score(font: pygame.font.Font, f: HudFigures) -> int:
    """How wide the score may be with as many digits in its counts: the plural forms
    of its words differ in length («34 карты · 342 очка», «35 карт · 380 очков»),
    and "Проход 1 из 1" beside it came and went from one move to the next."""

    def alike(n: int) -> list[int]:  # as many digits, and each plural form's ending
        digits = len(str(n))
        return [int("8" * (digits - 1) + last) for last in "125"]

    return max(font.size(_score(c, p))[0] for c in alike(f.cards) for p in alike(f.points))


def figures(
    game: Game,
    seconds: float,
    verdict: str = "",
    mark: str = "",
    counted: bool = True,
    place: str = "",
    for_passer_by: bool = False,
    verdict_words: tuple[str, ...] = (),
    short_place: str = "",
) -> HudFigures:
    """The bar's figures; `place` stands where the deal's number would (an arcade
    run's level and lives, which matter more there than a random deal's number), and
    `short_place` in its stead on a narrow bar (without a place, the deal's number
    alone)."""
    score = game.score
    deal = _("Deal {n}", n=game.deal_number) if game.deal_number is not None else _("Given deck")
    deal = place or ("" if for_passer_by else deal)
    if not place and deal and game.deal_number is not None:
        # the number alone, on a bar with no room for "Deal": the deal is played again by it
        short_place = _("#{n}", n=game.deal_number)
    return HudFigures(
        title=localized(game.ruleset.name),
        short_title=localized(game.ruleset.short_name),
        deal=deal,
        stock=len(game.pile("st")),
        passes=(game.pass_number, game.rules.passes),
        moves=game.moves_made,
        clock=clock_text(seconds),
        cards=score.remaining_cards,
        points=score.remaining_points,
        verdict=verdict,
        mark=mark,
        counted=counted,
        for_passer_by=for_passer_by,
        verdict_words=verdict_words,
        short_deal=short_place,
        options=bar_options(game.ruleset, game.options),
    )


@dataclass
class BarLine:
    """The top bar's names and figures as arranged (see Hud._names_and_figures)."""

    fits: bool  # whether the figures that matter are all there, beside the names
    title: str
    deal: str  # "" when it gave way
    figures: tuple[str, int] | None  # the figures' text and where it starts; None: none fit
    figures_y: int
    right: int  # the figures' right bound


class Hud:
    def __init__(self) -> None:
        self.top = pygame.Rect(0, 0, 0, 0)
        self.bottom = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        # a line under a button, by its key: the key that presses it (the replay's
        # playback); none on the table, whose keys its tooltips name (TableScene)
        self.captions: dict[str, str] = {}
        self.button_h = 0  # its buttons' height (a kiosk's at least a fingertip's)
        self.text_size = 16
        self.two_lines = False  # the figures on a line of their own (see layout)
        self.button_rows = 1  # two on a screen standing up (see layout)
        self.finger = False  # pressed by fingers on a public screen (a kiosk): see layout
        self.stats_shown = ""  # the figures the top bar last had room for
        self.stats_drawn = pygame.Rect(0, 0, 0, 0)  # and where (empty: none)
        self.names_right = self.score_left = 0  # where the names end, the score begins
        self.deal_shown = ""  # the deal's words as the bar shows them (see draw_top)
        self.title_shown = ""  # and the name's, with the options that fit beside it

    def layout(self, size: tuple[int, int]) -> pygame.Rect:
        """Place the bars; returns the play area between them."""
        w, h = size
        scale = theme.ui_scale(size)
        top_h = max(30, int(40 * scale))
        # a screen standing up has no width for every figure on one line, and height
        # to spare: the figures take a second line
        self.two_lines = theme.standing(size)
        if self.two_lines:
            top_h *= 2
        # and no width for ten buttons in a row (their labels shrank to 15 px): two rows
        self.button_rows = 2 if self.two_lines else 1
        self.text_size = max(12, int(17 * scale))
        # a button a finger can take on a low screen too (at 1024x600 it was 33 px), and
        # standing up where the height is to spare (at 600x1024 they were 33 px too); on
        # a short one (600x800) two rows that tall left the table's words no room under
        # the cards, and the arcade's opening banner broke its first clause in two
        short = self.two_lines and h < STANDING_TALL
        least = 40 if short else math.ceil(theme.SMALLEST_BUTTON / BUTTON_SHARE)
        row_h = max(least, int(58 * scale))
        if self.finger:
            # a kiosk's buttons take a fingertip, whatever the screen's size: at 1024x768
            # they were 34 px high
            row_h = max(row_h, math.ceil(theme.FINGER / BUTTON_SHARE))
        bottom_h = (row_h + self._caption_room()) * self.button_rows
        self.top = pygame.Rect(0, 0, w, top_h)
        self.bottom = pygame.Rect(0, h - bottom_h, w, bottom_h)
        self.place_buttons()
        return pygame.Rect(0, top_h, w, h - top_h - bottom_h)

    def set_buttons(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.place_buttons()

    def place_buttons(self) -> None:
        if not self.bottom.height:
            return
        rows = self.button_rows
        row_h = self.bottom.height // rows
        # the captions' line takes the foot of each row; the buttons keep the rest
        band_h = row_h - self._caption_room()
        height = self.button_h = int(band_h * BUTTON_SHARE)
        n = len(self.buttons)
        for i in range(rows):
            band = pygame.Rect(self.bottom.x, self.bottom.y + i * row_h, self.bottom.width, band_h)
            # an odd one goes to the last row: the replay's Slower, speed and Faster together
            row = self.buttons[i * n // rows : (i + 1) * n // rows]
            layout_row(row, band.inflate(-band_h // 3, 0), height, max(4, height // 6))

    def _caption_size(self) -> int:
        return max(11, int(self.text_size * 0.8))

    def _caption_room(self) -> int:
        """The height the captions' line adds to a row of buttons (none without captions)."""
        return int(self._caption_size() * 1.3) if self.captions else 0

    def draw_top(self, surface: pygame.Surface, f: HudFigures) -> None:
        bar = self.top
        pygame.draw.rect(surface, theme.PANEL, bar)
        size = self.text_size
        pad = size
        font = theme.font(size)
        y = bar.top + bar.height // 4 if self.two_lines else bar.centery
        self.stats_shown, self.stats_drawn = "", pygame.Rect(0, 0, 0, 0)
        if not f.counted:
            self.deal_shown, self.title_shown = f.deal, _named(f.title, f.options)
            self.names_right = self._draw_names(surface, self.title_shown, f.deal, "", y)
            self.score_left = bar.right
            return
        right = draw_text(
            surface,
            _score(f.cards, f.points),
            size,
            (bar.right - pad, y),
            theme.GOLD,
            "midright",
            bold=True,
        )
        # the figures beside it are laid out as if it were its widest at these numbers'
        # digits (see _widest_score), so they stay as the words change
        right.width = max(right.width, _widest_score(theme.font(size, bold=True), f))
        right.right = bar.right - pad
        parts = [
            _("Stock {n}", n=f.stock),
            # "Pass 1 of 1", not "Passes left 0": a fresh deal's stock is still to go through
            ""
            if f.for_passer_by and f.passes[1] == 1
            else _("Pass {n} of {total}", n=f.passes[0], total=f.passes[1]),
            _("Moves {n} of {total}", n=f.moves, total=f.moves_of)
            if f.moves_of
            else _("Moves {n}", n=f.moves),
            f.clock,
            f.verdict,
        ]
        # what gives way first on a narrow bar: with one pass, the pass (nothing to count);
        # with more, the stock's count, which its pile shows as well
        drops = DROPS_ONE_PASS if f.passes[1] == 1 else DROPS_PASSES
        reserve = max((font.size(word)[0] for word in f.verdict_words), default=0)
        # the deal's number gives way on a narrow bar to the clock, the verdict, the
        # moves and a pass worth counting, but only after the name's short form and its
        # own ("№ 3"): in Russian at 800x600 «Египетская пирамида, старинные правила»
        # pushed the moves out, and then the deal went while «Египетская (стар.)» fitted
        # The options named beside it give way first, the last first (the deal stayed
        # while a name with two options gave way whole, and a game with the most options
        # looked like the plainest)
        titles = [_named(f.title, f.options[:n]) for n in range(len(f.options), -1, -1)]
        shorts = [_named(f.short_title, f.options[:n]) for n in range(len(f.options), -1, -1)]
        names = [(title, f.deal) for title in titles]
        if not self.two_lines:  # (standing up, the deal may lead the figures' line: below)
            # the name in short before the deal gives way: a deal's number left out could
            # not be told from the screen, a name in short can; then the deal, or an
            # arcade's lives, in short
            if f.short_title != f.title:
                names += [(short, f.deal) for short in shorts]
            if f.short_deal:
                names += [(titles[-1], f.short_deal), (shorts[-1], f.short_deal)]
        names += [(title, "") for title in titles]
        if f.short_title != f.title:  # not the first clause: «Египетская пирамида» is another
            names += [(short, "") for short in shorts]
        # first as if the verdict were its longest word, every name and every figure
        # tried so: then nothing moves or gives way as the word changes (standing up,
        # the day's deal came and went with it); only where nothing fits so, as it is
        for room in (reserve, 0) if reserve else (0,):
            bar_line = self._names_and_figures(f, parts, drops, names, right, y, room)
            if bar_line.fits:
                break
        title, deal, placed = bar_line.title, bar_line.deal, bar_line.figures
        # the deal (or a run's place) where it shows: with the names, or leading the
        # figures' line standing up; "" where it gave way
        self.deal_shown, self.title_shown = deal, title
        if self.two_lines and f.deal and not deal:
            # standing up, the figures' line may hold the deal the names' line had no
            # room for (a long name, or the deal of the day): it leads, if no more than
            # the figure that matters least gives way to it; a run's place in short else
            first = tuple(tuple(i + 1 for i in drop) for drop in drops[:2])
            for lead in (f.deal, f.short_deal):
                leading = lead and _fit_stats(
                    [lead, *parts], first, font, size, bar.width, pad, bar_line.right, room
                )
                if leading:
                    placed, self.deal_shown = leading, lead
                    break
        self.names_right = self._draw_names(surface, title, deal, f.mark, y)
        self.score_left = right.left
        if placed is not None:
            self.stats_shown, stats_x = placed
            where = (stats_x, bar_line.figures_y)
            self.stats_drawn = draw_text(
                surface, self.stats_shown, size, where, theme.INK, "midleft"
            )

    def _names_and_figures(
        self,
        f: HudFigures,
        parts: list[str],
        drops: tuple[tuple[int, ...], ...],
        names: list[tuple[str, str]],
        score: pygame.Rect,
        y: int,
        reserve: int,
    ) -> BarLine:
        """The first of `names` (a title and a deal) that leaves room for the figures
        that matter, with those figures; with none, the last tried."""
        bar, size = self.top, self.text_size
        font, pad = theme.font(size), size
        for title, deal in names:
            title_w = theme.font(size, bold=True).size(title)[0]
            left = pad + title_w + sum(font.size(t)[0] + size for t in (deal,) if t)
            if f.mark:
                left += font.size(f.mark)[0] + size
            stats_y, room_left, room_right = y, left + size, score.left
            if self.two_lines:
                stats_y, room_left, room_right = bar.bottom - bar.height // 4, pad, bar.right - pad
            placed = _fit_stats(parts, drops, font, size, bar.width, room_left, room_right, reserve)
            # on two lines the names share the first with the score alone: the deal
            # gives way when they would run into it ("assisted" lay on "Left: …")
            # (with a word's gap: «вне зачёта» ran into «Осталось» standing up)
            names_fit = not self.two_lines or left + size <= score.left
            # the moves too: kept with the name whole and the deal left out, they were
            # dropped while the deal and the name stayed (taking a hint freed room)
            kept = [f.clock, f.verdict, parts[1] if f.passes[1] > 1 else "", parts[2]]
            shows_all = placed is not None and all(k in placed[0] for k in kept)
            fits = placed is not None and names_fit and (shows_all or self.two_lines)
            if fits:
                break
        return BarLine(fits, title, deal, placed, stats_y, room_right)

    def _draw_names(self, surface: pygame.Surface, title: str, deal: str, mark: str, y: int) -> int:
        """The game's name, its deal (unless left out) and its mark ("assisted"), from
        the left of the top bar; returns where they end."""
        size = self.text_size
        x = draw_text(surface, title, size, (size, y), theme.INK, "midleft", bold=True).right
        if deal:
            x = draw_text(surface, deal, size, (x + size, y), theme.INK_DIM, "midleft").right
        if mark:  # no table for this game, or no fortune: said where the figures are
            x = draw_text(surface, mark, size, (x + size, y), theme.WARN, "midleft").right
        return x

    def draw_bottom(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.PANEL, self.bottom)
        row_h = self.bottom.height // self.button_rows - self._caption_room()
        size = max(11, int(row_h * BUTTON_SHARE * 0.4))
        size = row_label_size(self.buttons, size)  # a kiosk's row at 1024x768 read in two
        caption_size = self._caption_size()
        for b in self.buttons:
            b.draw(surface, size)
            caption = self.captions.get(b.key)
            if caption:  # dim as its button when the key does nothing now
                ink = theme.INK_DIM if b.enabled else theme.DISABLED
                at = (b.rect.centerx, b.rect.bottom + caption_size // 8)
                if len(caption) == 1 and not caption.isalnum():
                    # an arrow or a sign at the letters' size is a dash 2 px high (←, −)
                    at = (at[0], at[1] + theme.font(caption_size, bold=True).get_linesize() // 2)
                    big = int(caption_size * SIGN_CAPTION)
                    draw_text(surface, caption, big, at, ink, "center", bold=True)
                    continue
                draw_text(surface, caption, caption_size, at, ink, "midtop", bold=True)
        focused = next((b for b in self.buttons if b.focused), None)
        if focused is not None:  # a ring round it, as the menus draw: a lit button's gold
            # edge (Finish, Demo) would hide the focus's colour
            grow = max(4, focused.rect.height // 10)
            ring = focused.rect.inflate(grow, grow)
            width = max(2, focused.rect.height // 20)
            pygame.draw.rect(surface, theme.FOCUS, ring, width, border_radius=grow + width)

    def button_at(self, pos: tuple[int, int], margin: int = 0) -> Button | None:
        return button_at(self.buttons, pos, margin)


def _named(title: str, options: tuple[str, ...]) -> str:
    """A game's name with the options told beside it ("Devil's Bridge · three cards at
    a time")."""
    return " · ".join((title, *options))


def _fit_stats(
    parts: list[str],
    drops: tuple[tuple[int, ...], ...],
    font: pygame.font.Font,
    gap: int,
    width: int,
    left: int,
    right: int,
    reserve: int = 0,
) -> tuple[str, int] | None:
    """The figures that fit between `left` and `right`, leaving out each of `drops` in
    turn (the parts that matter least first), and where they start; None if none fit.

    The last part is the verdict; with `reserve` (the width of its longest word) the
    figures are chosen and placed as if it were that word."""
    separator = "   "
    for drop in drops:
        stats = separator.join(p for i, p in enumerate(parts) if i not in drop and p)
        room = font.size(stats)[0]
        if reserve:
            before = [p for i, p in enumerate(parts[:-1]) if i not in drop and p]
            room = font.size(separator.join([*before, ""]))[0] + reserve
        x = max(left, min((width - room) // 2, right - gap - room))
        if x + room <= right - gap:  # a gap before the score ("Не сойдётся Осталось: …")
            return stats, x
    return None
