"""Compare two verdict snapshots by verdict only: per answer, each claim's (text, status)."""
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
def claims(e):
    if isinstance(e, dict) and "claims" in e:
        return [(c.get("text"), c.get("status")) for c in e["claims"]], e.get("passed")
    return None
changed = 0
for k in sorted(set(a) | set(b)):
    x, y = a.get(k), b.get(k)
    if k.endswith(":records") or k.endswith(":stats"):
        if x != y and k.endswith(":stats"):
            print("COUNTS", k); print("  ", x); print("  ", y)
        continue
    cx, cy = claims(x), claims(y)
    if cx != cy:
        changed += 1
        if changed <= int(sys.argv[3]) if len(sys.argv) > 3 else 30:
            print(k)
            if cx and cy:
                for p, q in zip(cx[0], cy[0]):
                    if p != q: print("   ", p, "->", q)
print("verdict-changed entries:", changed)
