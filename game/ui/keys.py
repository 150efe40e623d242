"""Which key a key press is, for the letter shortcuts (U undo, Ctrl+Z, …)."""

from __future__ import annotations

from string import ascii_lowercase

import pygame

# the letter keys by their place on the keyboard, as a US layout names them
LETTERS_BY_PLACE: dict[int, int] = {
    getattr(pygame, f"KSCAN_{c.upper()}"): getattr(pygame, f"K_{c}") for c in ascii_lowercase
}


def shortcut_key(event: pygame.event.Event) -> int:
    """The key a shortcut reads from a KEYDOWN: the key the layout names, but for a
    layout of another script the letter key at the same place. SDL names a key by the
    active layout: with a Russian one U comes as 'г' and no letter shortcut would
    work. A Latin layout keeps its own letters (German Ctrl+Z is the key marked Z)."""
    key: int = event.key
    place = LETTERS_BY_PLACE.get(getattr(event, "scancode", 0))
    if place is not None and not 0 < key < 128:
        return place
    return key


def is_key(event: pygame.event.Event, key: int) -> bool:
    """Whether a KEYDOWN is `key` (a pygame.K_ constant), read as shortcut_key does."""
    return shortcut_key(event) == key


# the keys that make a playback faster (+1) or slower (-1): a replay watched, the demo
SPEED_KEYS = {
    pygame.K_PLUS: 1,
    pygame.K_EQUALS: 1,  # "+" without Shift
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
}

# keys held down with another, never pressed for themselves: none of them stops what
# any key stops (Shift for "+", the demo's speed, took the demo over)
MODIFIER_KEYS = frozenset(
    {
        pygame.K_LSHIFT,
        pygame.K_RSHIFT,
        pygame.K_LCTRL,
        pygame.K_RCTRL,
        pygame.K_LALT,
        pygame.K_RALT,
        pygame.K_LGUI,
        pygame.K_RGUI,
        pygame.K_MODE,
        pygame.K_CAPSLOCK,
        pygame.K_NUMLOCK,
    }
)


def modifier_only(event: pygame.event.Event) -> bool:
    """Whether a KEYDOWN is of a key pressed only to be held with another."""
    return event.type == pygame.KEYDOWN and event.key in MODIFIER_KEYS
