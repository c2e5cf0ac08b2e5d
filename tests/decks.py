"""Stacked decks for tests: say who holds what, get the deck `Game.new` deals it from."""

from __future__ import annotations

from collections.abc import Sequence

from craits_core import FULL_DECK, Card, Game, RuleSet


def cards(text: str) -> list[Card]:
    """``"8H 10S AS"`` -> those cards."""
    return [Card.parse(code) for code in text.split()]


def stacked_deck(
    hands: Sequence[str], starter: str, stock: str = "", dealer: int = 0
) -> list[Card]:
    """The 52-card deck (top first) that deals ``hands[seat]`` to each seat, turns up
    ``starter`` and puts ``stock`` on top of the stock (next card drawn first); the
    other cards follow in a fixed order. Every hand must have the same size."""
    held = [cards(h) for h in hands]
    size = len(held[0])
    if any(len(h) != size for h in held):
        raise ValueError("every hand must have the same size")
    n = len(held)
    deck: list[Card] = []
    for i in range(size):
        for offset in range(n):
            deck.append(held[(dealer + 1 + offset) % n][i])
    deck.append(Card.parse(starter))
    deck.extend(cards(stock))
    used = set(deck)
    if len(used) != len(deck):
        raise ValueError("a card appears twice in the stacked deck")
    deck.extend(c for c in FULL_DECK if c not in used)
    return deck


def stacked_game(
    hands: Sequence[str],
    starter: str,
    stock: str = "",
    *,
    dealer: int = 0,
    rules: RuleSet | None = None,
    names: Sequence[str] | None = None,
    seed: int = 1,
) -> Game:
    """A game whose first round is dealt as given. The round's number is the one
    whose hand size matches the hands (the first such round of the schedule)."""
    rules = rules or RuleSet()
    size = len(hands[0].split())
    first_round = rules.schedule.index(size) + 1
    names = names or ["Ann", "Bob", "Cy", "Di", "Ed"][: len(hands)]
    deck = stacked_deck(hands, starter, stock, dealer)
    return Game.new(
        names, seed=seed, rules=rules, deck=deck, dealer=dealer, first_round=first_round
    )
