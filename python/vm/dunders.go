package vm

// Per-class cache of the special methods Go code looks up on every use of
// an instance: a comparison max() or sorted() makes, a hash a dict or set
// takes, len(), iter(), repr(), a truth test. Each lookup walks the
// class's MRO (a namespace probe per class, comparing the name); the cache
// remembers the answer per class until any class namespace changes
// (classEpoch), as the attribute caches do. A record is immutable and
// swapped whole (classes of builtin types are shared between runs), a
// missing entry looked up and added as it is first asked for.
type dunderID uint8

const (
	dunderEq dunderID = iota
	dunderNe
	dunderLt
	dunderLe
	dunderGt
	dunderGe
	dunderHash
	dunderLen
	dunderIter
	dunderNext
	dunderGetitem
	dunderContains
	dunderBool
	dunderRepr
	numDunders
)

var dunderNames = [numDunders]string{
	dunderEq: "__eq__", dunderNe: "__ne__", dunderLt: "__lt__", dunderLe: "__le__", dunderGt: "__gt__",
	dunderGe: "__ge__", dunderHash: "__hash__", dunderLen: "__len__", dunderIter: "__iter__",
	dunderNext: "__next__", dunderGetitem: "__getitem__", dunderContains: "__contains__",
	dunderBool: "__bool__", dunderRepr: "__repr__",
}

var dunderHashes = func() (h [numDunders]uint64) {
	for i, n := range dunderNames {
		h[i] = strHash(n)
	}
	return h
}()

type dunderCache struct {
	epoch uint64
	have  uint32 // bit i: vals[i] is known
	vals  [numDunders]Value
}

// dunder is c.Lookup of the special method d.
func (c *Class) dunder(d dunderID) Value {
	ep := classEpoch.Load()
	old := c.dunders.Load()
	if old != nil && old.epoch == ep && old.have&(1<<d) != 0 {
		return old.vals[d]
	}
	v := c.lookupH(dunderNames[d], dunderHashes[d])
	r := &dunderCache{epoch: ep}
	if old != nil && old.epoch == ep {
		*r = *old
	}
	r.have |= 1 << d
	r.vals[d] = v
	c.dunders.Store(r)
	return v
}
