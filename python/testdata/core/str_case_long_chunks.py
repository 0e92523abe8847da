# Long strings are case-mapped in chunks (the deadline is polled between
# them); a chunk boundary must not change a final sigma or anything else.
for unit in ["ΑΣ ΣΑ ", "ab Σ,", "xΣ1ΣΣ\tß", "abcdefgh", "Ǆǅǆ ΣΣ "]:
    s = unit * (600_000 // len(unit) + 1)
    assert s.lower() == unit.lower() * (len(s) // len(unit)), unit
    assert s.upper() == unit.upper() * (len(s) // len(unit)), unit
    assert s.swapcase() == unit.swapcase() * (len(s) // len(unit)), unit
    assert s.casefold() == unit.casefold() * (len(s) // len(unit)), unit
# A sigma right at a chunk's end looks past it.
s = "a" * (256 * 1024 - 1) + "Σa"
assert s.lower()[-2:] == "σa"
s = "a" * (256 * 1024 - 2) + "Σ" + "Σ" * 10 + "a"
assert s.lower() == "a" * (256 * 1024 - 2) + "σ" * 11 + "a"
