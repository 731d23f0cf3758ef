"""Offline environment for the framework tests (example data and helpers: ``_support.py``).

The environment variables are set at import time, before any framework is imported, so DeepEval,
Ragas and promptfoo never try to phone home, read a ``.env`` file or check for updates.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

OFFLINE_ENV = {
    "DEEPEVAL_TELEMETRY_OPT_OUT": "1",
    "DEEPEVAL_DISABLE_DOTENV": "1",
    "DEEPEVAL_UPDATE_WARNING_OPT_IN": "0",
    "RAGAS_DO_NOT_TRACK": "true",
    "PROMPTFOO_DISABLE_TELEMETRY": "1",
    "PROMPTFOO_DISABLE_UPDATE": "1",
    "PROMPTFOO_PYTHON": sys.executable,
}
os.environ.update(OFFLINE_ENV)

# DeepEval writes its run cache and key file under ./.deepeval unless told otherwise.
if "DEEPEVAL_CACHE_FOLDER" not in os.environ:
    _cache = tempfile.mkdtemp(prefix="crossfoot-deepeval-")
    os.environ["DEEPEVAL_CACHE_FOLDER"] = _cache
    atexit.register(shutil.rmtree, _cache, ignore_errors=True)
