# An operator on an instance of a subclass of int, str or float that neither
# side's methods take: the other operand's reflected method runs once, and the
# error names the subclass, not the builtin type inside it.
class J(int):
    pass
class E:
    def __radd__(self, o):
        print('radd', type(o).__name__)
        return NotImplemented
    def __gt__(self, o):
        print('gt', type(o).__name__)
        return NotImplemented
for f in (lambda: J(1) + E(), lambda: J(1) < E()):
    try:
        f()
    except TypeError as e:
        print(e)
# ---
class J(int):
    pass
class S(str):
    pass
class B(bytes):
    pass
class L(list):
    pass
for f in (lambda: S('x') + 1, lambda: 1 + S('x'), lambda: 'x' + J(1), lambda: b'x' + J(1), lambda: L([1]) + (1,),
          lambda: S('a') * S('b'), lambda: S('a') * 1.5, lambda: 1.5 * S('a'), lambda: L([1]) * 2.0, lambda: S('a') - S('b'), lambda: B(b'a') < 1, lambda: 2 ** S('a')):
    try:
        f()
    except TypeError as e:
        print(e)
print(S('ab') * 2, type(S('ab') * 2).__name__, 2 * S('x'), L([1]) * 2, type(L([1]) * 2).__name__, S('a') * J(3), 'a' * J(2))
# ---
# int's and float's own __repr__, which a subclass's __repr__ does not change.
class K(int):
    def __repr__(self):
        return 'K!'
    __str__ = int.__repr__
class G(float):
    def __repr__(self):
        return 'G!'
    __str__ = float.__repr__
print(int.__repr__(K(5)), str(K(5)), repr(K(5)), f"{K(5)}", "%s" % K(5), float.__repr__(G(2.5)), str(G(2.5)), repr(G(2.5)))
print(int.__repr__(True), bool.__repr__(True), True.__repr__(), '__repr__' in int.__dict__, '__repr__' in float.__dict__, int.__repr__(10**30))
