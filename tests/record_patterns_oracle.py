"""Record what Java's ``DateTimeFormatter.ofPattern``, in the JVM real Flink 2.3 runs in, says
of a corpus of patterns (tests/goldens/java_patterns_oracle.json): taken, or its message. Flink
refuses a literal pattern of ``TO_TIMESTAMP_LTZ(string, pattern)`` with that message
(catalogs/flinksql/java_patterns.py reads patterns as Java does; tests/test_java_patterns.py
holds it to this recording).

The corpus: every ASCII letter repeated 1 to 7, 9, 10, 19 and 20 times, alone and padded;
every pair of the letters Java may append as numbers, one of them padded (it parses numbers
adjacent to one another); quotes, brackets and reserved characters in the places they can
break; and patterns drawn at random (a fixed seed) from letters, quotes, brackets, digits and
punctuation.

Usage, from the project root::

    .venv/bin/python tests/record_patterns_oracle.py [--check]
"""

from __future__ import annotations

import json
import random
import string
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.flink_oracle import new_environment  # noqa: E402
from tests.recording import record_or_check  # noqa: E402

GOLDEN = ROOT / "tests" / "goldens" / "java_patterns_oracle.json"
ILLEGAL_ARGUMENT = "java.lang.IllegalArgumentException"
COUNTS = (1, 2, 3, 4, 5, 6, 7, 9, 10, 19, 20)
# the letters Java may append as numbers, which it parses adjacent to one another
NUMBERS = "GyuQqMLDdFEceaHkKhmsSAnNgWwY"
HAND_PICKED = [
    "",
    "'",
    "a'b",
    "''",
    "'''",
    "''''",
    "'it''s'",
    "'abc",
    "yyyy'T'HH",
    "yyyy-MM-dd'T'HH:mm:ss",
    "[",
    "]",
    "[]",
    "[[yyyy]]",
    "yyyy]",
    "[yyyy]]",
    "[yyyy",
    "{",
    "}",
    "#",
    "yyyy#",
    "yyyy{MM}",
    "p",
    "pH",
    "ppHH",
    "p'x'",
    "p1",
    "pp",
    "ppp",
    "p[",
    "Hp",
    "pppppppppppppppppppppHH",
    "é",
    "yyyy年MM月",
    "yyyy MM dd",
    "yyyy-MM-dd HH:mm:ss.SSS",
    "yyyy-MM-dd HH:mm:ss.SSSSSSSSS",
    "dd/MM/uuuu",
    "EEE, d MMM yyyy HH:mm:ss Z",
    "hh 'o''clock' a, zzzz",
    "K:mm a, z",
    "yyyyy.MMMMM.dd GGG hh:mm aaa",
    "uuuu-MM-dd'T'HH:mm:ss.SSSXXX",
    "YYYY-'W'ww-e",
    "Y",
    "ww",
    "www",
    "W",
    "WW",
    "cc",
    "ccc",
    "ee",
    "BBBB",
    "BB",
    "VV",
    "V",
    "vvvv",
    "vv",
]
ALPHABET = string.ascii_letters + "''''[[]]{}#-:./ 0123456789pp"


def corpus() -> list[str]:
    patterns = list(HAND_PICKED)
    for letter in string.ascii_letters:
        for count in COUNTS:
            patterns.append(letter * count)
            patterns.append("p" + letter * count)
            patterns.append("yyyy-" + letter * count + "'x'")
    for first in NUMBERS:
        for second in NUMBERS:
            for count in (1, 2, 3):
                patterns.append("p" + first * count + second)
                patterns.append(first + "p" + second * count + "H")
    draw = random.Random(20261205)
    for _ in range(3000):
        patterns.append("".join(draw.choice(ALPHABET) for _ in range(draw.randint(1, 12))))
    return list(dict.fromkeys(patterns))


def recorded() -> str:
    new_environment()  # starts Flink's JVM
    from py4j.protocol import Py4JJavaError
    from pyflink.java_gateway import get_gateway

    formatter = get_gateway().jvm.java.time.format.DateTimeFormatter
    answers = []
    for pattern in corpus():
        try:
            formatter.ofPattern(pattern)
            answers.append([pattern, None])
        except Py4JJavaError as error:
            thrown = error.java_exception
            kind = str(thrown.getClass().getName())
            # an IllegalArgumentException's message is what Flink shows; of another exception
            # its kind (the JIT drops the message of one thrown often)
            refused = kind if kind != ILLEGAL_ARGUMENT else str(thrown.getMessage())
            answers.append([pattern, refused])
    return json.dumps(answers, ensure_ascii=False, indent=0) + "\n"


if __name__ == "__main__":
    sys.exit(record_or_check(__doc__, GOLDEN, recorded))
