"""The easy, hard and expert levels: legal, reproducible, blind to hidden cards; easy
forgets its last card now and then, hard never; hard finds the obvious winning move;
`make_bot` options."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from craits_core import (
    FULL_DECK,
    Announce,
    CallIdiot,
    Card,
    Draw,
    Game,
    Play,
    RuleSet,
    Suit,
    score_hand,
)
from craits_core.bots import (
    DEFAULT_ITERATIONS,
    LEVELS,
    OPTIONS,
    TIME_CAP,
    Bot,
    EasyBot,
    HardBot,
    NormalBot,
    RandomBot,
    make_bot,
)
from craits_core.bots.clues import hand_score, log_likelihood, make_clue
from craits_core.bots.knowledge import Knowledge
from craits_core.bots.masks import mask_of
from craits_core.bots.reasons import Reason
from craits_core.bots.sampling import STEPS, Sampler
from tests.decks import stacked_game
from tests.hosting import listen, step

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
QUICK = {"iterations": 24}
"""A small, fixed search: the same moves on any machine, and fast."""
QUICK_EXPERT = {"simulations": 6}


def play_rounds(game: Game, bots: Sequence[Bot], rounds: int) -> Game:
    """Host ``bots`` until ``rounds`` rounds have ended or the game is over."""
    listen(game, bots)
    start = len(game.state.round_scores)
    for _ in range(20_000):
        state = game.state
        if state.is_over or len(state.round_scores) - start >= rounds:
            return game
        step(game, bots)
    raise AssertionError("the game did not end")


def bot(level: str, seed: int) -> Bot:
    options = QUICK if level == "hard" else QUICK_EXPERT if level == "expert" else {}
    return make_bot(level, seed=seed, **options)


# --- make_bot ------------------------------------------------------------------------------


def test_all_five_levels_are_available() -> None:
    assert LEVELS == ("random", "easy", "normal", "hard", "expert")
    for level in LEVELS:
        made = make_bot(level, seed=1)
        assert made.level == level
        assert isinstance(made, Bot)
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("normal"), NormalBot)
    assert isinstance(make_bot("hard"), HardBot)


def test_hard_takes_a_time_budget_or_iterations() -> None:
    assert OPTIONS["hard"] == ("time_budget", "iterations")
    default = make_bot("hard", seed=1)
    assert isinstance(default, HardBot)
    # Counted, so a busy machine plays the same moves; capped, so none waits long.
    assert (default.iterations, default.time_budget) == (DEFAULT_ITERATIONS, TIME_CAP)
    assert DEFAULT_ITERATIONS >= 1000 and TIME_CAP <= 1.0
    timed = make_bot("hard", seed=1, time_budget=0.05)
    assert timed.time_budget == 0.05  # type: ignore[attr-defined]
    counted = make_bot("hard", seed=1, iterations=100)
    assert counted.iterations == 100 and counted.time_budget is None  # type: ignore[attr-defined]
    both = make_bot("hard", seed=1, iterations=100, time_budget=0.1)
    assert (both.iterations, both.time_budget) == (100, 0.1)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("level", "options", "message"),
    [
        ("hard", {"depth": 3}, r"'hard' takes only time_budget, iterations; unknown option: depth"),
        ("normal", {"iterations": 5}, r"'normal' takes no options; unknown option: iterations"),
        ("easy", {"a": 1, "b": 2}, r"'easy' takes no options; unknown options: a, b"),
        ("hard", {"iterations": 0}, r"iterations must be a whole number"),
        ("hard", {"iterations": 2.5}, r"iterations must be a whole number"),
        ("hard", {"time_budget": -1}, r"time_budget must be a positive number"),
        ("hard", {"time_budget": "fast"}, r"time_budget must be a positive number"),
        ("expert", {"iterations": 5}, r"'expert' takes only simulations, time_limit"),
        ("expert", {"simulations": -1}, r"simulations must be a whole number"),
        ("expert", {"time_limit": 0}, r"time_limit must be a positive number"),
    ],
)
def test_bad_options_are_refused(level: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(level, seed=1, **options)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(
        ValueError, match=r"unknown bot level 'master'.*random, easy, normal, hard, expert"
    ):
        make_bot("master")


# --- Legal, reproducible, blind ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_easy_plays_only_legal_moves(players: int) -> None:
    levels = (["easy", "normal", "random"] * 2)[:players]
    levels[0] = "easy"
    game = Game.new(NAMES[:players], seed=players)
    bots = [bot(level, players * 10 + seat) for seat, level in enumerate(levels)]
    assert play_rounds(game, bots, 15).state.is_over


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hard_and_expert_play_only_legal_moves(players: int) -> None:
    levels = (["hard", "expert", "easy", "normal", "random"] * 2)[:players]
    rules = RuleSet(short_game=True)
    game = Game.new(NAMES[:players], seed=players, rules=rules, first_round=9 - players)
    bots = [bot(level, players * 10 + seat) for seat, level in enumerate(levels)]
    assert play_rounds(game, bots, 8).state.is_over


@pytest.mark.parametrize(
    "rules",
    [
        RuleSet(voluntary_draw=True, colour_matching=True),
        RuleSet(seven_skips=True, wild_nine=True),
    ],
)
def test_easy_and_hard_play_the_variants(rules: RuleSet) -> None:
    game = Game.new(NAMES[:3], seed=7, rules=rules, first_round=12)
    bots = [bot(level, seat) for seat, level in enumerate(["hard", "easy", "expert"])]
    play_rounds(game, bots, 2)


@pytest.mark.parametrize("level", ["easy", "hard", "expert"])
def test_same_seed_same_game(level: str) -> None:
    def log(seed: int) -> list[dict[str, object]]:
        game = Game.new(NAMES[:3], seed=5, first_round=13)
        bots = [bot(level, seed + seat) for seat in range(3)]
        return play_rounds(game, bots, 1).events

    assert log(3) == log(3)
    assert log(3) != log(4)


def two_deals(seed: int, players: int) -> tuple[Game, Game]:
    """Two games whose views for seat 1 are equal: the same hand for seat 1 and the
    same starter, the other hands and the stock different. Dealer 0, so seat 1 plays
    first; a starter that makes nobody draw."""
    rng = random.Random(seed)
    while True:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        if deck[0].rank.label in ("A", "3", "J", "Q", "K"):
            break
    starter, size = deck[0], 5
    mine, hidden = deck[1 : 1 + size], deck[1 + size :]
    games = []
    for game_seed in (seed, seed + 1000):
        rng.shuffle(hidden)
        hands = [
            " ".join(str(c) for c in (mine if s == 1 else hidden[s * size : (s + 1) * size]))
            for s in range(players)
        ]
        games.append(stacked_game(hands, str(starter), dealer=0, seed=game_seed))
    return games[0], games[1]


@pytest.mark.parametrize("level", LEVELS)
def test_bots_see_only_the_view(level: str) -> None:
    for seed in range(16 if level in ("hard", "expert") else 40):
        game_a, game_b = two_deals(seed, 2 + seed % 4)
        assert game_a.state.hands != game_b.state.hands
        assert game_a.state.stock != game_b.state.stock
        view = game_a.view(1)
        assert view == game_b.view(1)
        legal = game_a.legal_moves(1)
        assert legal == game_b.legal_moves(1)
        # Each bot also hears its seat's stream, as a host hands it over.
        choices = []
        for game in (game_a, game_b):
            player = bot(level, seed)
            for event in game.events_for(1):
                player.observe(event)
            choices.append(player.choose(game.view(1), game.legal_moves(1)))
        assert choices[0] == choices[1]


def test_hard_sees_only_the_view_later_in_a_round() -> None:
    # After some plays and draws the streams differ in nothing seat 1 may see.
    game_a, game_b = two_deals(3, 3)
    for game in (game_a, game_b):
        for _ in range(4):
            seat = game.state.current_player
            moves = game.legal_moves(seat)
            draw = next((m for m in moves if isinstance(m, Draw)), None)
            if draw is not None or seat == 1:
                break
            game.handle(moves[0])
    if game_a.view(1) != game_b.view(1):
        pytest.skip("the two deals came apart in what seat 1 sees")
    seat = game_a.state.current_player
    choices = []
    for game in (game_a, game_b):
        player = bot("hard", 9)
        for event in game.events_for(seat):
            player.observe(event)
        choices.append(player.choose(game.view(seat), game.legal_moves(seat)))
    assert choices[0] == choices[1]


# --- The easy level -----------------------------------------------------------------------------


def test_easy_forgets_its_last_card_now_and_then() -> None:
    forgotten = 0
    trials = 300
    for seed in range(trials):
        game = stacked_game(["KH 5C", "JS JD"], "QH", dealer=1)
        player = EasyBot(seed=seed)
        move = player.choose(game.view(0), game.legal_moves(0))
        assert isinstance(move, Play)
        game.handle(move)
        # Nor does it think of it afterwards.
        reply = player.react(game.view(0), game.legal_moves(0))
        assert reply is None
        if not game.state.announced[0]:
            forgotten += 1
    assert 0.2 * trials < forgotten < 0.5 * trials


def test_easy_rarely_calls_idiot() -> None:
    game = stacked_game(["JS JD", "KH 5C"], "QH", dealer=0)
    game.handle(Play(1, Card.parse("KH")))
    legal = game.legal_moves(0)
    assert CallIdiot(0, 1) in legal
    calls = sum(EasyBot(seed=s).react(game.view(0), legal) is not None for s in range(400))
    assert 10 < calls < 80


def test_easy_prefers_heavy_cards_a_little() -> None:
    game = stacked_game(["KH 10H 8C 5C 4C", "JS JD 9S 9D 6S"], "QH", dealer=1)
    legal = game.legal_moves(0)
    picks = [EasyBot(seed=s).choose(game.view(0), legal) for s in range(600)]
    cards = [m.card for m in picks if isinstance(m, Play)]
    assert len(cards) == 600
    tens, kings = cards.count(Card.parse("10H")), cards.count(Card.parse("KH"))
    assert kings > 100  # still mostly at random
    assert tens > kings


# --- The hard level ------------------------------------------------------------------------------


def test_hard_goes_out_when_it_can() -> None:
    # With the voluntary draw, drawing is a choice too: going out is the only good one.
    game = stacked_game(["QH", "KS"], "JH", dealer=1, rules=RuleSet(voluntary_draw=True))
    legal = game.legal_moves(0)
    assert Draw(0) in legal
    player = HardBot(seed=1, iterations=10)
    assert player.choose(game.view(0), legal) == Play(0, Card.parse("QH"))


def test_hard_answers_a_crank() -> None:
    # A starter 2 cranks Bob, who holds an ace and a 2: answering beats drawing, and
    # the 2 passes the bigger count on.
    game = stacked_game(["JS 9D KD QS 4H", "AH 2H KC QC JC", "5S 6S 7S 9S 10S"], "2C", dealer=0)
    assert game.state.crank == 2 and game.state.current_player == 1
    move = HardBot(seed=3, iterations=200).choose(game.view(1), game.legal_moves(1))
    assert isinstance(move, Play) and move.card in (Card.parse("2H"), Card.parse("AH"))


def test_hard_takes_the_move_that_goes_out() -> None:
    # Ann holds 8S and 6H on a heart: the 6 lets her play again, and the 8 then goes
    # out; the search finds it (the 8 first would leave the 6 on a named suit).
    game = stacked_game(["8S 6H", "JS JD", "QC QD"], "KH", dealer=2)
    player = HardBot(seed=2, iterations=300)
    move = player.choose(game.view(0), game.legal_moves(0))
    assert isinstance(move, Play) and move.card == Card.parse("6H"), move


def test_hard_calls_and_announces() -> None:
    game = stacked_game(["JS JD", "KH 5C"], "QH", dealer=0)
    game.handle(Play(1, Card.parse("KH")))
    player = HardBot(seed=0, iterations=10)
    assert player.react(game.view(0), game.legal_moves(0)) == CallIdiot(0, 1)
    assert player.choose(game.view(0), game.legal_moves(0)) == CallIdiot(0, 1)
    assert player.react(game.view(1), game.legal_moves(1)) == Announce(1)


def test_hard_announces_with_the_play() -> None:
    game = stacked_game(["KH 5H", "JS JD"], "QH", dealer=1)
    move = HardBot(seed=0, iterations=40).choose(game.view(0), game.legal_moves(0))
    assert isinstance(move, Play) and move.announce


def test_hard_never_forgets_its_last_card() -> None:
    tables = [
        (["KH 5H", "JS JD"], "QH", 1),  # two cards that fit: a search
        (["7C 2D", "JS JD", "QS 4S"], "KC", 2),  # one card that fits
        (["6H 6C 9S", "JD 5S 3C"], "QH", 1),  # after its 6, its turn again
    ]
    for seed in range(40):
        hands, starter, dealer = tables[seed % len(tables)]
        game = stacked_game(hands, starter, dealer=dealer)
        player = HardBot(seed=seed, iterations=4)
        while len(game.state.hands[0]) > 1:
            game.handle(player.choose(game.view(0), game.legal_moves(0)))
        assert game.state.announced[0], seed
    # Nor when a play it did not choose left it one card unannounced.
    game = stacked_game(["JS JD", "KH 5C"], "QH", dealer=0)
    game.handle(Play(1, Card.parse("KH")))
    for seed in range(100):
        assert HardBot(seed=seed, iterations=4).react(game.view(1), game.legal_moves(1)) == (
            Announce(1)
        )


def test_hard_with_one_move_does_not_search() -> None:
    game = stacked_game(["JS 9D KD QS 4H", "AH 5H KC QC JC"], "2C", dealer=0)
    player = HardBot(seed=0, time_budget=30.0)
    assert player.choose(game.view(1), game.legal_moves(1)) == Play(1, Card.parse("AH"))
    assert player.last_search == []


def test_hard_explains_its_moves() -> None:
    game = stacked_game(["2H KH 4C 5C JD", "JS 10D 9S 9D 6S"], "QH", dealer=1)
    player = HardBot(seed=0, iterations=200)
    move, reason = player.explain(game.view(0), game.legal_moves(0))
    assert move == player.choose(game.view(0), game.legal_moves(0))
    assert isinstance(reason, Reason)
    assert "\n" not in str(reason)
    assert str(reason) == "keep the 2♥ to answer a crank" or reason.code.startswith("search")


def test_hard_says_what_its_search_found_against_the_obvious_card() -> None:
    # Normal would shed the 5♦ (30 points); the play-outs favour the J♦.
    game = Game.new(NAMES[:4], seed=0)
    seat = game.state.current_player
    player = HardBot(seed=0, iterations=200)
    for event in game.events_for(seat):
        player.observe(event)
    obvious = NormalBot(seed=0).choose(game.view(seat), game.legal_moves(seat))
    move, reason = player.explain(game.view(seat), game.legal_moves(seat))
    assert isinstance(obvious, Play) and move != obvious
    assert reason.code == "search-card" and reason.params["card"] == obvious.card
    assert reason.params["n"] >= 1 and reason.params["runs"] > 100
    assert str(reason).startswith("on average ") and "fewer than the 5♦" in str(reason)


# --- Guessing the hidden cards ------------------------------------------------------------------


def test_samples_agree_with_the_view() -> None:
    game = Game.new(NAMES[:4], seed=11)
    for _ in range(30):
        seat = game.state.current_player
        game.handle(make_bot("normal", seed=seat).choose(game.view(seat), game.legal_moves(seat)))
    view = game.view(2)
    sampler = Sampler(view)
    rng = random.Random(0)
    for _ in range(20):
        state = sampler.sample(rng)
        assert state.hands[2] == view.hand
        assert tuple(len(h) for h in state.hands) == view.hand_sizes
        assert len(state.stock) == view.stock_size
        assert state.pile == view.discard
        everything = [c for h in state.hands for c in h] + list(state.stock) + list(state.pile)
        assert sorted(everything) == sorted(FULL_DECK)


def test_a_seat_knows_who_passed_as_the_state_keeps_it() -> None:
    # Everyone would rather draw: the stock runs dry and players pass. What each seat
    # makes of its own stream says who passed, as the state does, and the search's
    # deals start from it: their play-outs end a blocked round when the game would.
    players = 3
    game = Game.new(NAMES[:players], seed=5, rules=RuleSet(voluntary_draw=True))
    knowledge = [Knowledge() for _ in range(players)]
    rng = random.Random(5)
    seen = 0
    with_passes = 0
    while len(game.state.round_scores) < 2:
        seat = game.state.current_player
        assert seat is not None
        moves = game.legal_moves(seat)
        game.handle(Draw(seat) if Draw(seat) in moves and rng.random() < 0.9 else moves[0])
        for s in range(players):
            for event in game.events_for(s, since=seen):
                knowledge[s].note(event)
            assert knowledge[s].passed == game.state.passed
        seen = len(game.events)
        if any(game.state.passed):
            with_passes += 1
            for s in range(players):
                deal = Sampler(game.view(s), knowledge[s]).sample(rng)
                assert deal.passed == game.state.passed
    assert with_passes > 3


def test_a_player_who_drew_is_dealt_no_card_that_fitted() -> None:
    # Bob draws on the QD: he held no diamond, no queen, no 8. Every sample agrees.
    game = stacked_game(["KD 8C 5H 5D", "KS 4S JS 2C", "AH AS AC 10H"], "QD", "10S", dealer=0)
    knowledge = Knowledge()
    for event in game.events_for(2):
        knowledge.note(event)
    game.handle(Draw(1))
    for event in game.events_for(2, since=len(game.events) - 3):
        knowledge.note(event)
    seat = game.state.current_player
    assert seat == 2
    sampler = Sampler(game.view(2), knowledge)
    rng = random.Random(1)
    for _ in range(50):
        bob = sampler.sample(rng).hands[1]
        held = bob[:4]
        assert not any(c.suit.value == "D" or c.rank.label in ("Q", "8") for c in held), bob


def test_deals_that_follow_the_plays_still_give_no_drawer_a_card_that_fitted() -> None:
    # Bob's 8♣ naming hearts is a clue, so Ann's deals come from swaps weighed by it;
    # Di then drew on the A♥: no swap may give her a heart, an ace or an 8.
    game = stacked_game(
        ["KS 4S JS 2C", "8C 5H 6H 7H", "AH AS AC 10H", "KD 9D 5D 5S"], "QD", dealer=0
    )
    game.handle(Play(1, Card.parse("8C"), Suit.HEARTS))
    game.handle(Play(2, Card.parse("AH")))
    game.handle(Draw(3))
    knowledge = Knowledge()
    for event in game.events_for(0):
        knowledge.note(event)
    sampler = Sampler(game.view(0), knowledge)
    assert sampler.clues
    rng = random.Random(2)
    for _ in range(200):
        held = sampler.sample(rng).hands[3][:4]
        assert not any(c.suit is Suit.HEARTS or c.rank.label in ("A", "8") for c in held), held


def test_the_clues_score_a_hand_as_the_rules_do() -> None:
    # The clues score hands as bit masks, thousands of times a decision: the same
    # sums as the rules' scoring, 3s cancelling the highest cards included.
    rng = random.Random(5)
    threes = [c for c in FULL_DECK if c.rank.value == 3]
    for _ in range(2000):
        hand = rng.sample(FULL_DECK, rng.randint(0, 9)) + rng.sample(threes, rng.randint(0, 3))
        hand = list(dict.fromkeys(hand))
        assert hand_score(mask_of(hand)) == score_hand(hand), hand


def test_a_play_against_the_habits_is_unlikely_from_a_hand_that_had_better() -> None:
    # On the QD, spending the 8C while holding the KD goes against keeping 8s;
    # naming hearts with no heart left goes against naming the suit held most.
    clue = make_clue(
        1, Card.parse("8C"), Suit.HEARTS, Card.parse("QD"), Suit.DIAMONDS,
        slots=(0, 1, 2, 3), sizes=(4, 4, 4, 4), direction=1, rules=RuleSet(),
    )  # fmt: skip

    def likelihood(hand: str) -> float:
        return log_likelihood(clue, mask_of(Card.parse(c) for c in hand.split(" ")))

    assert likelihood("8C 5H 6H KD") < likelihood("8C 5H 6H 7S") - 2
    assert likelihood("8C 5S 6S 7S") < likelihood("8C 5H 6H 7S") - 1
    # With one play the only one, there is nothing to learn from it.
    assert likelihood("8C") == 0.0


def test_a_three_in_hand_makes_the_card_it_cancels_no_hurry_to_shed() -> None:
    # On the QD, with the 3H the 5D (30) is cancelled: shedding it or the KD saves 10
    # either way, so playing the KD is no longer against the habit of shedding heavy
    # cards. The JS (which does not fit) changes nothing else.
    clue = make_clue(
        1, Card.parse("KD"), Suit.DIAMONDS, Card.parse("QD"), Suit.DIAMONDS,
        slots=(0, 1, 2), sizes=(3, 3, 3, 3), direction=1, rules=RuleSet(),
    )  # fmt: skip

    def likelihood(hand: str) -> float:
        return log_likelihood(clue, mask_of(Card.parse(c) for c in hand.split(" ")))

    assert likelihood("KD 5D 3H") > likelihood("KD 5D JS") + 1


def test_samples_follow_what_a_play_gave_away() -> None:
    # Bob spends his 8 on the QD and names hearts: he likely had no diamond or
    # queen left, and hearts to follow. The deals Cy guesses lean that way.
    game = stacked_game(
        ["KS 4S JS 2C", "8C 5H 6H 7H", "AH AS AC 10H", "KD 9D 5D 5S"], "QD", dealer=0
    )
    game.handle(Play(1, Card.parse("8C"), Suit.HEARTS))
    knowledge = Knowledge()
    for event in game.events_for(2):
        knowledge.note(event)

    def bob(steps: int, suit: Suit) -> float:
        sampler = Sampler(game.view(2), knowledge, steps=steps)
        rng = random.Random(3)
        return (
            sum(sum(c.suit is suit for c in sampler.sample(rng).hands[1]) for _ in range(400)) / 400
        )

    assert bob(STEPS, Suit.HEARTS) > bob(0, Suit.HEARTS) + 0.3
    assert bob(STEPS, Suit.DIAMONDS) < bob(0, Suit.DIAMONDS) - 0.2


def test_the_levels_are_written_once_and_each_can_be_made() -> None:
    """The command line, the New game form and the server read the levels from one
    light module; each is a bot `make_bot` makes, and a bot nobody chose is one."""
    from craits_core import bot_levels, bots

    assert bots.LEVELS is bot_levels.LEVELS
    assert bot_levels.DEFAULT_LEVEL in bot_levels.LEVELS
    for level in bot_levels.LEVELS:
        assert bots.make_bot(level, seed=1).level == level
