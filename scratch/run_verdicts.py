import sys
sys.path.insert(0, "/work/wt-tables/scratch")
sys.path.insert(0, "/work/wt-tables/benchmarks")
import patch  # noqa
import verdicts
raise SystemExit(verdicts.main(sys.argv[1:]))
