"""The pages' budget: the weight of their own JavaScript and CSS, and the first render of a seat's page.

    python tests/bench/pages.py [--renders 5]

Weight: the bytes (uncompressed) of every .js and .css file under service/static/table/, the pages' own
files (budget: under 100 KB). First render: a real `grimoire serve` on a SQLite file, a 13-seat
ultimate13 game started, and a seat's page opened in the system's Chromium (/usr/bin/chromium) in a
fresh browser context each time, from navigation start until the page marks its first render with data
done (`body[data-ready="1"]`, with the seat's role shown), as the page's own clock counts it (budget:
under 1 s). The last line printed is one JSON object.
"""

from __future__ import annotations

import sys
from pathlib import Path

# This file's folder holds http.py, which must not shadow the standard library's `http` package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse
import json
import statistics
import tempfile

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import httpx

from tests.browser.serve import CHROMIUM, HOST, MISSING_CHROMIUM, Server, launch

PAGES = ROOT / "service" / "static" / "table"
WEIGHT_BUDGET = 100_000  # 100 KB
RENDER_BUDGET_MS = 1000
SEATS = 13

# the time since navigation start at which the page is ready with the seat's role on screen
READY = """() => {
  const role = document.querySelector('[data-testid="role"]');
  return document.body.dataset.ready === "1" && role && role.textContent.trim() ? performance.now() : false;
}"""


def weight() -> dict[str, int]:
    files = sorted(p for p in PAGES.rglob("*") if p.suffix in (".js", ".css"))
    return {str(p.relative_to(PAGES)): p.stat().st_size for p in files}


def seat_link(api: httpx.Client) -> str:
    """The seat page (path and fragment) of seat 1 of a started 13-seat ultimate13 game."""
    info = api.get("/rulesets/ultimate13").json()
    preset = next(name for name, seats in info["preset_seats"].items() if seats == SEATS)
    names = [f"Player {i}" for i in range(1, SEATS + 1)]
    r = api.post("/games", json={"ruleset": "ultimate13", "preset": preset, "names": names, "lang": "en"})
    r.raise_for_status()
    game = r.json()
    started = api.post(f"/games/{game['game_id']}/start", headers={"Authorization": "Bearer " + game["host_token"]})
    started.raise_for_status()
    return f"/play/{game['game_id']}#token={game['seats'][0]['token']}"


def first_renders(origin: str, link: str, renders: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            for _ in range(renders):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                page.goto(origin + link)
                times.append(page.wait_for_function(READY, timeout=30_000).json_value())
                context.close()
        finally:
            browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--renders", type=int, default=5, help="seat pages opened, each in a fresh context")
    args = parser.parse_args()
    if not CHROMIUM.is_file():
        raise SystemExit(MISSING_CHROMIUM)
    files = weight()
    total = sum(files.values())
    server = Server(Path(tempfile.mkdtemp(prefix="grimoire-pages-")))
    try:
        with httpx.Client(base_url=server.url, timeout=30) as api:
            link = seat_link(api)
        times = first_renders(f"http://{HOST}:{server.port}", link, args.renders)
    finally:
        server.stop()
    figures = {
        "js_css_bytes": total,
        "js_css_budget_bytes": WEIGHT_BUDGET,
        "files": files,
        "seats": SEATS,
        "renders": len(times),
        "first_render_ms_median": round(statistics.median(times), 1),
        "first_render_ms_max": round(max(times), 1),
        "first_render_budget_ms": RENDER_BUDGET_MS,
        "within_budget": total < WEIGHT_BUDGET and statistics.median(times) < RENDER_BUDGET_MS,
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
