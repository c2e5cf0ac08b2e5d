"""Craits: the game engine, with no user interface.

Commands are decided against the state and produce events; the state is the fold
of the events. See `Game` for the entry point.
"""

from .cards import FULL_DECK, Card, Rank, Suit
from .codec import command_from_dict, command_to_dict, event_from_dict, event_to_dict
from .commands import Announce, CallIdiot, ChooseSuit, Command, Draw, Play
from .errors import CorruptLog, IllegalMove, Refusal
from .events import LOG_VERSION, DrawReason, Event
from .fold import evolve, project
from .game import Game, replay
from .legality import legal_moves_in_view, refusal_in_view
from .rules import RuleSet
from .scoring import score_breakdown, score_hand
from .state import State, initial_state
from .store import GameRecord, GameStore, StoreError, UnknownGame, default_store_path
from .view import PlayerView, redact

__all__ = [
    "FULL_DECK",
    "LOG_VERSION",
    "Announce",
    "CallIdiot",
    "Card",
    "ChooseSuit",
    "Command",
    "CorruptLog",
    "Draw",
    "DrawReason",
    "Event",
    "Game",
    "GameRecord",
    "GameStore",
    "IllegalMove",
    "Play",
    "PlayerView",
    "Rank",
    "Refusal",
    "RuleSet",
    "State",
    "StoreError",
    "Suit",
    "UnknownGame",
    "command_from_dict",
    "command_to_dict",
    "default_store_path",
    "event_from_dict",
    "event_to_dict",
    "evolve",
    "initial_state",
    "legal_moves_in_view",
    "project",
    "redact",
    "refusal_in_view",
    "replay",
    "score_breakdown",
    "score_hand",
]
