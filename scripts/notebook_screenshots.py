"""Screenshots of the classroom notebooks (02-04) as Voila renders them in Debian's chromium.

    .venv/bin/python scripts/notebook_screenshots.py [02 03 04] [--out docs/screenshots]

Each notebook is served by Voila (a temporary copy), opened with external requests
blocked, waited for until its maps and plots are drawn, and saved as a PNG of its
key part: the walkthrough's siege demo, the comparison with Rome in AD 117
after the computer has played the rest of Epoch II (the Romans' turn included),
and the what-if lab's first question (two distributions and the table of
averages with their intervals). Look at every PNG after taking it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import voila_driver as drv  # noqa: E402

NOTEBOOKS = {
    "02": ROOT / "notebooks" / "02_rules_walkthrough.ipynb",
    "03": ROOT / "notebooks" / "03_history_classroom.ipynb",
    "04": ROOT / "notebooks" / "04_what_if.ipynb",
}


def _settle(page: object, selector: str, count: int, timeout: float = 180.0) -> None:
    """Wait until at least ``count`` elements match ``selector`` (Voila draws cell by cell)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator(selector).count() >= count:  # type: ignore[attr-defined]
            return
        page.wait_for_timeout(500)  # type: ignore[attr-defined]  (time.sleep would stall the page's requests)
    raise TimeoutError(f"fewer than {count} of {selector!r} after {timeout:.0f} s")


def _clip(page: object, first: str, last: str, pad: int = 8) -> dict[str, float]:
    """The viewport rectangle from the top of ``first`` to the bottom of ``last`` (CSS selectors).

    Voila scrolls an inner element, not the page, so ``first`` is scrolled to the top
    and the viewport must be tall enough for the whole rectangle.
    """
    box = page.evaluate(  # type: ignore[attr-defined]
        """([a, b]) => { const A = document.querySelector(a), B = document.querySelector(b);
            A.scrollIntoView({block: 'start'});
            const ra = A.getBoundingClientRect(), rb = B.getBoundingClientRect();
            return {x: Math.min(ra.x, rb.x), y: ra.y, r: Math.max(ra.right, rb.right), b: rb.bottom}; }""",
        [first, last],
    )
    width = max(box["r"] - box["x"] + 2 * pad, 1240 - box["x"])  # the text between the pieces is wider
    return {"x": max(box["x"] - pad, 0), "y": max(box["y"] - pad, 0), "width": width,
            "height": box["b"] - box["y"] + 2 * pad}


def shoot(key: str, out: Path) -> Path:
    """Render one notebook and save its screenshot; returns the PNG path."""
    target = out / f"{NOTEBOOKS[key].stem}.png"
    height = 1400 if key == "04" else 900  # tall enough for the clipped part
    with drv.voila_server(NOTEBOOKS[key]) as url, drv.browser_page(width=1280, height=height) as (page, blocker):
        page.goto(url, timeout=180_000)
        if key == "02":
            _settle(page, ".hotw-demo", 15)
            _settle(page, ".hotw-app .leaflet-container path.hotw-space", 300)
            page.wait_for_timeout(2000)
            demo = page.locator(".hotw-demo").nth(5)  # the siege
            demo.scroll_into_view_if_needed()
            page.wait_for_timeout(1000)
            demo.screenshot(path=str(target))
        elif key == "03":
            _settle(page, ".hotw-comparison-box", 1)
            _settle(page, ".hotw-app .hotw-prompt", 1)
            page.locator(".hotw-epoch").first.click()  # the computer plays the rest of Epoch II, Romans included
            page.wait_for_function(
                "() => [...document.querySelectorAll('.hotw-status-line')].some(e => e.dataset.epoch === '3')",
                timeout=120_000)
            page.locator(".hotw-compare").first.click()
            page.wait_for_function(
                "() => { const t = document.querySelector('.hotw-comparison-text');"
                " return t && t.innerText.includes('when their turn ended'); }", timeout=60_000)
            page.wait_for_timeout(2000)
            page.mouse.move(5, 5)  # no hover outline or hover text in the picture
            box = page.locator(".hotw-comparison-box").first
            box.scroll_into_view_if_needed()
            page.wait_for_timeout(1000)
            box.screenshot(path=str(target))
        else:
            _settle(page, ".jp-OutputArea-output img", 5)
            _settle(page, ".jp-OutputArea-output table.dataframe", 1)
            _settle(page, ".hotw-odds-result table", 1)
            page.wait_for_timeout(2000)
            # Question 1: the two distributions and the table of averages with their intervals.
            clip = _clip(page, ".jp-OutputArea-output img", ".jp-OutputArea-output table.dataframe")
            page.wait_for_timeout(1000)
            page.screenshot(path=str(target), clip=clip)
        if blocker.blocked:
            print(f"{key}: blocked {len(blocker.blocked)} outside request(s), e.g. {blocker.blocked[0]}")
    return target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("which", nargs="*", default=sorted(NOTEBOOKS))
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for key in args.which:
        start = time.monotonic()
        path = shoot(key, args.out)
        print(f"{path}: {path.stat().st_size // 1024} KB in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
