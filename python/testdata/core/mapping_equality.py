# Equality across mapping types (issue 18): Counter, defaultdict,
# OrderedDict and dict compare by items with each other, both ways.
from collections import Counter, OrderedDict, defaultdict, ChainMap, UserDict

c = Counter('ab')
print(c == {'a': 1, 'b': 1}, {'a': 1, 'b': 1} == c, c != {'a': 1, 'b': 1}, {'a': 1, 'b': 1} != c)
print(c == {'a': 1}, {'a': 1} == c, c != {'a': 1})
print(Counter() == {}, {} == Counter(), Counter(a=0) == {}, Counter(a=0) == Counter())
print(c == OrderedDict(a=1, b=1), OrderedDict(b=1, a=1) == c)
print(c == defaultdict(int, a=1, b=1), defaultdict(int, a=1, b=1) == c)
print(defaultdict(int, a=1) == {'a': 1}, {'a': 1} == defaultdict(int, a=1))
print(OrderedDict(a=1, b=2) == {'b': 2, 'a': 1}, OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1))
print(c == [('a', 1), ('b', 1)], c == 'ab', c == None)
print({1: 2}.keys() == {1}, {1: 2}.items() == {(1, 2)}, {1: 2}.values() == {2: 1}.keys())
print(Counter(a=1) in [{'a': 1}], [{'a': 1}].index(Counter(a=1)), [Counter(a=1)].count({'a': 1}))
print(c == UserDict({'a': 1, 'b': 1}), UserDict({'a': 1}) == {'a': 1})
