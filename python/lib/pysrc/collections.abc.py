"""collections.abc: the abstract container types, for annotations.

They are the subscriptable, inert forms of typing (Iterable[int] works in annotations).
isinstance() and subclassing need metaclass machinery the embedded interpreter lacks, so
they fail loudly (TypeError) rather than answer wrongly.
"""

from typing import (Awaitable, Coroutine, AsyncIterable, AsyncIterator, AsyncGenerator, Hashable,
                    Iterable, Iterator, Generator, Reversible, Sized, Container, Callable,
                    Collection, MutableSet, Mapping, MutableMapping, Sequence, MutableSequence,
                    KeysView, ItemsView, ValuesView)
from typing import AbstractSet as Set
from typing import _SpecialForm

ByteString = _SpecialForm('ByteString')
MappingView = _SpecialForm('MappingView')
Buffer = _SpecialForm('Buffer')
