"""Whether the game on the table is stuck: no sequence of moves leads anywhere (the
building games' cards can go from pile to pile for ever, so "no legal move" almost
never comes), searched a slice at a time so that no frame waits for it."""

from __future__ import annotations

import time
from collections.abc import Iterator

from game.i18n import _
from game.scenes.table_overlay import Banner
from game.ui.widgets import Button

# The search for a stuck game after a move (see _search_stuck): slices of
# game.rules.analysis.STUCK_SLICE positions, some 2.5 ms each. Four at once (most
# positions are decided in the first); then as many a frame as STUCK_FRAME_S holds, up
# to 1,600 (200,000 positions, some 70 MB while it goes on). One a frame, a stuck
# Egyptian end proven in 1,000 slices was said 17 s after its move.
STUCK_SLICES_AT_ONCE = 4
STUCK_SLICES_MOST = 1600
STUCK_FRAME_S = 0.006
# and at once when the game is given up while it goes on: 25,000 positions, some 0.5 s
STUCK_SLICES_AT_THE_END = 200


class TableStuck:
    """Mixed into TableScene: the search for a stuck position, and its banner."""

    # its own state, set up in TableScene.__init__ with the rest of the table's
    stuck: bool | None  # None: not known (yet: see _search_stuck)
    stuck_search: Iterator[bool | None] | None  # a search going on a slice a frame
    stuck_slices_left: int
    stuck_heard: bool  # the loss's sound rang for the stuck game (see _stuck_found)

    def _search_stuck(self) -> None:
        """Whether the new position is stuck: a few slices of the search at once (most
        positions are decided in the first), the rest a slice a frame, up to a cap
        (see _search_stuck_on). Searched within the move alone, a few long piles' many
        arrangements stopped the search undecided, and a stuck game went unsaid."""
        self.stuck, self.stuck_search = False, None
        if self.game.over:
            return
        search = self.game.stuck_search()
        for _slice in range(STUCK_SLICES_AT_ONCE):
            answer = next(search)
            if answer is not None:
                self.stuck = answer
                if answer is False:
                    self.stuck_heard = False  # found again, a stuck end rings again
                return
        self.stuck, self.stuck_search = None, search
        self.stuck_slices_left = STUCK_SLICES_MOST

    def _search_stuck_on(self) -> None:
        """The search for the position on the table, on for a frame's share of time; a
        stuck game found says so, as it does when found at once."""
        assert self.stuck_search is not None
        until = time.perf_counter() + STUCK_FRAME_S
        answer = None
        while answer is None and self.stuck_slices_left > 0:
            answer = next(self.stuck_search)
            self.stuck_slices_left -= 1
            if time.perf_counter() >= until:
                break
        if answer is None and self.stuck_slices_left > 0:
            return
        self.stuck, self.stuck_search = answer, None
        if answer is False:
            self.stuck_heard = False  # as in _search_stuck
        if answer and self.banner is None and not self.game.over:
            self._stuck_found()
            self._update_buttons()
            self._invalidate()

    def _stuck_at_the_end(self) -> bool:
        """Whether the game given up is stuck: as found, or, given up while the search
        went on, searched on at once a while longer (it was "You gave up" then)."""
        if self.stuck is None and self.stuck_search is not None:
            for _slice in range(STUCK_SLICES_AT_THE_END):
                answer = next(self.stuck_search)
                if answer is not None:
                    self.stuck = answer
                    break
            self.stuck_search = None
        return bool(self.stuck)

    def _stuck_found(self) -> None:
        """The stuck game's banner, and the loss's sound as "No moves left" has it, once:
        the Egyptian games' usual end was silent. A move between piles after it, stuck
        still, shows the banner again, with no sound."""
        self.banner = self._stuck_banner()
        if not self.stuck_heard:
            self.stuck_heard = True
            self.app.sounds.play_next("lose")

    def _stuck_banner(self) -> Banner:
        return Banner(
            _("No sequence of moves leads anywhere now: the game is stuck."),
            [Button(_("End the game"), self._resign, key="end")],
            enter=False,
            dismiss=self._close_banner,
        )
