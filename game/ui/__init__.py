"""Screen furniture shared by the scenes: theme, fonts, buttons."""
