from dataclasses import dataclass
@dataclass(frozen=True)
class F:
    a: int
@dataclass
class M:
    a: int
for frozen, base in [(False, F), (True, M), (True, F), (False, M)]:
    try:
        @dataclass(frozen=frozen)
        class C(base):
            b: int = 0
        print(frozen, base.__name__, 'ok', C(1))
    except TypeError as e:
        print(frozen, base.__name__, e)
class Plain:
    pass
@dataclass(frozen=True)
class G(Plain):
    x: int
print(G(2))
