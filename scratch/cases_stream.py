# To be merged into cli/cases.py after the layout: lazy reading of case files (JSONL, .gz, Parquet).


def iter_cases(path: str | Path) -> Iterator[tuple[int, Case | CaseFileError]]:
    """Each case of a JSONL (``.gz`` too) or Parquet file, read lazily: ``(number, case)``.

    A malformed line gives a :class:`CaseFileError` in its place (naming the line and the
    field) and reading goes on; ``number`` is the line (JSONL) or row (Parquet, from 1).
    Unreadable files raise :class:`CaseFileError`. Sources files named by ``sources_file`` are
    read once each (the last few are kept).
    """
    path = Path(path)
    sources = _SourcesFiles(path)
    if path.suffix == ".parquet":
        yield from _parquet_cases(path, sources)
        return
    try:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as fh:
            for number, raw in enumerate(fh, start=1):
                text = raw.strip()
                if not text or text.startswith("#"):
                    continue
                where = f"{path}, line {number}"
                try:
                    yield number, _case(where, number, _json_object(where, text), sources)
                except CaseFileError as exc:
                    yield number, exc
    except (OSError, EOFError) as exc:
        raise CaseFileError(f"{path}: cannot read the case file ({exc})") from None
    except UnicodeDecodeError as exc:
        raise CaseFileError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _parquet_cases(path: Path, sources: _SourcesFiles) -> Iterator[tuple[int, Case | CaseFileError]]:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise CaseFileError(
            f"{path}: reading Parquet needs pyarrow: pip install pyarrow"
        ) from None
    try:
        table = pq.ParquetFile(path)
    except (OSError, ValueError) as exc:
        raise CaseFileError(f"{path}: cannot read the Parquet file ({exc})") from None
    names = table.schema_arrow.names
    unknown = sorted(set(names) - _FIELDS)
    if unknown:
        raise CaseFileError(
            f"{path}: unknown column {unknown[0]!r}; valid columns: {', '.join(sorted(_FIELDS))}"
        )
    number = 0
    for batch in table.iter_batches(batch_size=1024):
        for row in batch.to_pylist():
            number += 1
            where = f"{path}, row {number}"
            obj = {k: v for k, v in row.items() if v is not None}
            try:
                for key in _JSON_TEXT:  # a table keeps nested sources as JSON text
                    if isinstance(obj.get(key), str):
                        obj[key] = _json_text(where, key, obj[key])
                yield number, _case(where, number, obj, sources)
            except CaseFileError as exc:
                yield number, exc
