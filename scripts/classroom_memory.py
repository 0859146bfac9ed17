"""The memory of a class on the teacher's machine: ``hotw classroom`` with every seat's page open in chromium.

Opens ``--seats`` seat pages (tables of 4, the last smaller) and the teacher's page,
waits until every page shows its map, then adds up the proportional set size (PSS:
shared pages counted once across processes) of the class's processes: the command
(with the table host), the Voila server and every page's kernel. The browsers are
the students' machines and are not counted.

    python scripts/classroom_memory.py --seats 30
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))


def pss_mb(pid: int) -> float:
    """The proportional set size of a process in MB (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``."""
    out = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True).stdout.split("\n")
    children: dict[int, list[int]] = {}
    for line in out:
        if line.strip():
            p, pp = map(int, line.split())
            children.setdefault(pp, []).append(p)
    found, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            found.append(c)
            todo.append(c)
    return found


def main() -> int:
    import voila_driver as drv

    from hotw.classroom import open_store
    from hotw.classroom.table import new_table

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=30)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="hotw-class-memory-"))
    store = open_store(folder / "class.sqlite")
    sizes = [4] * (args.seats // 4)  # tables of 4; the rest makes a table of 3, two of 3, or one of 5
    rest = args.seats % 4
    if rest == 3 or not sizes:
        sizes.append(rest)
    elif rest == 2:
        sizes[-1:] = [3, 3]
    elif rest == 1:
        sizes[-1] = 5
    secrets = []
    for n, size in enumerate(sizes, 1):
        tid = new_table(store, f"T{n}", [f"P{i + 1}" for i in range(size)], seed=n,
                        ruleset=("hotw2018", "classic", "brief", "heroes")[n % 4])
        secrets += [s.secret for s in store.seats(tid)]
    port = drv.free_port()
    proc = subprocess.Popen([sys.executable, "-c", "import sys; from hotw.cli import main; sys.exit(main())",
                             "classroom", "--store", str(folder / "class.sqlite"), "--port", str(port), "--ip",
                             "127.0.0.1"], cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        drv.wait_for_port(port)
        base = f"http://127.0.0.1:{port}/voila/render/"
        start = time.monotonic()
        with drv.chromium() as browser:
            context = browser.new_context(viewport={"width": 1200, "height": 800})
            pages = []
            for secret in secrets:
                page = context.new_page()
                page.goto(base + f"seat.ipynb?seat={secret}", timeout=300_000)
                drv.wait_for_map(page, timeout=300_000)
                pages.append(page)
            teacher = context.new_page()
            teacher.goto(base + f"teacher.ipynb?key={store.teacher_key()}", timeout=300_000)
            drv.wait_for_map(teacher, timeout=300_000)
            opened = time.monotonic() - start
            time.sleep(5)
            procs = [proc.pid, *descendants(proc.pid)]
            kernels = [p for p in procs if "ipykernel" in Path(f"/proc/{p}/cmdline").read_text(errors="replace")]
            total = sum(pss_mb(p) for p in procs)
            per_kernel = [pss_mb(p) for p in kernels]
            rest = total - sum(per_kernel)
            print(f"classroom memory: {len(secrets)} seat pages and the teacher's page open in {opened:.0f} s; "
                  f"{len(kernels)} kernels, PSS {sum(per_kernel):.0f} MB ({min(per_kernel):.0f}-"
                  f"{max(per_kernel):.0f} MB each, mean {sum(per_kernel) / len(per_kernel):.0f}); "
                  f"the command, host and Voila server {rest:.0f} MB; the class in all {total:.0f} MB "
                  f"({total / 1024:.2f} GB; budget 4 GB)")
            for page in pages + [teacher]:
                page.close(run_before_unload=True)
            closed = time.monotonic()
            while time.monotonic() - closed < 120:
                left_over = [p for p in descendants(proc.pid)
                             if "ipykernel" in Path(f"/proc/{p}/cmdline").read_text(errors="replace")]
                if not left_over:
                    break
                time.sleep(1)
            print(f"kernels left {time.monotonic() - closed:.0f} s after every page was closed: {len(left_over)}")
    finally:
        proc.terminate()
        proc.wait(60)
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
