from dataclasses import dataclass, field
@dataclass
class Node:
    val: int
    parent: 'Node' = None
    children: list = field(default_factory=list)
a = Node(1); b = Node(2, a); a.parent = b; a.children.append(b)
print(a)
print(repr(b))
@dataclass
class Other:
    n: Node
print(Other(a), Node(5))
try:
    @dataclass
    class Bad:
        x: int
        def __post_init__(self): pass
    class BadRepr:
        def __repr__(self): raise ValueError('r')
    print(Node(BadRepr()))
except ValueError as e:
    print('err', e)
print(Node(3))
