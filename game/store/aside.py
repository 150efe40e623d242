"""A damaged records file put aside under a dated name, never deleted: kept whole,
with its write-ahead log and index, for whoever wants to look."""

from __future__ import annotations

import os
import time
from pathlib import Path


def aside_name_for(path: Path) -> str:
    """The name a damaged file at `path` is set aside under: `NAME.broken-YYYYMMDD-HHMMSS`
    (with a number after, where that name, or its log's, is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while aside.exists() or aside.with_name(aside.name + "-wal").exists():
        n += 1
        aside = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    return aside.name


def set_aside(path: Path, replacement: Path, name: str | None = None) -> Path:
    """Rename a damaged database (and its journal files) to `name` (aside_name_for's, by
    default), and put `replacement` in its place. The damaged file takes its new name
    as a second name first, where the file system allows: renamed away, it left no
    file at its name until the other came, and killed then, the next start found no
    records."""
    aside = path.with_name(name or aside_name_for(path))
    try:
        os.link(path, aside)
    except OSError:  # no second names (a FAT card): renamed, and the gap stays
        path.replace(aside)
    for suffix in ("-wal", "-shm"):
        journal = path.with_name(path.name + suffix)
        if journal.exists():
            journal.replace(aside.with_name(aside.name + suffix))
    replacement.replace(path)
    return aside


def set_aside_lone_log(path: Path) -> Path:
    """Rename the log (and its index) of a file that is not there to
    `NAME.broken-YYYYMMDD-HHMMSS-wal`, kept for whoever can read it; its new name."""
    aside = path.with_name(aside_name_for(path))
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.replace(aside.with_name(aside.name + suffix))
    return aside.with_name(aside.name + "-wal")
