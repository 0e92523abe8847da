# CPython 3.11's EnumType.__getattr__: a name missing on an enum class raises
# AttributeError(name) (bare name, no "type object ... has no attribute"), dunders too;
# getattr/hasattr defaults still work and members still resolve. (R9: TheAlgorithms'
# convert_number_to_words mistypes NumberWords.TENS and prints the error.)
import enum
class Words(enum.Enum):
    ONES = {1: "one"}
    TEN = {2: "twenty"}
for name in ("TENS", "__foo__", "_private"):
    try:
        getattr(Words, name)
    except AttributeError as e:
        print(name, repr(e), e.args)
try:
    Words.TENS.value[2]
except AttributeError as e:
    print("chain", str(e))
print(getattr(Words, "TENS", "default"), hasattr(Words, "TEN"), hasattr(Words, "TENS"))
print(Words.TEN.value, Words["ONES"].name)
class Color(enum.IntEnum):
    RED = 1
try:
    Color.BLUE
except AttributeError as e:
    print(repr(e))
class Perm(enum.Flag):
    R = 4
try:
    Perm.X
except AttributeError as e:
    print(repr(e))
try:
    Words.ONES.missing
except AttributeError as e:
    print(repr(e))
