# String formatting: f-strings with specs, str.format, %-formatting, joins.
lines = []
for i in range(60000):
    price = i * 1.0375
    lines.append(f"{i:>6} | {('item' + str(i % 97)):<10} | {price:10.2f} | {i / 7:.3e} | {i:08x}")
    if i % 3 == 0:
        lines.append("{0}-{1:>5}-{2!r}".format(i, i % 13, "x"))
    if i % 5 == 0:
        lines.append("%s=%d (%.1f%%)" % ("k" + str(i), i, i % 100 / 3))
text = "\n".join(lines)
return len(text), lines[7], lines[-1]
