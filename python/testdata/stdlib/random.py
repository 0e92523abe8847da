import random
random.seed(42)
print(random.random(), random.random())
print(random.randint(1, 100), random.randrange(10), random.randrange(0, 100, 5), random.uniform(1, 2))
# ---
import random
random.seed(0)
print([random.randint(1, 6) for _ in range(10)])
xs = list(range(10))
random.shuffle(xs)
print(xs)
print(random.choice("abcdef"), random.sample(range(100), 5), random.sample(["a", "b", "c", "d"], k=4))
# ---
import random
random.seed(12345)
print(random.choices(["red", "green", "blue"], weights=[10, 1, 1], k=8))
print(random.choices(range(5), k=5), random.choices("xy", cum_weights=[1, 4], k=4))
print(random.sample(range(1000), 12), random.sample("abc", counts=[3, 2, 1], k=4))
# ---
import random
r = random.Random(2024)
print(r.random(), r.getrandbits(8), r.getrandbits(70), r.randbytes(5))
r.seed("hello")
print(r.random())
r.seed(b"bytes")
print(r.random())
r.seed(-7)
a = r.random()
r.seed(7)
print(a == r.random())
r.seed(2 ** 100 + 3)
print(r.random(), r.randint(-10 ** 20, 10 ** 20))
r.seed(3.5)
print(r.random())
# ---
import random
r = random.Random(99)
state = r.getstate()
first = [r.random() for _ in range(3)]
r.setstate(state)
print(first == [r.random() for _ in range(3)], state[0], len(state[1]))
r2 = random.Random(99)
print([round(r2.gauss(0, 1), 12) for _ in range(4)], round(r2.normalvariate(10, 2), 12))
print(round(r2.expovariate(1.5), 12), round(r2.triangular(0, 10, 3), 12), round(r2.paretovariate(3), 12))
# ---
import random
random.seed(7)
deck = [r + s for r in "A23456789TJQK" for s in "shdc"]
random.shuffle(deck)
hand = sorted(deck[:5])
print(hand, random.choice(deck), random.randrange(-5, 5), random.randrange(10, 0, -3))
# ---
import random
random.seed(1)
print(random.sample(range(10 ** 6), 30)[:5], round(random.betavariate(2, 3), 12), round(random.gammavariate(2.5, 1.0), 12), round(random.gammavariate(0.5, 2.0), 12))
print(round(random.lognormvariate(0, 1), 12), round(random.weibullvariate(1, 2), 12), round(random.vonmisesvariate(1.0, 4.0), 12))
# ---
import random
random.choice([])
# raises: IndexError: Cannot choose from an empty sequence
# ---
import random
random.randrange(0)
# raises: ValueError: empty range for randrange()
# ---
import random
random.randint(5, 1)
# raises: ValueError: empty range for randrange() (5, 2, -3)
# ---
import random
random.sample([1, 2], 3)
# raises: ValueError: Sample larger than population or is negative
# ---
import random
random.sample({1, 2}, 1)
# raises: TypeError: Population must be a sequence.  For dicts or sets, use sorted(d).
# ---
import random
random.choices([1, 2], [1, 2, 3])
# raises: ValueError: The number of weights does not match the population
# ---
import random
random.getrandbits(-1)
# raises: ValueError: number of bits must be non-negative
# ---
import random
r = random.Random()
x = r.random()
print(0.0 <= x < 1.0, isinstance(random.SystemRandom().random(), float), 0 <= random.SystemRandom().randint(1, 3) <= 3)
# ---
import random
class Mine(random.Random):
    def getrandbits(self, k):
        return super().getrandbits(k) ^ ((1 << k) - 1) if k else 0
m = Mine(8)
r = random.Random(8)
print([m.randrange(10 ** 12) for _ in range(3)], [r.randrange(10 ** 12) for _ in range(3)], m.choice("abcdef"), r.choice("abcdef"))
print(random.Random(9).randrange(2 ** 100), random.Random(9).randint(0, 2 ** 31), random.Random(9).randrange(1 << 32))
s = random.SystemRandom()
print(0 <= s.randrange(10) < 10, len(s.sample(range(100), 5)))
