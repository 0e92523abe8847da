"""graphlib: TopologicalSorter and CycleError (CPython 3.11's order and messages)."""

__all__ = ['TopologicalSorter', 'CycleError']

_PASSED_OUT = -1
_DONE = -2


class CycleError(ValueError):
    """Raised by prepare() when the graph has a cycle; args[1] lists the cycle."""


class _Node:
    def __init__(self, node):
        self.node = node
        self.waiting_on = 0
        self.successors = []


class TopologicalSorter:
    """Sorts a graph of hashable nodes topologically, all at once (static_order) or in
    batches that can be worked on in parallel (get_ready / done)."""

    def __init__(self, graph=None):
        self._nodes = {}
        self._ready = None
        self._passed_out = 0
        self._finished = 0
        if graph is not None:
            for node, predecessors in graph.items():
                self.add(node, *predecessors)

    def _info(self, node):
        info = self._nodes.get(node)
        if info is None:
            info = self._nodes[node] = _Node(node)
        return info

    def add(self, node, *predecessors):
        if self._ready is not None:
            raise ValueError('Nodes cannot be added after a call to prepare()')
        info = self._info(node)
        info.waiting_on += len(predecessors)
        for pred in predecessors:
            self._info(pred).successors.append(node)

    def prepare(self):
        if self._ready is not None:
            raise ValueError('cannot prepare() more than once')
        self._ready = [i.node for i in self._nodes.values() if i.waiting_on == 0]
        cycle = self._find_cycle()
        if cycle:
            raise CycleError('nodes are in a cycle', cycle)

    def get_ready(self):
        if self._ready is None:
            raise ValueError('prepare() must be called first')
        batch = tuple(self._ready)
        for node in batch:
            self._nodes[node].waiting_on = _PASSED_OUT
        self._ready = []
        self._passed_out += len(batch)
        return batch

    def is_active(self):
        if self._ready is None:
            raise ValueError('prepare() must be called first')
        return self._finished < self._passed_out or bool(self._ready)

    def __bool__(self):
        return self.is_active()

    def done(self, *nodes):
        if self._ready is None:
            raise ValueError('prepare() must be called first')
        for node in nodes:
            info = self._nodes.get(node)
            if info is None:
                raise ValueError('node %r was not added using add()' % (node,))
            state = info.waiting_on
            if state != _PASSED_OUT:
                if state >= 0:
                    raise ValueError('node %r was not passed out (still not ready)' % (node,))
                raise ValueError('node %r was already marked done' % (node,))
            info.waiting_on = _DONE
            for succ in info.successors:
                s = self._nodes[succ]
                s.waiting_on -= 1
                if s.waiting_on == 0:
                    self._ready.append(succ)
            self._finished += 1

    def _find_cycle(self):
        # Depth-first search over successors, in insertion order, keeping the current
        # path; reaching a node already on the path closes a cycle.
        seen = set()
        for start in self._nodes:
            if start in seen:
                continue
            path = []
            on_path = {}
            iters = []
            node = start
            while True:
                if node in seen:
                    if node in on_path:
                        return path[on_path[node]:] + [node]
                else:
                    seen.add(node)
                    iters.append(iter(self._nodes[node].successors))
                    on_path[node] = len(path)
                    path.append(node)
                advanced = False
                while path:
                    nxt = next(iters[-1], _END)
                    if nxt is _END:
                        del on_path[path.pop()]
                        iters.pop()
                        continue
                    node = nxt
                    advanced = True
                    break
                if not advanced:
                    break
        return None

    def static_order(self):
        self.prepare()
        while self.is_active():
            batch = self.get_ready()
            yield from batch
            self.done(*batch)

    def __class_getitem__(cls, item):
        return cls


_END = object()
