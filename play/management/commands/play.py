"""``manage.py play GAME [--players N] [--bots SPEC] [--seed S] [--options JSON] [--decks A,B] [--quiet]``:
play a whole match headless, every seat a bot, and print how it went. The game-specific arguments
(``--decks``) are the ``cli_options`` the games' records declare; each goes to its game's
``cli_options(args, options)``, which turns it into the game's options, and a game whose record
does not declare it refuses it."""
from __future__ import annotations

import json
import secrets

from django.core.management.base import BaseCommand, CommandError

from play.bots import BOTS
from play.bots.runner import make_bots, play_game
from play.games import GAMES
from tcg.integers import BadValue, int_argument, parse_int


def game_arguments() -> dict[str, str]:
    """The game-specific arguments the records declare, by name, each with its help (naming the
    game that takes it)."""
    helps: dict[str, list[str]] = {}
    for game in GAMES.values():
        for option in game.spec.cli_options:
            helps.setdefault(option.name, []).append(f"{game.slug}: {option.help}")
    return {name: "; ".join(texts) for name, texts in helps.items()}


def _bot_count(spec: str) -> int | None:
    """``--bots`` as a count of heuristic bots (a whole number, ``tcg.integers.parse_int``, of at
    least 1), or ``None`` when it names the bots instead. Raises ``CommandError`` for a count
    below 1."""
    try:
        count = parse_int(spec.strip())
    except BadValue:
        return None
    if count < 1:
        raise CommandError(f"--bots {count}: a headless match needs at least one bot")
    return count


class Command(BaseCommand):
    help = (
        "Play a whole match of GAME with bots in every seat, headless, and print each round "
        "(for games that report rounds) and the result. --bots is either a count (that many "
        "heuristic bots, one per seat) or bot names per seat, comma-separated, e.g. "
        "heuristic,random,random,random; --bot-kinds gives the names per seat beside a count "
        "(one name for every seat, or one per seat). Every seat must be a bot. The number of "
        "seats is --players, else the number of bots, else the game's minimum. Bots: "
        + ", ".join(BOTS) + ". The last line is the "
        "result. -v 0 (or --quiet) prints only that line, -v 2 prints every action too."
    )
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("game", help="game slug: " + ", ".join(GAMES))
        parser.add_argument("--players", type=int_argument(1), help="number of seats (default: the number of bots)")
        parser.add_argument("--bots", default=None, help="a count of heuristic bots, or names per seat "
                            "(comma-separated); default: a heuristic bot in every seat")
        parser.add_argument("--bot-kinds", default=None, help="bot names, comma-separated: one for every "
                            "seat or one per seat, e.g. heuristic,random,random,random (default: heuristic)")
        parser.add_argument("--seed", type=int_argument(), default=None,
                            help="the match's seed (default: a random one, printed)")
        parser.add_argument("--options", default=None, help='game options as a JSON object, e.g. \'{"end_at": 20}\'')
        parser.add_argument("--quiet", action="store_true", help="print only the result (same as -v 0)")
        for name, text in game_arguments().items():
            parser.add_argument(f"--{name}", default=None, help=text)

    def handle(self, game, players=None, bots=None, bot_kinds=None, seed=None, options=None, quiet=False,
               verbosity=1, **arguments):
        if game not in GAMES:
            raise CommandError(f"unknown game {game!r}; known: {', '.join(GAMES)}")
        engine = GAMES[game]
        if bot_kinds is not None and bots is not None and _bot_count(bots) is None:
            raise CommandError("give the bot names either in --bots or in --bot-kinds, not both")
        names = self._bot_names(bots, players, engine.spec.min_players)
        if bot_kinds is not None:
            names = self._kinds(bot_kinds, names if bots is not None or players is not None else None)
        seed = secrets.randbelow(2**31) if seed is None else seed
        given = {name: arguments.get(name) for name in game_arguments()}
        options = self._game_options(engine, given, self._options(options))
        verbosity = 0 if quiet else verbosity
        try:
            engine.setup(len(names), seed, options)  # bad options fail before anything is printed
        except ValueError as exc:
            raise CommandError(f"cannot set up {game}: {exc}") from None
        try:
            seat_bots = make_bots(engine, names, seed)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if verbosity >= 1:
            self.stdout.write(
                f"{engine.spec.name} ({engine.slug}), {len(names)} players, seed {seed}, bots: {', '.join(names)}"
            )

        def on_step(before, seat, action, after):
            if verbosity >= 2:
                self.stdout.write(f"seat {seat}: {json.dumps(action)}")
            if verbosity >= 1:
                for line in engine.narrate(before, after):
                    self.stdout.write(line)

        state, log = play_game(engine, len(names), seed, options, seat_bots, on_step=on_step)
        outcome = engine.outcome(state)
        winners = outcome.winners
        who = f"winner seat {winners[0]}" if len(winners) == 1 else "winners seats " + ", ".join(map(str, winners))
        self.stdout.write(f"Result after {len(log)} actions: scores {', '.join(map(str, outcome.scores))}; {who}.")

    @staticmethod
    def _bot_names(spec: str | None, players: int | None, minimum: int) -> list[str]:
        if spec is None:
            return ["heuristic"] * (players or minimum)
        count = _bot_count(spec)
        if count is not None:
            if players is not None and count != players:
                raise CommandError(
                    f"a headless match needs a bot in every seat: --bots {count} does not fill {players} seats"
                )
            return ["heuristic"] * count
        names = [n.strip() for n in spec.split(",")]
        unknown = [n for n in names if n not in BOTS]
        if unknown:
            raise CommandError(f"unknown bot {unknown[0]!r}; known: {', '.join(BOTS)}")
        if players is not None and len(names) != players:
            raise CommandError(f"--bots names {len(names)} bot(s) for {players} seats; give one per seat")
        return names

    @staticmethod
    def _kinds(spec: str, seats: list[str] | None) -> list[str]:
        """The ``--bot-kinds`` names: one name fills every seat of ``seats`` (the seats that
        --players or --bots gave), else there is one name per seat."""
        names = [n.strip() for n in spec.split(",")]
        unknown = [n for n in names if n not in BOTS]
        if unknown:
            raise CommandError(f"unknown bot {unknown[0]!r}; known: {', '.join(BOTS)}")
        if seats is None:
            return names
        if len(names) == 1:
            return names * len(seats)
        if len(names) != len(seats):
            raise CommandError(f"--bot-kinds names {len(names)} bot(s) for {len(seats)} seats; give one per seat")
        return names

    @staticmethod
    def _game_options(engine, args: dict, options: dict | None) -> dict | None:
        """The options after the game-specific arguments (e.g. ``--decks``): only those the game's
        record declares, turned into options by the game's ``cli_options``."""
        given = {name: value for name, value in args.items() if value is not None}
        if not given:
            return options
        declared = {option.name for option in engine.spec.cli_options}
        foreign = [name for name in given if name not in declared]
        if foreign:
            raise CommandError(f"{engine.slug} takes no {', '.join('--' + name for name in foreign)}")
        try:
            return engine.cli_options(given, options)
        except ValueError as exc:
            raise CommandError(f"cannot set up {engine.slug}: {exc}") from None

    @staticmethod
    def _options(text: str | None) -> dict | None:
        if text is None:
            return None
        try:
            options = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CommandError(f"--options is not JSON: {exc}") from None
        if not isinstance(options, dict):
            raise CommandError("--options must be a JSON object")
        return options
