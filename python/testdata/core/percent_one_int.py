# str % int with one plain %d/%i/%u is built without the general formatter
# (format.go, percentOneInt); every other form takes the general path.
r = ["r%d" % 7, "%d" % -12, "a%ib" % 0, "%u" % 5, "x%dy" % 9223372036854775807, "%d%%" % 3, "%5d" % 1, "%d" % True, "%d" % -9223372036854775808, "é%d€" % 42, "%d" % 2**70]
assert r == ['r7', '-12', 'a0b', '5', 'x9223372036854775807y', '3%', '    1', '1', '-9223372036854775808', 'é42€', '1180591620717411303424'], r
for bad, msg in [("%", "incomplete format"), ("%d %d", "not enough arguments for format string"), ("abc", "not all arguments converted during string formatting")]:
    try:
        bad % 5
    except (ValueError, TypeError) as e:
        assert str(e) == msg, (bad, str(e))
    else:
        assert False, bad
class I(int):
    pass
assert "v%d" % I(4) == "v4"
assert ["k%d" % i for i in range(3)] == ["k0", "k1", "k2"]
