# enumerate's count: small ints, past the small-int cache, across the int64
# boundary into big ints, negative starts, and non-int starts.
assert list(enumerate("ab")) == [(0, "a"), (1, "b")]
big = 2**63 - 2
assert [i for i, _ in enumerate("abcd", big)] == [big, big + 1, big + 2, big + 3]
assert [i for i, _ in enumerate("abc", 2**70)] == [2**70, 2**70 + 1, 2**70 + 2]
assert [i for i, _ in enumerate("abc", -2)] == [-2, -1, 0]
assert [i for i, _ in enumerate(range(5000), 4094)][-1] == 9093
assert [i for i, _ in enumerate("ab", True)] == [1, 2]
assert type([i for i, _ in enumerate("ab", True)][0]) is int
