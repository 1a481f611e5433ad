"""Run the benchmarks and print their figures: ``python -m bench [NAME ...]``."""
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

BENCHMARKS = {
    "validate": "bench.validate_endpoint",
    "engine-lama": "bench.engine_lama",
    "bots-lama": "bench.bots_lama",
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
