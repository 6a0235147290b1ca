#!/usr/bin/env python
"""Build the compiled core: the modules of ``ora_core.compiled.MODULES`` compiled by mypyc into
``.compiled/<interpreter>/`` (docs/performance.md, "The compiled core").

    python scripts/build_core.py            # build if the sources changed since the last build
    python scripts/build_core.py --force    # build again
    python scripts/build_core.py --check    # exit 0 if the build matches the sources, else 1
    python scripts/build_core.py --background  # as ./run.sh: quiet, never twice at a time

``./test.sh`` runs it where a C compiler and the Python headers exist, and waits for it;
``./run.sh`` starts it in the background and runs at once, in pure Python until the build is
done (the next start uses it). Without a compiler (or with ``ORA_PURE=1``) the pure Python
runs, which is the same program. The build needs mypy and setuptools (the ``compile`` extra).
It compiles a copy of the packages in a temporary folder, so a failed or interrupted build
leaves the last good one (or none) in place; its compiler output goes to
``.compiled/build.log``. Every message is one line.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ora_core.compiled import (  # noqa: E402  (the repository's own package, by path)
    MANIFEST,
    MODULES,
    build_dir,
    compiler_missing,
    source_hashes,
)

#: mypyc's optimisation level: -O3 measured 28-30 % faster than the sources on a command and a
#: random game (docs/performance.md); each module is compiled apart (``separate``), so the
#: compiler runs on every core.
OPT_LEVEL = "3"

_SETUP = """
import os, sys
from setuptools import setup
from mypyc.build import mypycify
modules = sys.argv.pop().split(",")
setup(name="ora_compiled", packages=[], py_modules=[],
      ext_modules=mypycify(modules, opt_level={opt!r}, debug_level="0", separate=True))
"""


def up_to_date() -> bool:
    try:
        manifest = json.loads((build_dir() / MANIFEST).read_text())
    except (OSError, ValueError):
        return False
    return bool(manifest.get("sources") == source_hashes())


def build(jobs: int) -> Path:
    """Compile into a temporary folder, then put the build in a folder of its own and name it
    in the manifest (replaced atomically); returns the build's folder. Of earlier builds the
    one before is kept (a running process may still import from it), the rest removed."""
    hashes = source_hashes()
    home = build_dir()
    home.mkdir(parents=True, exist_ok=True)
    log = home.parent / "build.log"
    key = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    target = home / key
    with tempfile.TemporaryDirectory(prefix="ora-build-") as tmp:
        work = Path(tmp)
        for package in ("ora_core", "ora_rules"):
            shutil.copytree(ROOT / package, work / package,
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "locale"))
        # mypyc type-checks what it compiles; --strict is the suite's own check (mypy).
        (work / "mypy.ini").write_text("[mypy]\npython_version = 3.11\n")
        (work / "setup.py").write_text(_SETUP.format(opt=OPT_LEVEL))
        paths = ",".join(str(Path(*m.split(".")).with_suffix(".py")) for m in MODULES)
        with log.open("w") as out:
            run = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-j",
                                  str(jobs), paths], cwd=work, stdout=out, stderr=out)
        if run.returncode != 0:
            raise SystemExit(f"build_core: mypyc failed (exit {run.returncode}); see {log}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        files: dict[str, str] = {}
        shutil.rmtree(target, ignore_errors=True)
        for built in sorted(work.rglob(f"*{suffix}")):
            if "build" in built.relative_to(work).parts:
                continue  # setuptools' own copies
            relative = built.relative_to(work)
            name = ".".join(relative.with_name(relative.name.removesuffix(suffix)).parts)
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(built, target / relative)
            files[name] = str(relative)
    missing = [m for m in MODULES if m not in files]
    if missing:
        raise SystemExit(f"build_core: no extension was built for {', '.join(missing)}; "
                         f"see {log}")
    from mypy.version import __version__ as mypy_version

    try:
        previous = json.loads((home / MANIFEST).read_text()).get("folder")
    except (OSError, ValueError):
        previous = None
    manifest = {"sources": hashes, "folder": key, "files": files, "mypy": mypy_version,
                "opt_level": OPT_LEVEL, "python": sys.version.split()[0]}
    staged = home / (MANIFEST + ".new")
    staged.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    os.replace(staged, home / MANIFEST)
    for old in home.iterdir():
        if old.is_dir() and old.name not in (key, previous):
            shutil.rmtree(old, ignore_errors=True)
    return target


@contextmanager
def _one_build_at_a_time(wait: bool) -> Iterator[bool]:
    """An exclusive lock on ``.compiled/build.lock``: True when held. ``./run.sh`` builds in
    the background and ``./test.sh`` in the foreground; one waits for the other's build rather
    than compiling the same thing twice (``wait``), or leaves it to it."""
    lock = build_dir().parent / "build.lock"
    lock.parent.mkdir(parents=True, exist_ok=True)
    with lock.open("w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if not wait:
                yield False
                return
            print("build_core: waiting for the build already running (./run.sh's) ...",
                  file=sys.stderr)
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    parser.add_argument("--check", action="store_true",
                        help="only say whether the build matches the sources (exit 0 or 1)")
    parser.add_argument("--background", action="store_true",
                        help="leave the build to another build_core already running, and say "
                             "nothing but failures")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args(argv)
    if args.check:
        fresh = up_to_date()
        print("build_core: the compiled core matches the sources" if fresh else
              "build_core: the compiled core is missing or older than the sources")
        return 0 if fresh else 1
    if not args.force and up_to_date():
        return 0
    missing = compiler_missing()
    if missing is not None:
        print(f"build_core: {missing}; the pure Python runs (the same program, slower)",
              file=sys.stderr)
        return 0
    with _one_build_at_a_time(wait=not args.background) as held:
        if not held or (not args.force and up_to_date()):
            return 0  # built meanwhile, or being built by another build_core
        if not args.background:
            print(f"build_core: compiling the core with mypyc ({len(MODULES)} modules, a minute "
                  "or two; ORA_PURE=1 skips it) ...", file=sys.stderr)
        started = time.monotonic()
        target = build(args.jobs)
        if not args.background:
            print(f"build_core: built {target.relative_to(ROOT)} in "
                  f"{time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
