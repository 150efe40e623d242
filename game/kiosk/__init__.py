"""Kiosk mode (`piramida --kiosk`): a self-running touch-screen cabinet for a public place.

- config: the TOML configuration, checked whole before the window opens
- policy: the rules the App consults (no way out, idle, failures, the game in play)
- attract, invitation, high_scores: the show while nobody plays
- chooser: the start screen of the games offered
- operator, pin_pad: the operator's way out (a held corner, then the PIN)
"""
