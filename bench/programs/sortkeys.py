# Sorting with keys: multi-key tuples, lambdas, reverse, stable sorts.
rows = [{"name": "n%05d" % ((i * 7919) % 50000), "team": "t%d" % (i % 23), "score": (i * 37) % 1001,
         "age": 20 + i % 45} for i in range(50000)]
a = sorted(rows, key=lambda r: (r["team"], -r["score"], r["name"]))
b = sorted(rows, key=lambda r: r["age"], reverse=True)
c = sorted(r["name"] for r in rows)
rows.sort(key=lambda r: r["score"])
top = [r["name"] for r in a[:3]]
return top, b[0]["age"], c[:2], rows[-1]["score"]
