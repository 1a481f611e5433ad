"""Run the benchmarks and print their figures: ``python -m bench [NAME ...]``."""
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

BENCHMARKS = {
    "validate": "bench.validate_endpoint",
    "search": "bench.search",
    "engine-lama": "bench.engine_lama",
    "bots-lama": "bench.bots_lama",
    "live": "bench.live_matches",
    "bot-replies": "bench.bot_replies",
    "load": "bench.mixed_load",
    "deck-builder": "bench.deck_builder",
    "engine-completto": "bench.engine_completto",
    "bots-completto": "bench.bots_completto",
    "engine-elements": "bench.engine_elements",
    "bots-elements": "bench.bots_elements",
    "engine-eoc": "bench.engine_eoc",
    "bots-eoc": "bench.bots_eoc",
    "bots-strong": "bench.bots_strong",
    "strong-timing": "bench.strong_timing",
    "strong-load": "bench.strong_load",
    "faces": "bench.faces",
    "flood": "bench.frame_flood",
    "moves": "bench.move_floor",
    "layer": "bench.layer_scaling",
    "peer": "bench.peer_live",
}


def main(names: list[str]) -> None:
    import importlib

    for name in names or list(BENCHMARKS):
        if name not in BENCHMARKS:
            sys.exit(f"unknown benchmark {name!r}; known: {', '.join(BENCHMARKS)}")
        print(f"== {name}", flush=True)
        for line in importlib.import_module(BENCHMARKS[name]).main():
            print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
