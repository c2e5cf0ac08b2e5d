"""The table's layout: the others in their seats around it, the piles in the middle,
every box whole at every size the game allows, and after every resize."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.geometry import Region
from textual.widget import Widget

from craits_core import Game
from craits_tui.faces import CardLook
from craits_tui.screens.table import TableScreen
from craits_tui.widgets.crank import CrankCounter
from craits_tui.widgets.direction import Direction
from craits_tui.widgets.discard import DiscardPile
from craits_tui.widgets.hand import Hand
from craits_tui.widgets.log import GameLog
from craits_tui.widgets.motion import Motion
from craits_tui.widgets.seats import SeatBadge, SeatInfo, Seating, Shade, Side, fan, sides
from craits_tui.widgets.status import StatusLine
from craits_tui.widgets.stock import DrawPile
from craits_tui.widgets.title import TitleBar
from craits_tui.widgets.trail import PlayTrail

from .conftest import at_table, hold_bots, make_app, seat_up, until
from .snapshots import screen_lines

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]


def text_at(screen: TableScreen, region: Region) -> list[str]:
    """The terminal's text inside ``region``, line by line."""
    lines = screen_lines(screen.app.export_screenshot())
    lines += [""] * (region.bottom - len(lines))
    return [
        lines[y].ljust(region.right)[region.x : region.right]
        for y in range(region.y, region.bottom)
    ]


def side_of(seating: Seating, badge: SeatBadge) -> Side:
    return next(side for side in Side if badge.has_class(f"-{side.value}"))


# --- Where the others sit -----------------------------------------------------------------


def test_the_others_sit_across_then_left_and_right_then_along_the_top() -> None:
    left, top, right = Side.LEFT, Side.TOP, Side.RIGHT
    assert sides(1) == (top,)
    assert sides(2) == (left, right)
    assert sides(3) == (left, top, right)
    assert sides(4) == (left, top, top, right)
    assert sides(5) == (left, top, top, top, right)  # five players watched


@pytest.mark.parametrize("players", [2, 3, 4, 5])
async def test_each_seat_is_where_its_side_says_around_the_piles(
    players: int, tmp_path: Path
) -> None:
    game = Game.new(NAMES[:players], seed=3)
    bots = [None, *["normal"] * (players - 1)]
    async with at_table(tmp_path, game, bots, held=True) as (_, _, screen):
        seating = screen.query_one(Seating)
        piles = screen.query_one(DrawPile).region.union(screen.query_one(DiscardPile).region)
        # From Ann's left, in the order of play.
        assert seating.seats == tuple(range(1, players))
        badges = seating.badges
        assert [b.info.name for b in badges if b.info] == NAMES[1:players]
        for badge, side in zip(badges, sides(players - 1), strict=True):
            assert side_of(seating, badge) is side
            box = badge.region
            if side is Side.LEFT:
                assert box.right <= piles.x
            elif side is Side.RIGHT:
                assert box.x >= piles.right
            else:
                assert box.bottom <= piles.y
        tops = [b.region.x for b in badges if side_of(seating, b) is Side.TOP]
        assert tops == sorted(tops)  # left to right, as play goes


async def test_watching_seats_every_player_and_shows_the_hand_to_move_below(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = seat_up(app, Game.new(NAMES[:4], seed=3), ["normal"] * 4)
        hold_bots(screen)
        await pilot.pause()
        seating = screen.query_one(Seating)
        assert seating.seats == (0, 1, 2, 3)
        assert [side_of(seating, b) for b in seating.badges] == list(sides(4))
        view = screen.view
        assert view is not None and view.current_player is not None
        to_move = seating.badge_of(view.current_player)
        assert to_move.shade is Shade.TURN
        assert screen.query_one(Hand).region.y > max(b.region.bottom for b in seating.badges)


async def test_place_of_a_seat_is_its_fan_on_the_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = seat_up(app, Game.new(NAMES[:3], seed=3), [None, "normal", "normal"])
        hold_bots(screen)
        await pilot.pause()
        seating = screen.query_one(Seating)
        for seat in (1, 2):
            badge = seating.badge_of(seat)
            place = seating.place_of(seat)
            assert badge.content_region.contains_region(place)
            # The fan is drawn there: its top edge on the place's first line.
            top_line = text_at(screen, place)[0]
            assert top_line.lstrip().startswith("╭")
        with pytest.raises(KeyError):
            seating.place_of(0)  # Ann's hand is hers, at the bottom


# --- A seat ---------------------------------------------------------------------------------


def test_a_fan_shows_a_back_for_each_card_while_they_fit() -> None:
    look = CardLook()
    three = fan(look, 3, width=12)
    assert [line.plain for line in three.lines] == ["╭─┬─┬──╮", "│░│░│░░│", "╰─┴─┴──╯"]
    assert three.shown == 3
    # Tighter, one column a back, and still no count.
    eight = fan(look, 8, width=11)
    assert [line.plain for line in eight.lines] == ["╭┬┬┬┬┬┬┬──╮", "││││││││░░│", "╰┴┴┴┴┴┴┴──╯"]
    assert eight.shown == 8


def test_a_fan_too_long_for_its_room_shows_the_count_beside_it() -> None:
    look = CardLook(ascii=True)
    many = fan(look, 23, width=12)
    assert many.shown < 23
    lines = [line.plain for line in many.lines]
    assert lines[1].endswith(" 23")
    assert all(len(line) <= 12 for line in lines)
    assert lines[0].startswith("++++") and "#" in lines[1]
    assert fan(look, 0, width=12).shown == 0  # went out: no backs


async def test_a_seat_shows_name_level_points_and_its_marks(tmp_path: Path) -> None:
    game = Game.new(NAMES[:2], seed=3)
    async with at_table(tmp_path, game, [None, "hard"], held=True) as (_, pilot, screen):
        badge = screen.query_one(SeatBadge)
        await until(pilot, lambda: badge.info is not None, "Bob's seat filled in")

        async def lines(**changes: object) -> list[str]:
            info = SeatInfo(seat=1, name="Bob", cards=5, bot="hard", total=40)
            badge.info = SeatInfo(**{**info.__dict__, **changes})  # type: ignore[arg-type]
            await pilot.pause()
            return text_at(screen, badge.words_region)

        plain = await lines()
        assert plain[0].startswith("Bob") and plain[0].rstrip().endswith("hard")
        assert plain[-2].strip() == "40 pts"
        assert badge.shade is Shade.PLAIN
        turn = await lines(turn=True)
        assert turn[0].startswith("▶ Bob") and badge.shade is Shade.TURN
        assert (await lines(cards=1, announced=True))[-1].strip() == "LAST CARD!"
        assert badge.shade is Shade.LAST_CARD
        assert (await lines(lost_turns=1))[-1].strip() == "loses a turn"  # it fits
        assert (await lines(cards=1, callable=True))[-1].strip() == "Idiot!  (i)"
        assert badge.shade is Shade.CALLABLE
        assert (await lines(cards=0, announced=True))[-1].strip() == "went out"
        assert badge.shade is Shade.PLAIN
        assert (await lines(dealer=True))[-1].strip() == "(dealer)"


async def test_a_seat_redraws_only_when_what_it_shows_changed(tmp_path: Path) -> None:
    async with at_table(tmp_path, Game.new(NAMES[:2], seed=3), held=True) as (_, _, screen):
        badge = screen.query_one(SeatBadge)
        info = badge.info
        assert info is not None
        watched: list[SeatInfo | None] = []
        badge.watch(badge, "info", lambda info: watched.append(info), init=False)
        badge.info = SeatInfo(**info.__dict__)  # equal, a new object
        assert watched == []
        badge.info = SeatInfo(**{**info.__dict__, "cards": info.cards + 1})
        assert len(watched) == 1


# --- Resizing -------------------------------------------------------------------------------

SIZES = [(80, 24), (100, 32), (140, 45), (100, 32), (80, 24), (140, 45), (80, 24)]
"""Small to big and back, as a player drags a window's corner about."""


def check_table(screen: TableScreen) -> None:
    """Every part of the table there, whole, and where it belongs."""
    app = screen.app
    view = screen.view
    assert view is not None
    whole = Region(0, 0, *app.size)
    size = f"at {app.size.width}x{app.size.height}"
    shown: list[Widget] = [
        screen.query_one(TitleBar),
        screen.query_one(Seating),
        screen.query_one(DrawPile),
        screen.query_one(DiscardPile),
        screen.query_one(CrankCounter),
        screen.query_one(Direction),
        screen.query_one(PlayTrail),
        screen.query_one(StatusLine),
        screen.query_one(Hand),
        screen.query_one(GameLog),
        *screen.query(SeatBadge),
    ]
    for widget in shown:
        box = widget.region
        assert box.width > 0 and box.height > 0, f"{widget!r} has no room {size}"
        assert whole.contains_region(box), f"{widget!r} is off the screen {size}"
    # The piles stand level, their cards of one size, and as big as their boxes.
    stock, discard = screen.query_one(DrawPile), screen.query_one(DiscardPile)
    assert stock.region == stock.region.intersection(screen.query_one("#middle").region)
    assert stock.card_region.y == discard.card_region.y, size
    assert stock.card_region.size == discard.card_region.size, size
    assert stock.card_region.height == stock.content_size.height - 1, size
    card = text_at(screen, stock.card_region)
    assert card[0].startswith("╭") and card[-1].endswith("╯"), f"{card} {size}"
    assert str(view.stock_size) in "".join(card), f"the stock's count {size}"
    top = view.top_card
    assert top is not None
    face = text_at(screen, discard.card_region)
    assert face[1][1:].startswith(top.rank.label) and face[-1].endswith("╯"), size
    # No seat overlaps another, or the piles.
    boxes = [b.region for b in screen.query(SeatBadge)] + [stock.region, discard.region]
    for i, one in enumerate(boxes):
        for other in boxes[i + 1 :]:
            assert not one.overlaps(other), f"{one} and {other} overlap {size}"
    # The crank's every line whole, in its box.
    crank = screen.query_one(CrankCounter)
    drawn = "\n".join(text_at(screen, crank.region))
    for line in crank.render().plain.splitlines():
        assert not line.endswith("…") and line in drawn, f"{line!r} cut {size}"
    # The hand of the player to move, every card of it.
    hand = screen.query_one(Hand)
    drawn = text_at(screen, hand.content_region)
    assert hand.cards and "".join(drawn).count("╭") == len(hand.cards), (
        f"the hand is not drawn whole {size}: {drawn}"
    )
    faces = "".join(drawn) if hand.big else "".join(drawn).replace(" ", "")
    for card in hand.cards:
        face = card.suit.symbol if hand.big else card.rank.label + card.suit.symbol
        assert face in faces, f"{card} is not drawn {size}"


async def test_every_resize_lays_the_whole_table_out_again(tmp_path: Path) -> None:
    # Four bots watched, paused, a move at a time: the table of the bug report.
    game = Game.new(["Ada", "Bob", "Cy", "Di"], seed="w1")
    bots = ["normal"] * 4
    async with at_table(tmp_path, game, bots, held=True, size=(140, 45)) as (app, pilot, screen):
        check_table(screen)
        cranked = False
        for width, height in SIZES:
            await pilot.resize_terminal(width, height)
            await until(pilot, lambda: screen.size == app.size, "the table resized")
            check_table(screen)
            moved = game.event_count
            await pilot.press("right")  # one move, at the new size
            await until(
                pilot,
                lambda moved=moved: screen.feed.shown == game.event_count > moved,
                "the move shown",
            )
            await pilot.pause()
            check_table(screen)
            cranked = cranked or screen.query_one(CrankCounter).count > 0
        assert cranked  # the crank's box was checked with a crank in it


async def test_an_ordinary_move_lays_nothing_out_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = Game.new(["Ada", "Bob", "Cy", "Di"], seed="w1")
    async with at_table(tmp_path, game, ["normal"] * 4, held=True) as (_, pilot, screen):
        # Motion off (a flying card is a widget of its own, mounted and removed).
        screen.query_one(Motion).enabled = False
        layouts: list[object] = []
        lay_out = TableScreen._refresh_layout

        def counted(self: TableScreen, *args: object, **kwargs: object) -> None:
            layouts.append(args)
            lay_out(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(TableScreen, "_refresh_layout", counted)
        # Plays, draws, a crank, hands of one row and of two: the seats, the piles,
        # the crank's box and the hand keep their sizes, and are only redrawn.
        for _ in range(12):
            moved = game.event_count
            await pilot.press("right")
            await until(
                pilot,
                lambda moved=moved: screen.feed.shown == game.event_count > moved,
                "the move shown",
            )
            await pilot.pause()
        assert game.state.round_number == 1  # no round's summary came between
        assert layouts == []
