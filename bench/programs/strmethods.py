# String methods agents use: split, strip, replace, case, find, startswith, slicing.
raw = ["  Name%d: Value-%d ; status=%s  " % (i, i * 3, "ok" if i % 4 else "FAIL") for i in range(40000)]
out = []
fails = 0
for line in raw:
    s = line.strip()
    key, _, rest = s.partition(":")
    value, status = [p.strip() for p in rest.split(";")]
    if status.endswith("FAIL"):
        fails += 1
    out.append(key.lower().replace("name", "n") + "=" + value.upper()[:10])
joined = ",".join(out)
return fails, joined.count("VALUE"), joined[:40], joined.find("n399")
