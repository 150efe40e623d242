"""Screen furniture shared by the scenes: the theme and its fonts, buttons and text
(widgets), the button pads and the keyboard's focus (pad, keys), the pointer's
translation of mouse and touch (pointer), the number keypad and deal field, and the
player's words for the rulesets (labels)."""
