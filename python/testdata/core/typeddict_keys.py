from typing import TypedDict, NotRequired, Required
class Movie(TypedDict, total=False):
    title: str
    year: Required[int]
class Req(TypedDict):
    id: int
    note: NotRequired[str]
class Sub(Req, total=False):
    extra: list
print(Movie.__total__, sorted(Movie.__required_keys__), sorted(Movie.__optional_keys__))
print(Req.__total__, sorted(Req.__required_keys__), sorted(Req.__optional_keys__), sorted(Req.__annotations__))
print(Sub.__total__, sorted(Sub.__required_keys__), sorted(Sub.__optional_keys__), sorted(Sub.__annotations__))
m = Movie(title='x', year=1)
print(m, type(m).__name__)
P = TypedDict('P', {'a': int, 'b': str}, total=False)
print(P.__total__, sorted(P.__optional_keys__), P(a=1))
