# dataclasses.InitVar: an __init__ parameter handed to __post_init__, not a field.
from dataclasses import dataclass, field, InitVar, fields
@dataclass
class Acct:
    owner: str
    seed: InitVar[int] = 0
    balance: int = field(init=False, default=0)
    history: list = field(default_factory=list, repr=False, compare=False)
    def __post_init__(self, seed):
        self.balance = seed * 10
a = Acct("ada", 3)
print(a.balance, repr(a).replace("__snippet__.<locals>.", ""), a == Acct("ada", 3), a == "ada", hasattr(a, "seed"))
print([f.name for f in fields(a)], Acct("bob").balance, Acct(owner="c", seed=2).balance, InitVar[int])
@dataclass
class P:
    x: int
    scale: InitVar[float]
    def __post_init__(self, scale):
        self.x = self.x * scale
print(P(2, 1.5), P(x=1, scale=3))
