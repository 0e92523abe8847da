print("ß".upper(), "straße".title(), "ÄÖü ß".swapcase(), "ß".capitalize(), "ǆ".upper(), "ŉ".upper())
# ---
print(format(1e-07, "#.0g"), "%#.0f" % 3, "%#x" % 0, format(2.0, "#g"), format(10, "#.0e"), f"{0.5:#.0%}")
# ---
print("İ".lower(), len("İ".lower()), "Σ".lower(), "ΑΣ".lower(), "ﬀ".upper())
