"""The lessons of "Learn to play", in the order they are taught: for each, its deal,
its beats and its words (the format is `craits_tui.learn.format`).

Data: every text is marked with `N_` and translated where it is shown.
"""

from __future__ import annotations

from craits_core import Card, Draw, Play, Suit

from ..i18n import N_
from .format import CALL, DRAW, THEM, Deal, Lesson, Reply, Step, cards, fields, play

OPPONENT = "Ada"
"""The opponent's name at every lesson (a name, the same in every language)."""

# --- The lessons ----------------------------------------------------------------------

MATCH = Lesson(
    id="match",
    title=N_("Match the suit or the rank, or draw"),
    intro=N_(
        "Each turn you play one card onto the pile. It must match the top card: "
        "the same suit, or the same rank. Play a card with its number key, or pick "
        "it with ← → and Enter."
    ),
    outro=N_(
        "That is a whole turn: play a card of the top card's suit or rank; when "
        "nothing matches, draw one card."
    ),
    deal=Deal(cards("JS AD KH 3C"), cards("AS QD KC QC"), Card.parse("QS"), cards("JD")),
    beats=(
        Step(
            play("JS"),
            N_("The top card is {top}. Play the card of the same suit: {card}."),
            N_("{card} matches {top}: they are both spades."),
            hint=N_("Same suit as {top}."),
            values=fields(top="QS", card="JS"),
        ),
        Reply(
            Play(THEM, Card.parse("AS")),
            N_("{them} played {card}, another spade."),
            fields(card="AS"),
        ),
        Step(
            play("AD"),
            N_(
                "The top card is {top}. You have no other spade, but the same rank "
                "matches too: play {card}."
            ),
            N_("{card} matches {top}: they are both aces. Diamonds is the suit now."),
            hint=N_("Same rank as {top}."),
            values=fields(top="AS", card="AD"),
        ),
        Reply(
            Play(THEM, Card.parse("QD")),
            N_("{them} followed the diamonds with {card}."),
            fields(card="QD"),
        ),
        Step(
            DRAW,
            N_(
                "Nothing you hold matches {top}: no diamond, no queen. Draw a card: "
                "press d (or Enter, or click the stock)."
            ),
            N_(
                "You drew {drawn}. It fits, but a card you draw waits for your next "
                "turn: drawing ends your turn."
            ),
            values=fields(top="QD", drawn="JD"),
        ),
    ),
)

EIGHT_NINE = Lesson(
    id="eight-nine",
    title=N_("The 8 and the 9"),
    intro=N_(
        "Some cards do something when played. An 8 fits on anything, and you name "
        "the suit to follow. A 9 is played like any card, and may then switch to "
        "the other suit of its colour."
    ),
    outro=N_(
        "An 8 can always be played and names any suit. A 9 keeps its suit or "
        "switches to its colour mate: hearts and diamonds, clubs and spades."
    ),
    deal=Deal(cards("8H 9D QH AS"), cards("KC JS 3S AC"), Card.parse("JC"), cards("KS QC")),
    values=fields(eight="8H", nine="9D", queen="QH"),
    beats=(
        Step(
            play("8H", Suit.DIAMONDS),
            N_(
                "Nothing matches {top}, but an 8 can always be played. Play {eight} "
                "and name diamonds: your {nine} can follow."
            ),
            N_("You named diamonds: {them} must follow with a diamond, or play an 8."),
            hint=N_("Play {eight}, then choose diamonds."),
            other=N_(
                "An 8 may name any suit, but name diamonds here: then your {nine} can follow."
            ),
            values=fields(top="JC"),
        ),
        Reply(Draw(THEM), N_("{them} had no diamond and no 8, so {them} drew a card.")),
        Step(
            play("9D", Suit.HEARTS),
            N_(
                "Play {nine} and switch to hearts: a 9 keeps its suit or changes "
                "to the other suit of its colour. Your {queen} is a heart."
            ),
            N_("The suit is hearts now, though the 9 on the pile is a diamond."),
            hint=N_("Play {nine}, then choose hearts."),
            other=N_(
                "A 9 may keep its suit, but switch to hearts here: your {queen} follows hearts."
            ),
        ),
        Reply(Draw(THEM), N_("{them} had no heart, so {them} drew again.")),
    ),
)

FOUR_TEN_SEVEN = Lesson(
    id="four-ten-seven",
    title=N_("The 4, the 10 and the 7"),
    intro=N_(
        "A 4 skips the next player. A 10 reverses the direction of play. A 7 makes "
        "the next player draw a card."
    ),
    outro=N_(
        "A 4 skips the next player, a 10 reverses the direction, a 7 makes the "
        "next player draw one card before playing."
    ),
    deal=Deal(cards("4S 7S 10S JH AD"), cards("QS JS KD 3C AH"), Card.parse("KS"), cards("QH")),
    values=fields(four="4S", seven="7S", ten="10S"),
    beats=(
        Step(
            play("4S"),
            N_(
                "Play {four}: the next player is skipped. With two players, that "
                "means you play again."
            ),
            N_("{them} is skipped: it is your turn again."),
            other=N_("That card fits too, but start with the 4: {four}."),
        ),
        Step(
            play("7S"),
            N_("Now play {seven}: {them} must draw a card before playing."),
            N_("{them} drew a card for your 7, and now plays as usual."),
            other=N_("That card fits too, but play the 7 now: {seven}."),
        ),
        Reply(Play(THEM, Card.parse("QS")), N_("{them} played {card}."), fields(card="QS")),
        Step(
            play("10S"),
            N_(
                "Play {ten}: a 10 reverses the direction of play. With two players "
                "nothing changes: {them} still plays next."
            ),
            N_(
                "Play goes the other way round now. At a bigger table, the player "
                "on your other side would be next."
            ),
        ),
        Reply(
            Play(THEM, Card.parse("JS")),
            N_("{them} played {card}: with two players, the turn still came to them."),
            fields(card="JS"),
        ),
    ),
)

FIVE_SIX = Lesson(
    id="five-six",
    title=N_("The 5 and the 6"),
    intro=N_(
        "A 5 makes every other player draw a card. A 6 lets you play again at once; "
        "but if nothing fits then, you must draw."
    ),
    outro=N_(
        "A 5 makes everyone else draw one card. A 6 means play again: a card that "
        "fits, or draw one if none does."
    ),
    deal=Deal(cards("5H 6C JC QD AS"), cards("6H JS KC 3D AC"), Card.parse("KH"), cards("3S 9D")),
    values=fields(five="5H", six="6C", jack="JC"),
    beats=(
        Step(
            play("5H"),
            N_("Play {five}: {them} must draw a card."),
            N_("{them} drew a card. At a bigger table, everyone but you would draw one."),
        ),
        Reply(
            Play(THEM, Card.parse("6H")),
            N_("{them} played {card}: a 6, so {them} plays again…"),
            fields(card="6H"),
        ),
        Reply(
            Draw(THEM),
            N_("…but nothing fitted, so {them} had to draw. That is the risk of a 6."),
        ),
        Step(
            play("6C"),
            N_("Play {six}: it matches the 6 on the pile, and you play again."),
            N_("Your turn goes on: now play a card that fits {six}."),
        ),
        Step(
            play("JC"),
            N_("Play {jack}: it follows your 6 by suit."),
            N_("Your turn ends with a card that fits: no draw for you."),
        ),
    ),
)

CRANK = Lesson(
    id="crank",
    title=N_("The crank: 2s and aces"),
    intro=N_(
        "A 2 starts the crank at 2. The next player must answer with an ace (the "
        "count goes up 1) or a 2 (up 2), and the crank moves on. The first player "
        "who cannot answer draws the whole count."
    ),
    outro=N_(
        "In the crank, only aces and 2s can be played. Whoever has neither draws "
        "the count, and play goes on as usual."
    ),
    deal=Deal(cards("AH 2D KD QC JS"), cards("2S KC QH JD 3S"), Card.parse("2C")),
    values=fields(ace="AH", two="2D", king="KD"),
    beats=(
        Step(
            play("AH"),
            N_(
                "The starter {top} is a 2: the crank is at 2, and it is on you. "
                "Answer with your ace, {ace}: the count goes up to 3."
            ),
            N_("The count is 3, and now {them} must answer."),
            values=fields(top="2C"),
            notes=(
                (
                    Card.parse("2D"),
                    N_(
                        "A 2 answers the crank too (it adds 2), but keep it for now: "
                        "answer with the ace."
                    ),
                ),
            ),
        ),
        Reply(
            Play(THEM, Card.parse("2S")),
            N_("{them} answered with {card}: the count is 5, and it is back on you."),
            fields(card="2S"),
        ),
        Step(
            play("2D"),
            N_("Play your {two}: the count goes up to 7."),
            N_("The crank is at 7, on {them}."),
        ),
        Reply(
            Draw(THEM),
            N_("{them} had no ace and no 2, so {them} drew all 7 cards. The crank is over."),
        ),
        Step(
            play("KD"),
            N_("The crank is over: play as usual on the last card, {two}. Play {king}."),
            N_("Play goes on as usual."),
        ),
    ),
)

LAST_CARD = Lesson(
    id="last-card",
    title=N_("“Last card!” and “Idiot!”"),
    intro=N_(
        "When a play leaves you one card, say “Last card!”. Anyone may call "
        "“Idiot!” on a player who forgets, before the next move: the idiot draws "
        "two cards and loses the next turn."
    ),
    outro=N_(
        "Say “Last card!” (l) with the play that leaves you one card. Call “Idiot!” "
        "(i) on anyone who forgets, before the next move."
    ),
    deal=Deal(cards("QS KD"), cards("QH 3D"), Card.parse("JS"), cards("JC 4H")),
    values=fields(queen="QS"),
    beats=(
        Step(
            play("QS", announce=True),
            N_("This play leaves you one card: press l to say “Last card!”, then play {queen}."),
            N_("You said “Last card!” with your play: nobody can call you an idiot."),
            hint=N_("First l, then {queen}."),
        ),
        Reply(
            Play(THEM, Card.parse("QH")),
            N_("{them} played {card} and has one card left, but said nothing!"),
            fields(card="QH"),
        ),
        Step(
            CALL,
            N_(
                "{them} forgot to say “Last card!”. Call “Idiot!”: press i (or click "
                "{them}) before anyone moves."
            ),
            N_("{them} drew two cards as the penalty, and will miss the next turn."),
            other=N_("Call “Idiot!” first (i): once anyone plays or draws, the chance is gone."),
        ),
    ),
)

GOING_OUT = Lesson(
    id="going-out",
    title=N_("Going out, and the 3s"),
    intro=N_(
        "A round ends when a player plays their last card: they score 0. The others "
        "score the cards left in hand, and the lowest total wins. A 3 cancels the "
        "highest card left with it; a 3 alone is worth −50."
    ),
    outro=N_(
        "Going out scores 0. Caught with cards, you score them, but each 3 cancels "
        "your highest card, and a 3 alone is −50. The lowest total after the last "
        "round wins."
    ),
    deal=Deal(cards("KH QH 3H"), cards("AH 6S 9C"), Card.parse("JH"), cards("3C")),
    values=fields(three="3H", king="KH", queen="QH"),
    beats=(
        Step(
            play("KH QH"),
            N_(
                "Shed a high heart, {king} or {queen}, and keep your {three}: if the "
                "round ended now, a 3 would cancel your highest card."
            ),
            N_("High cards cost points if the round ends before you go out: shed them first."),
            hint=N_("Play {king} or {queen}, not the 3."),
            notes=(
                (
                    Card.parse("3H"),
                    N_(
                        "The 3 fits, but keep it: left in your hand at the end, it "
                        "cancels your highest card."
                    ),
                ),
            ),
        ),
        Reply(Play(THEM, Card.parse("AH")), N_("{them} played {card}."), fields(card="AH")),
        Step(
            play("KH QH", announce=True),
            N_(
                "Play your other high heart, and say “Last card!” with it (press l "
                "first). Keep the 3 to the end."
            ),
            N_("One card left, and you said so."),
            hint=N_("First l, then your other high heart."),
            notes=(
                (
                    Card.parse("3H"),
                    N_("Keep the 3 to the end: play your other high heart now."),
                ),
            ),
        ),
        Reply(Draw(THEM), N_("{them} had nothing that fits, and drew a card.")),
        Step(
            play("3H"),
            N_("Play your last card, {three}, to go out."),
            N_(
                "You went out: you score 0 for this round. {them} scores the cards "
                "left in hand, where the 3 cancels one of the highest."
            ),
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (
    MATCH,
    EIGHT_NINE,
    FOUR_TEN_SEVEN,
    FIVE_SIX,
    CRANK,
    LAST_CARD,
    GOING_OUT,
)
"""The lessons, in the order they are taught."""


def lesson_by_id(lesson_id: str) -> Lesson | None:
    """The lesson saved under ``lesson_id``, if there is one."""
    return next((lesson for lesson in LESSONS if lesson.id == lesson_id), None)


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The lesson taught after ``lesson`` (None after the last)."""
    index = LESSONS.index(lesson)
    return LESSONS[index + 1] if index + 1 < len(LESSONS) else None
