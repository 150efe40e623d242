"""The kiosk in a real X window for some minutes, with passers-by: a soak by hand's reach.

    python benchmarks/kiosk_soak.py [--minutes M] [--config FILE] [--shots DIR] [--json]

Unlike benchmarks/soak.py (headless, a simulated day through the game's clock),
this starts `piramida --kiosk` as a kiosk runs it: full screen on an X server
(the DISPLAY given, or an Xvfb of 1080x1920 started here), the real clock and
frame cap, a throwaway home (PIRAMIDA_HOME, HOME and the XDG folders), so no
user's data is touched. Idle stretches (the attract loop must start and go on)
alternate with bursts of a passer-by (xdotool): taps, drags, double taps,
a held corner, and keys, among them Escape, Alt+F4, Ctrl+Q, F11 and Super,
none of which may end the kiosk or take it out of full screen.

Sampled every --sample seconds: resident memory, open file descriptors, the
CPU share over the interval (of one core), the size of the data folder
(records database and its journal); with --shots, a screenshot each sample.
A stretch left idle past the idle time must show a moving screen (the attract
loop), else it counts as stuck. Printed at the end: RSS start/end/max, fds
start/end/max, CPU medians idle and busy, the data folder's largest size, the
records database's size and games once the kiosk stopped, taps and keys sent,
escapes (the kiosk ended or left full screen), stuck stretches and crashes
(tracebacks in its log or stderr, or an exit). Exit status 1 when there is an
escape, a stuck stretch or a crash.

The kiosk imports some modules only when first needed: run the soak from a tree
nobody edits meanwhile, or an edit made during it mixes old and new code.

Needs Linux (/proc), xdotool and xwininfo; Xvfb only when no DISPLAY is given;
ImageMagick's `import` for --shots and the stuck check (else it is skipped).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.headless import scratch_home  # noqa: E402

EXAMPLE_CONFIG = ROOT / "game" / "kiosk" / "kiosk.example.toml"
XVFB_DISPLAY = ":58"
XVFB_SCREEN = "1080x1920x24"
IDLE_SECONDS = 30  # the soak's kiosk gives up on a passer-by sooner than the example's 60
STILL_PLAYING_S = 15  # the kiosk's question before it gives a game up (policy.py)
KEYS = [
    "Escape", "alt+F4", "ctrl+q", "F11", "super", "alt+Tab", "ctrl+w", "Return", "space",
    "Tab", "Left", "Right", "Up", "Down", "h", "d", "g", "n", "u", "ctrl+z", "F1", "F5",
    "BackSpace", "1", "2", "5", "8", "0",
]  # fmt: skip
CLOSING_KEYS = {"Escape", "alt+F4", "ctrl+q", "F11", "super", "alt+Tab", "ctrl+w"}
TICKS = os.sysconf("SC_CLK_TCK")


class Sample(NamedTuple):
    t: int  # seconds into the soak
    phase: str  # idle or busy
    rss_mb: float
    fds: int
    cpu_pct: float  # of one core, since the last sample
    data_bytes: int  # the data folder: records database and its journal


def proc_figures(pid: int) -> tuple[float, int, float]:
    """(RSS in MB, open fds, CPU seconds used) of a live process, from /proc."""
    rss_kb = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss_kb = int(line.split()[1])
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # after the name, which may hold spaces
    cpu = (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime
    return rss_kb / 1024, fds, cpu


def folder_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


class Kiosk:
    """The kiosk's process, its throwaway home and the X tools that drive it."""

    def __init__(self, display: str, config: Path, home: Path) -> None:
        self.home = home
        self.env = dict(os.environ, DISPLAY=display, PIRAMIDA_HOME=str(home / "piramida"))
        for var, sub in (
            ("HOME", "home"),
            ("XDG_CONFIG_HOME", "home/.config"),
            ("XDG_DATA_HOME", "home/.local/share"),
            ("XDG_STATE_HOME", "home/.local/state"),
            ("XDG_CACHE_HOME", "home/.cache"),
        ):
            self.env[var] = str(home / sub)
        self.env.setdefault("SDL_AUDIODRIVER", "dummy")  # an X server without a sound card
        self.stderr = open(home / "stderr.log", "w+b")  # noqa: SIM115 (closed in stop)
        command = [sys.executable, "-m", "game", "--kiosk", "--kiosk-config", str(config)]
        self.process = subprocess.Popen(
            command, cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=self.stderr
        )
        if self.window_line() is None:
            self.stop()
            raise SystemExit(f"kiosk_soak: the kiosk's window did not appear ({home})")
        root = self.x("xwininfo", "-root")
        self.width = int(root.split("Width:")[1].split()[0])
        self.height = int(root.split("Height:")[1].split()[0])

    def x(self, *command: str) -> str:
        return subprocess.run(
            command, env=self.env, capture_output=True, text=True, timeout=30
        ).stdout

    def window_line(self, wait_s: float = 30) -> str | None:
        """The window's line in the tree: `0x200008 "Piramida": (...)  1080x1920+0+0 ...`
        (titled in the kiosk's language: "Пирамида" in Russian).

        Read afresh each time: `xdotool search --name` misses a window with no window
        manager, and the game may make its window twice (a vsync renderer tried first).
        """
        end = time.monotonic() + wait_s
        while True:
            for line in self.x("xwininfo", "-root", "-tree").splitlines():
                if '"Piramida"' in line or '"Пирамида"' in line:
                    return line.strip()
            if time.monotonic() > end or self.process.poll() is not None:
                return None
            time.sleep(0.5)

    @property
    def window(self) -> str:
        line = self.window_line()
        return line.split()[0] if line else "0"

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def fullscreen(self) -> bool:
        line = self.window_line(wait_s=5)
        return line is not None and f" {self.width}x{self.height}+0+0 " in line

    def screen_hash(self) -> str | None:
        if not shutil.which("import"):
            return None
        shot = subprocess.run(
            ["import", "-window", "root", "rgb:-"], env=self.env, capture_output=True, timeout=30
        ).stdout
        return hashlib.sha1(shot).hexdigest()

    def screenshot(self, path: Path) -> None:
        if shutil.which("import"):
            self.x("import", "-window", "root", str(path))

    def tracebacks(self) -> int:
        """Tracebacks in the kiosk's log or on its stderr: the terminal hears of every
        failure the log does, so the larger count, not the sum; an uncaught one (the
        kiosk giving up) reaches stderr only."""
        logs = self.home / "piramida" / "state" / "logs"
        logged = sum(f.read_text(errors="replace").count("Traceback") for f in logs.glob("*.log*"))
        said = (self.home / "stderr.log").read_text(errors="replace").count("Traceback")
        return max(logged, said)

    def records(self) -> tuple[int, int]:
        """(bytes, games) of the records database, read after the kiosk stopped (its
        journal then folded in: while it runs, the journal grows to some MB and starts over)."""
        path = self.home / "piramida" / "data" / "records.sqlite3"
        if not path.exists():
            return 0, 0
        with contextlib.closing(sqlite3.connect(path)) as db:
            games = db.execute("SELECT count(*) FROM games").fetchone()[0]
        return path.stat().st_size, games

    def stop(self) -> int:
        if self.alive:
            self.process.terminate()  # the kiosk's clean stop: the game in play is recorded
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self.stderr.close()
        return self.process.wait()


class PasserBy:
    """Random touches and keys, as somebody walking up to the screen might."""

    def __init__(self, kiosk: Kiosk, rng: random.Random) -> None:
        self.kiosk, self.rng = kiosk, rng
        self.taps = self.keys = 0

    def point(self) -> tuple[str, str]:
        return str(self.rng.randrange(self.kiosk.width)), str(self.rng.randrange(self.kiosk.height))

    def act(self) -> str | None:
        """One action; returns the key pressed, if it was one."""
        x, rng = self.kiosk.x, self.rng
        roll = rng.random()
        if roll < 0.45:
            x("xdotool", "mousemove", *self.point(), "click", "1")
        elif roll < 0.6:
            x("xdotool", "mousemove", *self.point(), "click", "--repeat", "2", "1")
        elif roll < 0.75:
            x("xdotool", "mousemove", *self.point(), "mousedown", "1")
            for _ in range(5):
                x("xdotool", "mousemove", *self.point())
            x("xdotool", "mouseup", "1")
        elif roll < 0.77:  # the operator's corner, held long enough to open the PIN pad
            x("xdotool", "mousemove", "2", "2", "mousedown", "1")
            time.sleep(6)
            x("xdotool", "mouseup", "1")
        else:
            key = rng.choice(KEYS)
            x("xdotool", "key", "--window", self.kiosk.window, key)
            self.keys += 1
            return key
        self.taps += 1
        return None


class Soak:
    """Idle stretches and bursts of a passer-by, sampled as they go."""

    def __init__(self, kiosk: Kiosk, args: argparse.Namespace, idle_s: float) -> None:
        self.kiosk, self.args, self.idle_s = kiosk, args, idle_s
        self.rng = random.Random(args.seed)
        self.passer = PasserBy(kiosk, self.rng)
        self.samples: list[Sample] = []
        self.escapes: list[str] = []
        self.stuck = 0
        self.start = self.last_t = time.monotonic()
        self.last_cpu = proc_figures(kiosk.process.pid)[2]
        self.phase = "busy"  # a first passer-by, then the kiosk left alone

    def sample(self) -> None:
        rss, fds, cpu = proc_figures(self.kiosk.process.pid)
        now = time.monotonic()
        share = 100 * (cpu - self.last_cpu) / (now - self.last_t)
        self.last_cpu, self.last_t = cpu, now
        data = self.kiosk.home / "piramida" / "data"
        sample = Sample(
            round(now - self.start), self.phase, round(rss, 1), fds, round(share, 1),
            folder_bytes(data) if data.exists() else 0,
        )  # fmt: skip
        self.samples.append(sample)
        if self.args.shots:
            self.kiosk.screenshot(Path(self.args.shots) / f"soak_{len(self.samples):03d}.png")
        if not self.args.json:
            print(json.dumps(sample._asdict()), flush=True)

    def attract_moving(self) -> bool:
        """Whether the screen changes over 20 s (no scene of the loop stands that long)."""
        hashes = set()
        for _ in range(6):
            hashes.add(self.kiosk.screen_hash())
            time.sleep(4)
        return len(hashes) > 1 or None in hashes

    def run(self) -> None:
        rng, kiosk, args = self.rng, self.kiosk, self.args
        end = self.start + args.minutes * 60
        next_sample = self.start + args.sample
        # past the idle time, the question and a fade, the attract loop must be playing
        settle_s = self.idle_s + STILL_PLAYING_S + 20
        phase_start, phase_end = self.start, self.start + rng.uniform(15, 60)
        checked = False
        while time.monotonic() < end and kiosk.alive:
            now = time.monotonic()
            if now >= next_sample:
                self.sample()
                next_sample += args.sample
            if now >= phase_end:
                self.phase = "busy" if self.phase == "idle" else "idle"
                span = rng.uniform(15, 60) if self.phase == "busy" else rng.uniform(60, 240)
                phase_start, phase_end = now, now + span + (settle_s if self.phase == "idle" else 0)
                checked = False
            if self.phase == "busy":
                key = self.passer.act()
                if key in CLOSING_KEYS:
                    time.sleep(0.5)
                    if not kiosk.alive or not kiosk.fullscreen():
                        self.escapes.append(key)
                time.sleep(rng.uniform(0.1, 1.5))
            elif not checked and now - phase_start > settle_s and phase_end - now > 30:
                checked = True
                if not self.attract_moving():
                    self.stuck += 1
                    kiosk.screenshot(kiosk.home / f"stuck_{self.stuck}.png")
            else:
                time.sleep(1)
        if kiosk.alive:
            self.sample()

    def report(self, exit_status: int | None) -> dict[str, object]:
        samples = self.samples
        rss = [s.rss_mb for s in samples]
        fds = [s.fds for s in samples]

        def cpu_median(phase: str) -> float | None:
            shares = [s.cpu_pct for s in samples if s.phase == phase]
            return round(statistics.median(shares), 1) if shares else None

        records_bytes, games = self.kiosk.records()
        return {
            "minutes": round((time.monotonic() - self.start) / 60, 1),
            "rss_mb_start": rss[0] if rss else None,
            "rss_mb_end": rss[-1] if rss else None,
            "rss_mb_max": max(rss, default=None),
            "fds_start": fds[0] if fds else None,
            "fds_end": fds[-1] if fds else None,
            "fds_max": max(fds, default=None),
            "cpu_pct_idle_median": cpu_median("idle"),
            "cpu_pct_busy_median": cpu_median("busy"),
            "data_bytes_max": max((s.data_bytes for s in samples), default=None),
            "records_bytes": records_bytes,
            "games_recorded": games,
            "taps": self.passer.taps,
            "keys": self.passer.keys,
            "escapes": self.escapes,
            "stuck": self.stuck,
            # an exit before the soak stopped it is a crash, whatever its status
            "crashes": self.kiosk.tracebacks() + (exit_status is not None),
            "exit_status": exit_status,
            "home": str(self.kiosk.home),
        }


def start_xvfb() -> tuple[str, subprocess.Popen[bytes]]:
    if not shutil.which("Xvfb"):
        raise SystemExit("kiosk_soak: no DISPLAY and no Xvfb to start one")
    xvfb = subprocess.Popen(
        ["Xvfb", XVFB_DISPLAY, "-screen", "0", XVFB_SCREEN],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(2)
    return XVFB_DISPLAY, xvfb


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument(
        "--config", help=f"a kiosk.toml (default: the example's, idle {IDLE_SECONDS} s)"
    )
    parser.add_argument("--display", help="an X display (default: $DISPLAY, else an Xvfb)")
    parser.add_argument("--sample", type=float, default=30.0, help="seconds between samples")
    parser.add_argument("--shots", help="a folder for a screenshot at each sample")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.shots:
        Path(args.shots).mkdir(parents=True, exist_ok=True)
    home = Path(scratch_home("kiosk_soak_"))
    config = home / "kiosk.toml"
    if args.config:
        shutil.copy(args.config, config)
    else:
        example = EXAMPLE_CONFIG.read_text(encoding="utf-8")
        config.write_text(example.replace("idle_seconds = 60", f"idle_seconds = {IDLE_SECONDS}"))
    idle_s = tomllib.loads(config.read_text(encoding="utf-8")).get("idle_seconds", 60)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # to the finally below
    display, xvfb = args.display or os.environ.get("DISPLAY"), None
    if not display:
        display, xvfb = start_xvfb()
    try:
        kiosk = Kiosk(display, config, home)
        try:
            soak = Soak(kiosk, args, idle_s)
            soak.run()
            exit_status = None if kiosk.alive else kiosk.process.returncode
        finally:
            kiosk.stop()
    finally:
        if xvfb is not None:
            xvfb.terminate()
    result = soak.report(exit_status)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    bad = result["escapes"] or result["stuck"] or result["crashes"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
