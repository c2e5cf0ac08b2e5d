"""The end of a round as its summary shows it: what counted, what each 3 cancelled,
and what Enter does next, said alike on the button and in the footer."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Button, Label

from craits_core import Card, Game, RuleSet
from craits_core.events import RoundEnded
from craits_tui.faces import CardLook
from craits_tui.screens.round_summary import RoundSummary
from craits_tui.widgets.footer import Footer

from .conftest import until

HAND = ["QD", "5D", "10C", "3C", "4H"]


def ended(round_number: int, hands: list[list[str]]) -> RoundEnded:
    held = tuple(tuple(Card.parse(c) for c in hand) for hand in hands)
    return RoundEnded(round_number, held, (0, 50), (0,))


def summary(round_number: int, hands: list[list[str]]) -> RoundSummary:
    game = Game.new(["Ann", "Bob"], seed=1, rules=RuleSet(short_game=True))
    return RoundSummary(ended(round_number, hands), game.view(0), CardLook(ascii=True))


def entries(screen: RoundSummary, hand: list[str]) -> list[str]:
    return [entry.plain for entry in screen._cards([Card.parse(c) for c in hand]).entries]


def test_each_card_shows_once_the_dearest_first_then_what_each_three_cancelled() -> None:
    screen = summary(1, [[], HAND])
    assert entries(screen, HAND) == ["10C 25", "4H 15", "QD 10", "3C cancels 5D"]


def test_a_three_with_nothing_to_cancel_shows_what_it_scores() -> None:
    screen = summary(1, [[], ["3C", "3S", "KH"]])
    assert entries(screen, ["3C", "3S", "KH"]) == ["3C cancels KH", "3S -50"]


class Host(App[None]):
    def __init__(self, screen: RoundSummary) -> None:
        super().__init__()
        self.summary = screen
        self.closed = False

    def compose(self) -> ComposeResult:
        yield Label("table")

    def on_mount(self) -> None:
        self.push_screen(self.summary, lambda _: setattr(self, "closed", True))


def footer_keys(app: App[None]) -> list[str]:
    return [str(key.description) for key in app.screen.query_one(Footer).keys]


async def test_the_last_rounds_footer_says_what_its_button_says() -> None:
    for round_number, words in ((3, "Next round"), (8, "See the result")):
        app = Host(summary(round_number, [[], HAND]))
        async with app.run_test(size=(100, 32)) as pilot:
            await until(pilot, lambda a=app: isinstance(a.screen, RoundSummary), "the summary")
            label = str(app.screen.query_one("#next", Button).label)
            assert label.startswith(words)
            assert words in footer_keys(app)
            await pilot.press("enter")
            await until(pilot, lambda a=app: a.closed, "the summary closed")
