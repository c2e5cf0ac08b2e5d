"""The motion layer: cards fly and land, marks pop up and go, input ends them at once,
and switched off it draws nothing; and what each event of the game shows moving."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.geometry import Offset, Region, Size
from textual.widget import Widget
from textual.widgets import Static

import craits_tui
from craits_core import Card, DrawReason, Suit
from craits_core.events import (
    CardPlayed,
    CardsDrawn,
    CrankEnded,
    CrankRaised,
    DirectionReversed,
    LastCardAnnounced,
    PlayerSkipped,
    RoundEnded,
    SuitChosen,
    TurnBegan,
)
from craits_tui.faces import CardLook
from craits_tui.moves_shown import (
    Flight,
    Mark,
    MarkKind,
    Spot,
    TablePlaces,
    flight_face,
    mark_text,
    movements_for,
)
from craits_tui.widgets.motion import (
    Motion,
    Piece,
    PieceKind,
    centred,
    path_between,
    steps_for,
)

from .conftest import until
from .snapshots import screen_lines

STYLES = Path(craits_tui.__file__).parent / "craits.tcss"


class Spot_(Static):
    """A place on the stage that counts the clicks it gets, where it got them."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.clicks: list[tuple[int, int]] = []

    def on_click(self, event: events.Click) -> None:
        self.clicks.append((event.x, event.y))


class Stage(App[None]):
    """Two places 60 columns apart, the motion layer over them, and keys that note
    what the layer was doing when they ran."""

    CSS_PATH = STYLES
    CSS = """
    #row { height: 5; }
    #left, #right { width: 20; height: 5; }
    #gap { width: 1fr; }
    """
    BINDINGS = [Binding("x", "note", "Note"), Binding("f", "fly", "Fly")]

    def __init__(self) -> None:
        super().__init__()
        self.arrivals: list[str] = []
        self.noted: list[tuple[bool, list[str]]] = []
        """(busy, arrivals so far) each time x ran."""
        self.flown_by_key = 0
        self.idle_again = 0
        """How many times the layer said every motion had ended."""

    def compose(self) -> ComposeResult:
        with Horizontal(id="row"):
            yield Spot_(id="left")
            yield Static("·" * 400, id="gap")  # something to fly over
            yield Spot_(id="right")
        yield Motion(id="motion")

    @property
    def motion(self) -> Motion:
        return self.query_one(Motion)

    def region(self, name: str) -> Region:
        return self.query_one(f"#{name}", Widget).region

    def fly_across(self, name: str = "card", duration: float = 0.3) -> None:
        self.motion.fly(
            Text("7♠"),
            self.region("left"),
            self.region("right"),
            duration=duration,
            on_arrival=lambda: self.arrivals.append(name),
        )

    def on_motion_landed(self) -> None:
        self.idle_again += 1

    def action_note(self) -> None:
        self.noted.append((self.motion.busy, list(self.arrivals)))

    def action_fly(self) -> None:
        self.fly_across("by key", duration=30.0)
        self.flown_by_key += 1


def pieces(app: Stage) -> list[Piece]:
    return list(app.motion.pieces)


def drawn(app: App[None]) -> list[str]:
    """The screen's lines as drawn, as many and as wide as the screen's."""
    lines = screen_lines(app.export_screenshot())
    lines += [""] * (app.size.height - len(lines))
    return [line.ljust(app.size.width) for line in lines]


def layouts(app: App[None]) -> list[object]:
    """A list that grows by one each time the screen is laid out again."""
    seen: list[object] = []
    app.screen.screen_layout_refresh_signal.subscribe(app.screen, seen.append)
    return seen


# --- Flying -------------------------------------------------------------------------


async def test_a_card_flies_from_its_start_to_its_end_then_goes() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across()
        (piece,) = pieces(app)
        start, end = app.region("left"), app.region("right")
        assert piece.path[0] == centred(start, piece.width)
        assert piece.path[-1] == centred(end, piece.width)
        await until(pilot, lambda: not app.motion.busy, "the card to land")
        assert app.arrivals == ["card"]
        assert pieces(app) == []
        await pilot.pause()
        assert app.arrivals == ["card"]  # landed once


async def test_a_flying_card_is_drawn_along_its_path_and_lays_nothing_out() -> None:
    # A piece with no clock, its progress set by hand: a busy machine may skip the
    # frames of a real flight, and what is checked is where each frame draws.
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        path = path_between(
            centred(app.region("left"), 4), centred(app.region("right"), 4), 6, app.size, 4
        )
        piece = Piece(Text("7♠"), path, 1.0, easing="linear", kind=PieceKind.CARD)
        await pilot.pause()
        laid_out = layouts(app)
        app.motion.place_piece(piece)
        seen: list[int] = []

        def at_place() -> bool:
            place = piece.place
            return drawn(app)[place.y][place.x : place.x + 4] == " 7♠ "

        for progress in (0.0, 0.5, 0.99):
            piece.progress = progress
            await until(pilot, at_place, "a step drawn")
            seen.append(piece.place.x)
        # Left to right, over what is under it, each step a repaint alone.
        assert seen == sorted(seen) and seen[0] == path[0].x and seen[-1] == path[-1].x
        assert seen[0] < seen[1]
        assert laid_out == []
        assert sum(line.count("7♠") for line in drawn(app)) == 1  # the cells left, cleared


async def test_a_flying_card_is_drawn_over_the_table_which_shows_everywhere_else() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        before = drawn(app)
        app.fly_across(duration=30.0)
        (piece,) = pieces(app)
        place = piece.place
        await until(pilot, lambda: "7♠" in drawn(app)[place.y], "the card drawn")
        during = drawn(app)
        assert during[place.y][place.x : place.x + piece.width] == " 7♠ "
        left, right = place.x, place.x + piece.width
        assert during[place.y][:left] + during[place.y][right:] == (
            before[place.y][:left] + before[place.y][right:]
        )
        assert [line for y, line in enumerate(during) if y != place.y] == [
            line for y, line in enumerate(before) if y != place.y
        ]
        # The mouse finds the card there, and what lies beneath anywhere else.
        app.mouse_position = place
        assert app.screen.get_widget_at(*place)[0] is app.motion
        app.mouse_position = Offset(place.x, place.y + 2)
        assert app.screen.get_widget_at(place.x, place.y + 2)[0] is not app.motion


async def test_a_flight_takes_a_few_steps_however_far_it_goes() -> None:
    far = path_between(Offset(0, 0), Offset(90, 20), steps_for(0.3), Size(100, 32), 4)
    assert len(far) == steps_for(0.3) + 1
    assert far[0] == Offset(0, 0) and far[-1] == Offset(90, 20)
    near = path_between(Offset(10, 5), Offset(12, 5), steps_for(0.3), Size(100, 32), 4)
    assert near == (Offset(10, 5), Offset(11, 5), Offset(12, 5))


def test_a_path_stays_on_the_screen() -> None:
    path = path_between(Offset(-5, -3), Offset(99, 40), 6, Size(100, 32), 4)
    assert all(0 <= o.x <= 96 and 0 <= o.y <= 31 for o in path)
    assert path[0] == Offset(0, 0) and path[-1] == Offset(96, 31)


async def test_finish_lands_every_piece_at_once() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across("first", duration=30.0)
        app.fly_across("second", duration=30.0)
        app.motion.mark(Text("skipped"), app.region("left"), duration=30.0)
        await pilot.pause()
        app.motion.finish()
        assert not app.motion.busy
        assert app.arrivals == ["first", "second"]
        assert pieces(app) == []
        await pilot.pause()
        assert app.arrivals == ["first", "second"]
        assert app.idle_again == 1


async def test_a_flight_with_nowhere_to_go_arrives_at_once() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        here = app.region("left")
        app.motion.fly(Text("7♠"), here, here, on_arrival=lambda: app.arrivals.append("here"))
        assert app.arrivals == ["here"]
        await pilot.pause()
        assert pieces(app) == []


# --- Switched off -------------------------------------------------------------------


async def test_switched_off_nothing_is_drawn_and_cards_arrive_at_once() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.motion.enabled = False
        app.fly_across()
        app.motion.mark(Text("skipped"), app.region("left"))
        assert app.arrivals == ["card"]
        assert not app.motion.busy
        await pilot.pause()
        assert pieces(app) == []


async def test_switching_off_ends_the_motions_and_switching_on_brings_them_back() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across("before", duration=30.0)
        app.motion.enabled = False
        assert app.arrivals == ["before"]
        assert not app.motion.busy
        app.motion.enabled = True
        app.fly_across("after")
        assert app.motion.busy
        await until(pilot, lambda: not app.motion.busy, "the card to land")
        assert app.arrivals == ["before", "after"]


async def test_animations_off_app_wide_is_motion_off() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.animation_level = "none"
        app.fly_across()
        assert app.arrivals == ["card"]
        await pilot.pause()
        assert pieces(app) == []


# --- Input --------------------------------------------------------------------------


async def test_a_key_during_a_flight_ends_it_then_does_what_it_does() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across(duration=30.0)
        assert app.motion.busy
        await pilot.press("x")
        # The binding ran, and when it did the card had landed already.
        assert app.noted == [(False, ["card"])]
        assert not app.motion.busy


async def test_a_flight_a_key_starts_is_not_ended_by_that_key() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across("earlier", duration=30.0)
        # As the terminal sends it (`Pilot.press` would wait for every animation).
        app.post_message(events.Key("f", "f"))
        await until(pilot, lambda: app.flown_by_key, "f to run its binding")
        assert app.arrivals == ["earlier"]
        await pilot.pause()
        assert app.motion.busy  # the flight f started goes on
        assert len(pieces(app)) == 1


async def test_a_press_on_a_flying_card_clicks_what_is_under_it() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across(duration=30.0)
        (piece,) = pieces(app)
        at = piece.place
        left = app.query_one("#left", Spot_)
        assert left.region.contains_point(at)
        # As a terminal sends it: the press on the card, the release where it was.
        await pilot.mouse_down(offset=at)
        assert left.clicks == [(at.x - left.region.x, at.y - left.region.y)]
        assert app.arrivals == ["card"]
        await pilot.mouse_up(offset=at)
        await pilot.pause()
        assert len(left.clicks) == 1


async def test_a_click_beside_a_flying_card_goes_to_what_is_there() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        app.fly_across(duration=30.0)
        right = app.query_one("#right", Spot_)
        await pilot.click(right, offset=(1, 1))
        assert right.clicks == [(1, 1)]
        assert app.motion.busy and app.arrivals == []  # the card flies on


# --- Marks --------------------------------------------------------------------------


async def test_a_mark_pops_up_over_its_place_then_goes() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        at = app.region("right")
        app.motion.mark(Text("skipped"), at)
        (piece,) = pieces(app)
        assert at.contains_point(piece.path[0])
        assert piece.path[-1] == piece.path[0] - Offset(0, 1)
        await until(pilot, lambda: not app.motion.busy, "the mark to go")
        assert pieces(app) == []


async def test_marks_over_one_place_at_once_stack() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)):
        at = Region(40, 20, 20, 3)
        app.motion.mark(Text("skipped"), at, duration=30.0)
        app.motion.mark(Text("+2 crank"), at, duration=30.0)
        first, second = pieces(app)
        assert second.path[0].y < first.path[-1].y  # above, even once the first rose


async def test_the_layer_shows_the_movements_of_an_event_where_the_table_has_them() -> None:
    app = Stage()
    async with app.run_test(size=(100, 32)) as pilot:
        places = TablePlaces(
            seats={1: app.region("left")}, spots={Spot.DISCARD: app.region("right")}
        )
        event = CardPlayed(1, Card.parse("8H"), Suit.SPADES)
        app.motion.show(movements_for(event), places, CardLook())
        card, named = pieces(app)
        assert card.kind is PieceKind.CARD and "8♥" in card.text.plain
        assert named.kind is PieceKind.MARK and "♠" in named.text.plain
        # A seat not on the screen (no badge for it) moves nothing.
        app.motion.finish()
        app.motion.show(movements_for(replace(event, player=3)), places, CardLook())
        assert [p for p in pieces(app) if p.kind is PieceKind.CARD] == []
        await pilot.pause()


# --- What each event shows ------------------------------------------------------------


def test_a_played_card_goes_from_its_player_to_the_discard_pile() -> None:
    event = CardPlayed(2, Card.parse("7S"), Suit.SPADES)
    assert movements_for(event) == (Flight((Card.parse("7S"),), 1, 2, Spot.DISCARD),)


def test_an_eight_names_its_suit_even_its_own_and_a_nine_only_when_it_switches() -> None:
    eight = movements_for(CardPlayed(0, Card.parse("8H"), Suit.HEARTS))
    assert eight[1:] == (Mark(MarkKind.SUIT, Spot.DISCARD, Suit.HEARTS),)
    nine = movements_for(CardPlayed(0, Card.parse("9H"), Suit.DIAMONDS))
    assert nine[1:] == (Mark(MarkKind.SUIT, Spot.DISCARD, Suit.DIAMONDS),)
    kept = movements_for(CardPlayed(0, Card.parse("9H"), Suit.HEARTS))
    assert len(kept) == 1


def test_a_starters_suit_chosen_is_marked_on_the_pile() -> None:
    event = SuitChosen(1, Suit.CLUBS)
    assert movements_for(event) == (Mark(MarkKind.SUIT, Spot.DISCARD, Suit.CLUBS),)


def test_drawn_cards_go_from_the_stock_face_up_only_to_their_drawer() -> None:
    own = CardsDrawn(0, (Card.parse("7S"), Card.parse("2H")), DrawReason.TURN, 2)
    (flight,) = movements_for(own)
    assert flight == Flight((Card.parse("7S"), Card.parse("2H")), 2, Spot.STOCK, 0)
    hidden = CardsDrawn(1, None, DrawReason.FIVE, 3)
    (flight,) = movements_for(hidden)
    assert flight == Flight(None, 3, Spot.STOCK, 1)
    # Unredacted (the log itself): still the drawer's own cards, shown.
    (flight,) = movements_for(CardsDrawn(1, (Card.parse("KD"),), DrawReason.TURN, 1))
    assert flight.cards == (Card.parse("KD"),)


def test_a_pass_moves_nothing() -> None:
    assert movements_for(CardsDrawn(1, (), DrawReason.TURN, 0)) == ()


def test_a_crank_is_marked_by_how_much_it_rose() -> None:
    event = CrankRaised(5)
    assert movements_for(event, crank_before=3) == (Mark(MarkKind.CRANK, Spot.CRANK, 2),)
    assert movements_for(CrankRaised(2)) == (Mark(MarkKind.CRANK, Spot.CRANK, 2),)


def test_a_skip_and_a_reverse_are_marked_where_they_act() -> None:
    assert movements_for(PlayerSkipped(3)) == (Mark(MarkKind.SKIP, 3),)
    assert movements_for(DirectionReversed(-1)) == (Mark(MarkKind.REVERSE, Spot.DIRECTION, -1),)


def test_events_that_move_nothing_show_nothing() -> None:
    ended = RoundEnded(1, ((), ()), (0, 0), (0,))
    for event in (TurnBegan(0), LastCardAnnounced(0), ended, CrankEnded()):
        assert movements_for(event) == ()


def test_faces_of_flying_cards() -> None:
    look, plain = CardLook(), CardLook(ascii=True)
    up = Flight((Card.parse("7S"), Card.parse("2H")), 2, Spot.STOCK, 0)
    assert flight_face(up, look).plain == "7♠ 2♥"
    assert flight_face(up, plain).plain == "7S 2H"
    assert flight_face(Flight(None, 1, Spot.STOCK, 1), look).plain == "░░"
    assert flight_face(Flight(None, 4, Spot.STOCK, 1), plain).plain == "## x4"
    many = Flight(tuple(Card.parse(c) for c in ("AS", "2S", "3S", "4S", "5S")), 5, 0, 0)
    assert flight_face(many, look).plain == "A♠ 2♠ 3♠ +2"
    # A red card in its colour.
    assert flight_face(Flight((Card.parse("7H"),), 1, 0, 0), look).spans[0].style == "red"


def test_words_of_marks() -> None:
    look = CardLook()
    assert mark_text(Mark(MarkKind.CRANK, Spot.CRANK, 2), look).plain == "+2 crank"
    assert mark_text(Mark(MarkKind.SKIP, 1), look).plain == "skipped"
    assert mark_text(Mark(MarkKind.REVERSE, Spot.DIRECTION, -1), look).plain == "↺ reversed"
    assert mark_text(Mark(MarkKind.REVERSE, Spot.DIRECTION, 1), CardLook(ascii=True)).plain == (
        "-> reversed"
    )
    named = mark_text(Mark(MarkKind.SUIT, Spot.DISCARD, Suit.HEARTS), look)
    assert named.plain == "♥ named"
    assert named.spans[0].style == "red"


def test_places_on_the_table() -> None:
    badge, hand, pile = Region(0, 0, 20, 3), Region(0, 20, 60, 8), Region(30, 8, 15, 8)
    places = TablePlaces(seats={1: badge}, spots={Spot.DISCARD: pile}, hand=hand, hand_seat=0)
    assert places.region_of(1) == badge
    assert places.region_of(0) == hand
    assert places.region_of(Spot.DISCARD) == pile
    assert places.region_of(Spot.STOCK) is None
    assert places.region_of(2) is None
