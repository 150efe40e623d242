"""Piramida: the old Russian pyramid patiences."""

__version__ = "0.1.0"
