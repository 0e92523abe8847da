# enum.Flag: iteration and len() over the single-bit members, ~ against the
# members' mask, and the repr/str of a value with no name, as 3.11.
from enum import IntFlag, Flag, auto
class IP(IntFlag):
    A = 1
    B = 2
class P(Flag):
    R = auto(); W = auto(); X = auto()
print(repr(~IP.A), repr(~(IP.A|IP.B)), list(P.R|P.X), len(P.R|P.W), len(P(0)), list(P(0)), repr(~P(0)), repr(~(P.R|P.W|P.X)), list(P.W|P.R))
print(~P.R, ~(P.R | P.W), list(P.R | P.W), len(P.R | P.X), P.W in ~P.R, bool(~(P.R|P.W|P.X)))
print(str(P(0)), str(IP(0)), repr(IP(0)), format(P(0)))
