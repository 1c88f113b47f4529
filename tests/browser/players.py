"""The players at a browser test's table: seats played by clicking their pages, seats played by API bots,
and the loop that plays a game out.

A page seat acts only through what its page shows: it reads its view from the API (with the page's own
token) just to know when it owes a decision, then waits for the page to draw that decision, checks the
page offers exactly the view's legal choices, clicks one, types the words where the decision takes them
and presses the page's submit button.
"""

from __future__ import annotations

import random
import time
import uuid
from dataclasses import dataclass
from typing import Any

import httpx
import msgspec

from grimoire.domain.events import Action
from grimoire.projections.view import View
from grimoire.service.bots import owed_action

# the enabled choices a decision's box shows, read at once; null while the page shows no such box
SHOWN_CHOICES = """(testid) => {
  const box = document.querySelector(`[data-testid="${testid}"]`);
  if (!box || !box.checkVisibility()) return null;
  const enabled = [...box.querySelectorAll('[data-testid^="choice-"]')].filter((b) => !b.disabled);
  return enabled.map((b) => b.dataset.testid.slice("choice-".length));
}"""
# whether the page pins "your turn" with the time left within the screen, and holds "Send" before a choice
TURN_SHOWN = r"""(testid) => {
  const box = document.querySelector(`[data-testid="${testid}"]`);
  const turn = document.querySelector('[data-testid="your-turn"]');
  const r = turn && turn.checkVisibility() ? turn.getBoundingClientRect() : null;
  return {
    choices: box.querySelectorAll('[data-testid^="choice-"]').length > 0,
    submit_disabled: box.querySelector('[data-testid="submit"]').disabled,
    turn: !!r && r.top >= 0 && r.bottom <= window.innerHeight && /\d:\d\d/.test(turn.innerText),
  };
}"""
# what the page shows of its state, for a failure's message
PAGE_STATE = """(testid) => ({
  step: document.querySelector('[data-testid="step"]')?.dataset.step,
  connection: document.querySelector('[data-testid="connection"]')?.dataset.state,
  box: document.querySelector(`[data-testid="${testid}"]`)?.outerHTML.slice(0, 2000),
})"""
WORDS = ("Good evening, table", "Let us listen first", "I have a feeling about", "Nothing to add", "Agreed")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": "Bearer " + token}


def owed(view: dict) -> dict | None:
    """The decision a seat owes now (not a repeatable one), or None."""
    if view["status"] != "running" or view.get("answered") is not None:
        return None
    return next((d for d in view["decisions"] if not d.get("repeatable")), None)


def words(decision: dict, rng: random.Random) -> str:
    """A speech within the decision's length and its speech rule, naming no role."""
    if decision.get("exact_text"):
        return decision["exact_text"]
    suffix = decision.get("text_suffix", "")
    text = f"{rng.choice(WORDS)} {rng.randrange(1, 100)}"
    return text[: max(0, decision["text"] - len(suffix))] + suffix


@dataclass
class ApiSeat:
    """A seat played by a random-legal bot through the API (service.bots)."""

    api: httpx.Client
    game_id: str
    seat: int
    token: str
    rng: random.Random
    answers: int = 0  # the actions the service accepted

    def view(self) -> dict:
        return self.api.get(f"/games/{self.game_id}/view", headers=auth(self.token)).json()["view"]

    def action(self, view: dict) -> Action | None:
        """What it sends for `view`: a random legal answer to what it owes, if anything."""
        return owed_action(msgspec.convert(view, View, strict=False), self.rng)

    def act(self, view: dict) -> bool:
        action = self.action(view)
        if action is None:
            return False
        r = self.api.post(
            f"/games/{self.game_id}/actions",
            json=msgspec.to_builtins(action),
            headers={**auth(self.token), "Idempotency-Key": uuid.uuid4().hex},
        )
        self.answers += r.status_code == 200
        return r.status_code == 200


@dataclass
class PageSeat:
    """A seat played by clicking its page."""

    api: httpx.Client
    game_id: str
    seat: int
    token: str
    rng: random.Random
    page: Any
    clicks: int = 0
    turns_shown: int = 0  # turns the page pinned "your turn" with the time left on the screen's first view
    sends_held: int = 0  # decisions with choices whose "Send" waited for one
    abstained: int = 0  # optional decisions answered with the page's own abstain button

    def view(self) -> dict:
        return self.api.get(f"/games/{self.game_id}/view", headers=auth(self.token)).json()["view"]

    def act(self, view: dict) -> bool:
        decision = owed(view)
        if decision is None:
            return False
        box_testid = f"decision-{decision['kind']}"
        box = self.page.locator(f'[data-testid="{box_testid}"]')
        legal = {str(t) for t in decision.get("targets", ())} | set(decision.get("options", ()))
        if not self._shows_legal_choices(box_testid, legal, view["step"]):
            return False  # the step closed before the page drew it
        self._check_turn(box)
        count = decision.get("count", 1)
        targets = [str(t) for t in decision.get("targets", ())]
        # no one chosen: the abstain button, not "Send" (the first time it is offered, then now and then)
        if decision.get("optional") and legal and (not self.abstained or self.rng.random() < 0.3):
            box.locator('[data-testid="abstain"]').click()
            self.clicks += 1
            self.abstained += 1
            self._wait_answered(view["step"], decision, [])
            return True
        if count > 1:
            picked = self.rng.sample(targets, count)
        elif targets:
            picked = [self.rng.choice(targets)]
        else:
            picked = []
        if decision.get("options"):
            picked.append(self.rng.choice(decision["options"]))
        for value in picked:
            box.locator(f'[data-testid="choice-{value}"]').click()
        if decision.get("text"):
            box.locator('[data-testid="text-input"]').fill(words(decision, self.rng))
        box.locator('[data-testid="submit"]').click()
        self.clicks += 1
        self._wait_answered(view["step"], decision, picked)
        return True

    def _check_turn(self, box) -> None:
        """Before a choice, the decision's "Send" is disabled where it offers choices, and "your turn" with the
        time left shows on the phone's first screen (read at once: the step may move on meanwhile)."""
        seen = self.page.evaluate(TURN_SHOWN, box.get_attribute("data-testid"))
        if seen["choices"] and seen["submit_disabled"]:
            self.sends_held += 1
        if seen["turn"]:
            self.turns_shown += 1

    def _shows_legal_choices(self, box_testid: str, legal: set[str], step: int) -> bool:
        """Waits until the page shows the decision with exactly the view's legal choices enabled; False when
        the step moved on first. Fails when the page keeps offering other choices."""
        deadline = time.monotonic() + 8
        shown: set[str] = set()
        while time.monotonic() < deadline:
            found = self.page.evaluate(SHOWN_CHOICES, box_testid)
            shown = set(found or ())
            if found is not None and shown == legal:
                return True
            if self.view()["step"] != step:
                return False
            time.sleep(0.1)
        page_state = self.page.evaluate(PAGE_STATE, box_testid)
        raise AssertionError(
            f"seat {self.seat}'s page offers {sorted(shown)} where its view allows {sorted(legal)} "
            f"(step {step}, {box_testid}; the page: {page_state})"
        )

    def _wait_answered(self, step: int, decision: dict, picked: list[str]) -> None:
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            view = self.view()
            if view["step"] != step or owed(view) != decision:  # answered, or no longer asked
                return
            time.sleep(0.1)
        problem = self.page.locator('[data-testid="problem"]')
        shown = problem.all_inner_texts() if problem.count() else []
        raise AssertionError(f"seat {self.seat}'s answer {picked} to {decision} was not taken: {shown}")


def play_out(
    api: httpx.Client,
    game_id: str,
    force: Any,
    seats: list[ApiSeat | PageSeat],
    each_round: Any = None,
    timeout: float = 300,
) -> dict:
    """Plays every seat until the game ends; returns the final spectator view. When no seat owes
    anything (a step that only waits for its deadline) `force()` ends the step, as the host may.
    `each_round()` runs after every round: a test's checks while the game goes on."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        acted = owing = False
        for seat in seats:
            view = seat.view()
            if view["status"] in ("ended", "aborted"):
                return api.get(f"/games/{game_id}/view").json()["view"]
            owing = owing or owed(view) is not None
            acted = seat.act(view) or acted
        if each_round is not None:
            each_round()
        if not acted and not owing:
            force()
        elif not acted:
            time.sleep(0.2)
    raise AssertionError(f"game {game_id} did not end within {timeout} s")
