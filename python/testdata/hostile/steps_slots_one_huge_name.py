# A slot name is checked to be an identifier, code point by code point:
# one name of a hundred million characters is counted against the steps.
class C:
    __slots__ = ('a' * 100_000_000,)
# limit: steps|memory|time
