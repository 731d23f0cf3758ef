"""A row whose label puts a word of its own inside the phrase of the row the question names.

:func:`crossfoot.rules.off_question_half.half_other` leaves a row open when the named row's
words all stand in it: "What were the net tangible assets?" over *Net tangible assets* and *Net
tangible assets acquired* may mean the fuller line, which goes on from the named phrase. A row
that breaks the named phrase with a word of its own is another line: "What was the change in
total assets?" over *Total assets* and *Total current assets* names *Total assets* word for
word, and *Total current assets* writes "current" between its words, a word the question never
says (a part of the whole, a subtotal). Judged when:

- the question writes the named row's label word for word, two words or more ("total assets");
- the cell's row holds every word of that label in the label's order, with a word of its own
  inside the phrase (not only before or after it: *Deferred revenue* goes on from *Revenue*);
- that word (or another of the cell's row beside the named phrase) is a naming word the
  question does not say ("current"; not "net" or "total", which a question leaves out).

>>> inserted(("total", "asset"), ("total", "current", "asset"), ["change", "total", "asset"])
True
>>> inserted(("net", "tangible", "asset"), ("net", "tangible", "asset", "acquired"),
...          ["what", "net", "tangible", "asset"])
False
>>> inserted(("total", "revenue"), ("total", "net", "revenue"), ["what", "total", "revenue"])
False
"""

from __future__ import annotations

from crossfoot.language.rowtokens import OPTIONAL

__all__ = ["inserted"]


def _run(label: tuple[str, ...], words: tuple[str, ...] | list[str]) -> bool:
    n = len(label)
    return any(tuple(words[j : j + n]) == label for j in range(len(words) - n + 1))


def _in_order(label: tuple[str, ...], words: tuple[str, ...]) -> bool:
    it = iter(words)
    return all(w in it for w in label)


def inserted(label: tuple[str, ...], row: tuple[str, ...], question: list[str]) -> bool:
    """Whether ``row`` (a cell's row label's words) breaks the phrase of the named ``label``
    (its words), which ``question`` (its words in order) writes word for word, with a naming word
    the question does not say (see the module)."""
    if len(label) < 2 or len(row) <= len(label) or not _in_order(label, row):
        return False
    if _run(label, row) or not _run(label, question):
        return False
    said = set(question)
    start = row.index(label[0])
    end = len(row) - row[::-1].index(label[-1])
    inside = [w for w in row[start:end] if w not in label]
    return any(w not in OPTIONAL and w not in said for w in inside)
