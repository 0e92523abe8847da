from functools import singledispatch
from typing import Union, Optional
@singledispatch
def show(x):
    return 'obj ' + repr(x)
@show.register
def _(x: int):
    return 'int %d' % x
@show.register
def _(x: list, extra=1) -> str:
    return 'list of %d' % len(x)
@show.register
def _(x: str | bytes):
    return 'text ' + repr(x)
@show.register(float)
def _(x):
    return 'float %g' % x
try:
    @show.register
    def _(x: Union[dict, set]):
        return 'container %d' % len(x)
except TypeError as e:
    print(e)
print(show(1), show([1, 2]), show('a'), show(b'b'), show(1.5), show({1: 2}), show({3}), show(None), show(True))
for bad in [lambda: show.register(3), lambda: show.register(lambda x: x)]:
    try:
        bad()
    except TypeError as e:
        print(str(e)[:60])
try:
    @show.register
    def _(x: Optional[int] | list[int]):
        pass
except TypeError as e:
    print(str(e)[:40])
print(sorted(k.__name__ for k in show.registry))
# ---
import types
print(types.UnionType, types.GenericAlias, isinstance(int|None, types.UnionType), isinstance(list[int], types.GenericAlias))
