"""Do two source trees read the same numbers? ``extract`` of each on the texts of
``speed.py --extract`` (every corpus's answers and sources, the extraction vectors), in several
locales, and ``parse_number_string`` on the short ones, compared by ``repr`` (so "5.0" and "5"
differ). A speed change proves with it that it changed no reading::

    git archive main src | tar -x -C /tmp/base
    python benchmarks/extract_same.py src /tmp/base/src      # exit 1 when any text differs

Prints the texts that differ (at most ``--show``) and the count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from extract_ab import load_module  # (benchmarks/ is not a package)
from speed import extraction_texts

LOCALES = (None, "de_DE", "fr_FR", "en_IN", "sv_SE", "ar_EG")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", help="a tree's src directory")
    parser.add_argument("second", help="the other tree's src directory")
    parser.add_argument("--limit", type=int, default=None, help="items per corpus")
    parser.add_argument("--show", type=int, default=5, help="differing texts printed")
    args = parser.parse_args(argv)
    texts = extraction_texts(args.limit)
    trees = [load_module(args.first), load_module(args.second)]
    differ = 0
    for name in LOCALES:
        for text in texts:
            seen = []
            for module in trees:
                cell = module.parse_number_string(text, locale=name) if len(text) < 40 else None
                seen.append(repr((module.extract(text, locale=name), cell)))
            if seen[0] != seen[1]:
                differ += 1
                if differ <= args.show:
                    print(f"differs (locale {name}): {text[:200]!r}")
    print(f"{len(texts):,} texts x {len(LOCALES)} locales: {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
