"""Words for the table: a log line for each event, and what the player can do now.

Pure functions of events, views and legal moves, so they are tested without a screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from craits_core import (
    Announce,
    CallIdiot,
    Card,
    ChooseSuit,
    Command,
    Draw,
    IllegalMove,
    Play,
    PlayerView,
    Rank,
    RuleSet,
    StoreError,
    Suit,
)

if TYPE_CHECKING:  # the bots load only when first needed
    from craits_core.bots.reasons import Reason

from .faces import CardLook, suit_name
from .i18n import _, ngettext


class Narrator:
    """Speaks of the game from one seat's side ("you" for that seat)."""

    def __init__(self, players: Sequence[str], seat: int | None, look: CardLook) -> None:
        self.players = tuple(players)
        self.seat = seat
        self.look = look
        self._starter: Card | None = None  # of the round told last, for its suit's choice

    def who(self, seat: int) -> str:
        return _("You") if seat == self.seat else self.players[seat]

    def card(self, code: str) -> str:
        return self.look.plain(Card.parse(code))

    def cards(self, codes: Sequence[str]) -> str:
        return " ".join(self.card(c) for c in codes)

    # --- The log --------------------------------------------------------------------

    def event(self, event: dict[str, Any]) -> str | None:
        """One line for the log, or None for events that speak for themselves."""
        method = getattr(self, "_" + event["type"].replace("-", "_"), None)
        return method(event) if method else None

    def _game_started(self, e: dict[str, Any]) -> str:
        return _("A new game: {players}.").format(players=", ".join(e["players"]))

    def _dealer_chosen(self, e: dict[str, Any]) -> str:
        if e["draws"]:
            low = e["draws"][-1]
            seat, card = next((s, c) for s, c in low if s == e["dealer"])
            mine = seat == self.seat
            return (
                _("You drew the lowest card ({card}) and deal first.")
                if mine
                else _("{who} drew the lowest card ({card}) and deals first.")
            ).format(who=self.who(seat), card=self.card(card))
        if e["dealer"] == self.seat:
            return _("You deal first.")
        return _("{who} deals first.").format(who=self.who(e["dealer"]))

    def _round_started(self, e: dict[str, Any]) -> str:
        starter = e.get("starter") or e["deck"][len(self.players) * e["hand_size"]]
        self._starter = Card.parse(starter)
        template = (
            _("Round {n}: {size} each. You deal; the starter is {card}.")
            if e["dealer"] == self.seat
            else _("Round {n}: {size} each. {dealer} deals; the starter is {card}.")
        )
        return template.format(
            n=e["round_number"],
            size=ngettext("{n} card", "{n} cards", e["hand_size"]).format(n=e["hand_size"]),
            dealer=self.who(e["dealer"]),
            card=self.card(starter),
        )

    def _suit_asked(self, e: dict[str, Any]) -> str:
        return _("{who} must decide the starter's suit.").format(who=self.who(e["player"]))

    def _suit_chosen(self, e: dict[str, Any]) -> str:
        suit = Suit(e["suit"])
        starter = self._starter
        if starter is None or starter.rank is not Rank.NINE:
            template = _("{who} chose {suit}.")
        elif suit is starter.suit:
            template = _("{who} kept {suit}.")
        else:
            template = _("{who} switched to {suit}.")
        return template.format(who=self.who(e["player"]), suit=suit_name(suit))

    def _card_played(self, e: dict[str, Any]) -> str:
        card = Card.parse(e["card"])
        line = _("{who} played {card}").format(who=self.who(e["player"]), card=self.card(e["card"]))
        suit = Suit(e["suit"])
        if card.rank is Rank.EIGHT:
            return line + _(" and named {suit}.").format(suit=suit_name(suit))
        if card.rank is Rank.NINE and suit is not card.suit:
            return line + _(" and switched to {suit}.").format(suit=suit_name(suit))
        tail = {
            Rank.TWO: _(": crank!"),
            Rank.FOUR: _(": skip!"),
            Rank.SIX: _(": play again.") if e["player"] == self.seat else _(": plays again."),
            Rank.TEN: _(": reverse!"),
        }.get(card.rank, ".")
        return line + tail

    def _last_card_announced(self, e: dict[str, Any]) -> str:
        return _("{who}: “Last card!”").format(who=self.who(e["player"]))

    def _cards_drawn(self, e: dict[str, Any]) -> str:
        who = self.who(e["player"])
        codes = e.get("cards")
        count = len(codes) if codes is not None else e["count"]
        mine = e["player"] == self.seat and codes
        if count == 0:
            return _("{who}: nothing left to draw, pass.").format(who=who)
        what = self.cards(codes) if mine else ngettext("a card", "{n} cards", count).format(n=count)
        reason = {
            "turn": "",
            "crank": _(" for the crank"),
            "five": _(" (a 5 was played)"),
            "seven": _(" (a 7 was played)"),
            "penalty": _(" as the penalty"),
        }[e["reason"]]
        return _("{who} drew {what}{reason}.").format(who=who, what=what, reason=reason)

    def _stock_reshuffled(self, e: dict[str, Any]) -> str:
        count = len(e["cards"]) if e.get("cards") is not None else e["count"]
        return ngettext(
            "The discard pile is shuffled into a new stock ({n} card).",
            "The discard pile is shuffled into a new stock ({n} cards).",
            count,
        ).format(n=count)

    def _crank_raised(self, e: dict[str, Any]) -> str:
        return _("The crank is at {n}!").format(n=e["count"])

    def _direction_reversed(self, e: dict[str, Any]) -> str:
        return (
            _("Play now goes clockwise.")
            if e["direction"] == 1
            else _("Play now goes counter-clockwise.")
        )

    def _player_skipped(self, e: dict[str, Any]) -> str:
        if e["player"] == self.seat:
            return _("You are skipped.")
        return _("{who} is skipped.").format(who=self.who(e["player"]))

    def _turn_lost(self, e: dict[str, Any]) -> str:
        return _("{who} lost this turn (the idiot's penalty).").format(who=self.who(e["player"]))

    def _idiot_called(self, e: dict[str, Any]) -> str:
        if e["target"] == self.seat:  # "called You an idiot" would be wrong
            return _("{caller} called you an idiot: no “Last card!”").format(
                caller=self.who(e["player"])
            )
        return _("{caller} called {target} an idiot: no “Last card!”").format(
            caller=self.who(e["player"]), target=self.who(e["target"])
        )

    def _round_ended(self, e: dict[str, Any]) -> str:
        out = e["went_out"]
        if not out:
            head = _("Round {n} is blocked: nobody could play or draw.")
        else:
            head = _("Round {n} is over: {who} went out.").format(
                n="{n}", who=", ".join(self.who(s) for s in out)
            )
        scores = ", ".join(
            f"{self.who(s)} {score:+d}" if score < 0 else f"{self.who(s)} {score}"
            for s, score in enumerate(e["scores"])
        )
        return head.format(n=e["round_number"]) + " " + scores

    def _game_ended(self, e: dict[str, Any]) -> str:
        winners = e["winners"]
        if self.seat in winners:  # not "You wins!"
            if len(winners) == 1:
                return _("Game over: you win!")
            return _("Game over: you share the win with {names}!").format(
                names=", ".join(self.players[s] for s in winners if s != self.seat)
            )
        names = ", ".join(self.players[s] for s in winners)
        return ngettext(
            "Game over: {names} wins!", "Game over: {names} share the win!", len(winners)
        ).format(names=names)

    # --- What can I do now --------------------------------------------------------------

    def status(
        self, view: PlayerView, moves: Sequence[Command], *, hand_shown: bool = False
    ) -> str:
        """One line saying what the player can do now, or whose turn it is.
        ``hand_shown``: the hand below is that of the player to move (watching bots)."""
        if view.is_over:
            return _("The game is over.")
        current = view.current_player
        calls = [m for m in moves if isinstance(m, CallIdiot)]
        if calls:
            return _("{who} is on one card and said nothing: call “Idiot!” (i)").format(
                who=self.players[calls[0].target]
            )
        if any(isinstance(m, Announce) for m in moves) and current != self.seat:
            return _("You are on one card: say “Last card!” (l) before anyone moves.")
        if current is None:
            return ""
        if current != self.seat:
            who = self.players[current]
            if view.crank:
                template = (
                    _("{who} must answer a crank of {n}, holding:")
                    if hand_shown
                    else _("{who}'s turn: the crank is at {n}.")
                )
                return template.format(who=who, n=view.crank)
            template = _("{who} to play, holding:") if hand_shown else _("{who}'s turn.")
            return template.format(who=who)
        return self._my_turn(view, moves)

    def _my_turn(self, view: PlayerView, moves: Sequence[Command]) -> str:
        top = view.top_card
        assert top is not None and view.active_suit is not None
        if view.choosing_suit:
            if top.rank is Rank.EIGHT:
                return _("The starter is an 8: name any suit.")
            return _("The starter is a 9: keep {suit} or switch to {mate}.").format(
                suit=suit_name(top.suit), mate=suit_name(top.suit.mate)
            )
        plays = [m for m in moves if isinstance(m, Play)]
        can_draw = any(isinstance(m, Draw) for m in moves)
        if view.crank:
            if plays:
                return _("Crank at {n}: play an A or a 2 (you must).").format(n=view.crank)
            return _("Crank at {n}: you hold no A or 2, draw {n} (d or Enter).").format(
                n=view.crank
            )
        if not plays:
            return _("Your turn: nothing to play, draw a card (d or Enter).")
        text = _("Your turn: follow {suit} or play {options}.").format(
            suit=self.look.glyph(view.active_suit), options=_(" or ").join(self._options(view))
        )
        if can_draw:
            text += _(" You may also draw (d).")
        return text

    def refusal(self, err: IllegalMove, view: PlayerView | None) -> str:
        """Why a move was refused, in the player's language (from the reason's code
        and values; the engine's own English sentence when the code is not known)."""
        p = err.params
        target = self.players[p["target"]] if isinstance(p.get("target"), int) else None
        code = err.code
        if code == "must-follow" and view is not None and view.top_card is not None:
            options = self._options(view)
            return _("You must follow {suit} or play {options}.").format(
                suit=suit_name(Suit(p["suit"])), options=_(" or ").join(options)
            )
        if code == "not-your-turn" and isinstance(p.get("current"), int):
            return _("It is {who}'s turn, not yours.").format(who=self.players[p["current"]])
        if code in ("crank-answer", "crank-draw"):
            template = (
                _("The crank is at {n}: you must play an ace or a 2.")
                if code == "crank-answer"
                else _("The crank is at {n} and you hold no ace or 2: draw {n}.")
            )
            return template.format(n=p["count"])
        if code == "already-announced":
            return (
                _("Nobody to call: {who} announced their last card.").format(who=target)
                if target
                else _("You already announced your last card.")
            )
        if code == "no-window":
            return (
                _("Nobody to call: {who} did not just play down to one card.").format(who=target)
                if target
                else _("Nothing to announce: you did not just play down to one card.")
            )
        if code == "not-last-card":
            return (
                ngettext(
                    "Wrong call: {who} holds {n} card, not one.",
                    "Wrong call: {who} holds {n} cards, not one.",
                    p["cards"],
                ).format(who=target, n=p["cards"])
                if target
                else _("You can say “Last card!” only when a play leaves you one card.")
            )
        fixed = {
            "must-play": _("You have a card you can play, so you may not draw."),
            "choose-suit-first": _("First decide the suit of the starter."),
            "suit-required": _("Name a suit for your 8."),
            "nine-suit": _("A 9 keeps its suit or switches to its colour mate."),
            "starter-suit": _("That suit is not a choice for this starter."),
            "no-suit": _("Only an 8 or a 9 names a suit."),
            "call-self": _("You cannot call yourself an idiot."),
            "game-over": _("The game is over."),
            "no-turn": _("Nobody can play right now."),
            "not-in-hand": _("You don't hold that card."),
        }
        return fixed.get(code, str(err))

    def advice(self, move: Command, crank: int = 0) -> str:
        """A move as advice: "Play 7♠", "Play 8♣ and name hearts", "Draw 4 cards (d)"
        (``crank``: the count a draw takes), with a reminder to say "Last card!" when
        the play leaves one card."""
        if isinstance(move, Play):
            card = self.look.plain(move.card)
            rank = move.card.rank
            if move.suit is not None and rank is Rank.EIGHT:
                text = _("Play {card} and name {suit}").format(card=card, suit=suit_name(move.suit))
            elif move.suit is not None and move.suit is not move.card.suit:
                text = _("Play {card} and switch to {suit}").format(
                    card=card, suit=suit_name(move.suit)
                )
            elif rank is Rank.NINE:  # the player is asked next: keep or switch
                text = _("Play {card} and keep {suit}").format(
                    card=card, suit=suit_name(move.card.suit)
                )
            else:
                text = _("Play {card}").format(card=card)
            if move.announce:  # the play leaves one card: forgetting to say so costs two
                text = _("{play}, and say “Last card!” (l)").format(play=text)
            return text
        if isinstance(move, Draw):
            # The key, because where drawing is a choice, Enter plays the chosen card.
            if crank:
                return ngettext("Draw {n} card (d)", "Draw {n} cards (d)", crank).format(n=crank)
            return _("Draw a card (d)")
        if isinstance(move, ChooseSuit):
            return _("Choose {suit}").format(suit=suit_name(move.suit))
        if isinstance(move, Announce):
            return _("Say “Last card!”")
        if isinstance(move, CallIdiot):
            return _("Call {who} an idiot").format(who=self.players[move.target])
        return str(move)

    def reason(self, reason: Reason) -> str:
        """Why a bot would make a move (a hint's reason), in the player's language;
        the engine's English for a code not known here."""
        values = dict(reason.params)
        template = reason_template(reason.code, values.get("n", 0))
        if template is None:
            return str(reason)
        if "card" in values:
            values["card"] = self.look.plain(values["card"])
        if "suit" in values:
            values["suit"] = suit_name(values["suit"])
        return template.format(**values)

    def _options(self, view: PlayerView) -> list[str]:
        """What else may be played on the top card: "a J", "an 8", "a 9"."""
        top = view.top_card
        assert top is not None
        wild_nine = view.rules.wild_nine
        options = []
        if top.rank is not Rank.EIGHT and not (top.rank is Rank.NINE and wild_nine):
            options.append(_a(top.rank))
        options.append(_("an 8"))
        if wild_nine:
            options.append(_("a 9"))
        return options


def store_problem(err: StoreError) -> str:
    """What went wrong with the save file, in the player's language (from the
    error's code and values; the engine's English for one not known here)."""
    p = err.params
    template = {
        "not-sqlite": _("{path} is not a Craits save file (it is not a SQLite database)."),
        "foreign": _("{path} is not a Craits save file (it belongs to another program)."),
        "cut-short": _("{path} is damaged: it is cut short."),
        "damaged": _("{path} is damaged ({detail})."),
        "old-tables": _("{path} is damaged: its tables are not those of a Craits save file."),
        "newer": _(
            "{path} was written by a newer version of Craits (save format {version}; "
            "this version reads format {readable})."
        ),
        "unreadable": _("{path} cannot be read ({detail})."),
        "no-folder": _("The folder of {path} cannot be created ({detail})."),
        "busy": _("Another program is using {path}."),
        "cannot-open": _("{path} cannot be opened ({detail})."),
        "unwritable": _("{path} cannot be written to ({detail})."),
        "in-use": _("This game is open in another window. Play it there, or quit it there first."),
        "unknown-game": _("There is no saved game {game} in {path}."),
        "game-damaged": _("Saved game {game} in {path} is damaged ({detail})."),
        "gone": _("Game {game} is no longer in {path}: it was deleted."),
        "changed-elsewhere": _(
            "Game {game} was played on elsewhere (in another window?). Resume it again "
            "to carry on from there."
        ),
    }.get(err.code)
    if template is not None:
        return template.format(**p)
    text = str(err)  # a sentence, as the others are
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def reason_template(code: str, n: int) -> str | None:
    """The words for a bot's reason (see `craits_core.bots.reasons`), by its code;
    ``n`` chooses the plural. None for a code not known here."""
    if code == "name-suit":
        if n == 0:  # nothing to follow with, whichever suit (going out with an 8)
            return _("name {suit}")
        return ngettext(
            "name {suit}: you hold {n} card to follow with",
            "name {suit}: you hold {n} cards to follow with",
            n,
        )
    if code == "follow":
        return ngettext(
            "you can follow it with {n} more card", "you can follow it with {n} more cards", n
        )
    if code == "search-card":
        return ngettext(
            "on average {n} point fewer than the {card}, in {runs} simulated rounds",
            "on average {n} points fewer than the {card}, in {runs} simulated rounds",
            n,
        )
    if code == "search-draw":
        return ngettext(
            "on average {n} point fewer than drawing, in {runs} simulated rounds",
            "on average {n} points fewer than drawing, in {runs} simulated rounds",
            n,
        )
    if code == "no-handoff":
        return ngettext(
            "don't hand the turn to {name}, who holds {n} card",
            "don't hand the turn to {name}, who holds {n} cards",
            n,
        )
    return {
        "go-out": _("go out"),
        # What the hand's score drops by: not the card's face value when 3s are in it.
        "shed": _("get rid of the {card}: your hand scores {points} less"),
        "keep-three": _("keep the {card}: it cancels your worst card"),
        "keep-eight": _("keep the {card} for when nothing else fits"),
        "keep-for-crank": _("keep the {card} to answer a crank"),
        "start-crank": _("start a crank on {name}"),
        "crank-last-card": _("crank {name}, who holds one card"),
        "raise-crank": _("raise the crank to {count} on {name}"),
        "make-draw": _("make {name} draw"),
        "make-last-card-draw": _("make {name}, on one card, draw"),
        "not-followed": _("{name} could not follow {suit} before"),
        "play-again": _("the {card} lets you play again"),
        "stuck-again": _("nothing to follow the {card}: you would draw"),
        "last-card-fits": _("your last card, the {card}, will fit"),
        "draw": _("better than any card you could play"),
        "no-crank-answer": _("no ace or 2 to answer the crank"),
        "nothing-fits": _("nothing fits"),
        "only-card": _("the {card} is the only card that fits"),
        "call-idiot": _("{name} did not announce their last card: call idiot"),
        "announce": _("announce your last card"),
        "only-move": _("the only move"),
        "best-move": _("the best move"),
    }.get(code)


def _a(rank: Rank) -> str:
    """A rank with its article: "a J", "an A"."""
    if rank in (Rank.ACE, Rank.EIGHT):
        return _("an {rank}").format(rank=rank.label)
    if rank is Rank.QUEEN:
        # Translators: the queen apart from the other ranks, for languages where
        # her article differs ("una Q" in Italian, "un J" for the others).
        return _("a {queen}").format(queen=rank.label)
    return _("a {rank}").format(rank=rank.label)


def describe_rules(rules: RuleSet) -> str:
    """The game's length and its variants, in a few words."""
    parts = [_("short game") if rules.short_game else _("full game")]
    for on_, name in (
        (rules.colour_matching, _("colour matching")),
        (rules.voluntary_draw, _("voluntary draw")),
        (rules.seven_skips, _("seven skips")),
        (rules.wild_nine, _("wild nine")),
    ):
        if on_:
            parts.append(name)
    return ", ".join(parts)
