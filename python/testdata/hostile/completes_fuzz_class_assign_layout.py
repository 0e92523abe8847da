# Found by FuzzPrograms: assigning __class__ of a plain instance to a list
# subclass let list.append run on an instance without a list inside (a Go
# panic). __class__ assignment must keep the instance layout: the same
# builtin base, __slots__ and exception-ness, as CPython checks.
class L(list): pass
class D(dict): pass
class I(int): pass
class P: pass
class Q: pass
class S:
    __slots__ = ("a",)
class E(ValueError): pass
errors = []
for cls in [L, D, I, S, E, int, list]:
    p = P()
    try:
        p.__class__ = cls
    except TypeError as e:
        errors.append(str(e))
    # The methods of the refused class's base, on the instance.
    for f in [lambda: p.append(1), lambda: p.keys(), lambda: len(p), lambda: p + 1, lambda: repr(p), lambda: p.args]:
        try:
            f()
        except (TypeError, AttributeError):
            pass
    assert type(p) is P
assert errors == [
    "__class__ assignment: 'L' object layout differs from 'P'",
    "__class__ assignment: 'D' object layout differs from 'P'",
    "__class__ assignment: 'I' object layout differs from 'P'",
    "__class__ assignment: 'S' object layout differs from 'P'",
    "__class__ assignment: 'E' object layout differs from 'P'",
    "__class__ assignment only supported for mutable types or ModuleType subclasses",
    "__class__ assignment only supported for mutable types or ModuleType subclasses",
], errors
for src, dst in [(L, P), (D, L), (E, P), (S, P)]:
    o = src()
    try:
        o.__class__ = dst
        raise AssertionError("assigned")
    except TypeError as e:
        assert "object layout differs" in str(e), e
p = P()
p.__class__ = Q
assert type(p) is Q
class L2(list): pass
l = L([1])
l.__class__ = L2
l.append(2)
assert l == [1, 2] and type(l) is L2
# completes
