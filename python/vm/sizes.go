package vm

import (
	"math/big"
	"unsafe"
)

// The memory accounting charges what Go really holds for a value: the
// structs the interpreter allocates (unsafe.Sizeof, so a field added to
// one is counted) and their backing arrays, each rounded up to the size
// class the Go allocator serves it from. An estimate below that lets a
// snippet hold more than its limit says: TestAccountingMatchesHeap
// compares these sizes with the heap every kind of object takes.

// sizeClasses are the Go allocator's object size classes (runtime's
// sizeclasses.go) up to maxSmallSize; larger objects take whole pages.
var sizeClasses = [...]uint16{8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240,
	256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536,
	1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728,
	10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

const (
	maxSmallSize = 32768
	heapPageSize = 8192
)

// allocBytes is the heap an allocation of n bytes takes: n rounded up to
// its size class, or to whole pages for a large one. It never returns less
// than n (a negative or overflowing n saturates). Every charge calls it:
// a table lookup, as the Go allocator finds the class itself (every
// class up to 1024 bytes is a multiple of 8, every larger one of 128).
func allocBytes(n int64) int64 {
	switch {
	case n <= 0:
		return 0
	case n <= smallClassMax:
		return int64(smallClass[(n+7)>>3])
	case n <= maxSmallSize:
		return int64(largeClass[(n-smallClassMax+127)>>7])
	case n > 1<<62:
		return n
	}
	return (n + heapPageSize - 1) &^ (heapPageSize - 1)
}

// smallClassMax is the largest size smallClass answers for.
const smallClassMax = 1024

// smallClass[i] is the size class of an allocation of 8*i bytes (up to
// smallClassMax), largeClass[i] of smallClassMax+128*i bytes (up to
// maxSmallSize). Read only after init.
var smallClass, largeClass = func() (small [smallClassMax/8 + 1]uint16, large [(maxSmallSize-smallClassMax)/128 + 1]uint16) {
	for i := range small {
		small[i] = classOf(int64(8 * i))
	}
	for i := range large {
		large[i] = classOf(int64(smallClassMax + 128*i))
	}
	return small, large
}()

// classOf is the smallest size class that holds n (0 < n <=
// maxSmallSize), searched for; 0 for n == 0.
func classOf(n int64) uint16 {
	if n <= 0 {
		return 0
	}
	lo, hi := 0, len(sizeClasses)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if int64(sizeClasses[mid]) < n {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return sizeClasses[lo]
}

// arrayBytes is the heap a backing array of n elements of size bytes
// takes.
func arrayBytes(n int, size uintptr) int64 {
	if n <= 0 {
		return 0
	}
	return allocBytes(SizeMul(int64(n), int64(size)))
}

// The heap each interpreter struct takes, rounded to its size class.
var (
	instanceBytes    = allocBytes(int64(unsafe.Sizeof(Instance{})))
	excStateBytes    = allocBytes(int64(unsafe.Sizeof(ExcState{})))
	dictBytes        = allocBytes(int64(unsafe.Sizeof(Dict{})))
	listBytes        = allocBytes(int64(unsafe.Sizeof(List{})))
	setBytes         = allocBytes(int64(unsafe.Sizeof(Set{})))
	functionBytes    = allocBytes(int64(unsafe.Sizeof(Function{})))
	cellBytes        = allocBytes(int64(unsafe.Sizeof(Cell{})))
	tracebackBytes   = allocBytes(int64(unsafe.Sizeof(Traceback{})))
	boundMethodBytes = allocBytes(int64(unsafe.Sizeof(BoundMethod{})))
	generatorBytes   = allocBytes(int64(unsafe.Sizeof(Generator{})))
	frameBytes       = allocBytes(int64(unsafe.Sizeof(Frame{})))
	iterStructBytes  = allocBytes(int64(unsafe.Sizeof(Iter{})))
	listIterBytes    = allocBytes(int64(unsafe.Sizeof(ListIter{})))
	classStructBytes = allocBytes(int64(unsafe.Sizeof(Class{})))
	// cpyLayoutBytes is a user class's CPython layout record.
	cpyLayoutBytes = allocBytes(int64(unsafe.Sizeof(cpyLayout{})))
	bigIntBytes    = allocBytes(int64(unsafe.Sizeof(bigIntHeader{})))
	// sliceHeaderBytes is a slice (a tuple) boxed in an interface.
	sliceHeaderBytes = allocBytes(int64(unsafe.Sizeof([]Value(nil))))
	// stringHeaderBytes is a string boxed in an interface.
	stringHeaderBytes = allocBytes(int64(unsafe.Sizeof("")))
)

// closureBytes is what a Go closure an iterator calls (zip, map,
// enumerate, generators of builtins) holds besides the values the walk
// visits: its function pointer and captured variables. Go does not tell
// its size; this is the common case of a few captured words.
const closureBytes = 64

// bigIntHeader has the layout of a big.Int (a sign and a word slice).
type bigIntHeader struct {
	neg  bool
	bits []uint
}

// tupleBytes is the heap a tuple of n items boxed in a value takes.
func tupleBytes(n int) int64 {
	if n == 0 {
		return 0
	}
	return sliceHeaderBytes + arrayBytes(n, unsafe.Sizeof(Value(nil)))
}

// dictArrays is the heap of a dict's entries and index arrays.
func dictArrays(d *Dict) int64 {
	return arrayBytes(cap(d.entries), unsafe.Sizeof(dictEntry{})) + arrayBytes(len(d.index), 4)
}

// classBytes is the heap a user class takes without its namespace: the
// struct, its bases and MRO, and its names.
func classBytes(c *Class) int64 {
	own := int64(0)
	if !c.builtin {
		own = cpyLayoutBytes
	}
	return own + classStructBytes + arrayBytes(len(c.Bases), 8) + arrayBytes(len(c.MRO), 8) + arrayBytes(cap(c.subclasses), 8) +
		allocBytes(int64(len(c.QualName))) + allocBytes(int64(len(c.Module)))
}

// frameHeapBytes is the heap a suspended frame takes besides the values
// it holds: the struct, its value slots and block stack.
func frameHeapBytes(f *Frame) int64 {
	return frameBytes + arrayBytes(cap(f.buf), unsafe.Sizeof(Value(nil))) +
		arrayBytes(cap(f.blocks), unsafe.Sizeof(block{})) + arrayBytes(cap(f.cells), 8)
}

// ownBytes is the heap the object v itself takes, without the values it
// refers to (which the walk visits, and which were charged when they were
// made): what the walk counts for it, and what a constructor charges when
// it makes one. Values whose size the walk computes from their contents
// (strings, containers, big ints) are 0 here.
func ownBytes(v Value) int64 {
	switch x := v.(type) {
	case *Instance:
		n := instanceBytes
		if x.Exc != nil {
			n += excStateBytes + arrayBytes(cap(x.Exc.TB), unsafe.Sizeof(TBEntry{})) +
				arrayBytes(cap(x.Exc.tbs), unsafe.Sizeof((*Traceback)(nil))) + int64(x.Exc.tbsMade)*tracebackBytes
		}
		return n
	case *ListIter:
		return listIterBytes
	case *Iter:
		n := iterStructBytes + arrayBytes(cap(x.refs), unsafe.Sizeof(Value(nil)))
		if x.fn != nil {
			n += closureBytes
		}
		return n
	case *Function:
		return functionBytes + arrayBytes(cap(x.Closure), 8)
	case *Generator:
		n := generatorBytes
		if x.await != nil {
			n += awaitRecordBytes
		}
		return n
	case *Cell:
		return cellBytes
	case *Future:
		// A task's future is the one reference to its Task: counted together.
		if x.task != nil {
			return futureBytes + taskBytes
		}
		return futureBytes
	case *Traceback:
		return tracebackBytes
	case *BoundMethod:
		return boundMethodBytes
	case *Range:
		return rangeBytes
	case *Slice:
		return sliceBytes
	case *DictView:
		return dictViewBytes
	case *Property:
		return propertyBytes
	case *SlotMember:
		return slotMemberBytes
	case *GetSetDescriptor:
		return getSetBytes
	case *StaticMethod, *ClassMethod:
		return wrapperBytes
	case *Super:
		return superBytes
	case *Native:
		return nativeBytes
	}
	return 0
}

var (
	rangeBytes       = allocBytes(int64(unsafe.Sizeof(Range{})))
	sliceBytes       = allocBytes(int64(unsafe.Sizeof(Slice{})))
	dictViewBytes    = allocBytes(int64(unsafe.Sizeof(DictView{})))
	propertyBytes    = allocBytes(int64(unsafe.Sizeof(Property{})))
	wrapperBytes     = allocBytes(int64(unsafe.Sizeof(StaticMethod{})))
	superBytes       = allocBytes(int64(unsafe.Sizeof(Super{})))
	nativeBytes      = allocBytes(int64(unsafe.Sizeof(Native{})))
	awaitRecordBytes = allocBytes(int64(unsafe.Sizeof(awaitRecord{})))
	futureBytes      = allocBytes(int64(unsafe.Sizeof(Future{})))
	taskBytes        = allocBytes(int64(unsafe.Sizeof(Task{})))
	// heldBuiltinBytes is a Builtin made for one object (a closure over
	// its Go state, see Held): the struct and the closure.
	heldBuiltinBytes = allocBytes(int64(unsafe.Sizeof(Builtin{}))) + closureBytes
)

// newBytes is what a constructor charges for the value it made: the
// object itself, and for a container or instance the struct and arrays it
// starts with (what it grows to later is charged as it grows).
func newBytes(v Value) int64 {
	switch x := v.(type) {
	case *Instance:
		n := ownBytes(x)
		if x.Exc != nil {
			// Its arguments' tuple, and what storing them charges (a
			// message up to one block that its maker did not charge).
			n += tupleBytes(len(x.Exc.Args)) + itemsStoredBytes(x.Exc.Args)
		}
		if x.Dict != nil {
			n += dictBytes + dictArrays(x.Dict)
		}
		if x.Slots != nil {
			n += dictBytes + dictArrays(x.Slots)
		}
		return n
	case *Dict:
		return dictBytes + dictArrays(x)
	case *List:
		return listBytes
	case *Set:
		return setBytes
	case Tuple:
		return tupleBytes(len(x))
	// Builtin objects that keep their constructor's arguments, which
	// no one charged (a str up to one block, a number's box): a list of
	// slice(a + s) or staticmethod(a + s) held 0.08-0.13 of its heap
	// charged.
	case *Slice:
		return ownBytes(v) + storedBytes(x.Start) + storedBytes(x.Stop) + storedBytes(x.Step)
	case *Property:
		return ownBytes(v) + storedBytes(x.Get) + storedBytes(x.Set) + storedBytes(x.Del) + storedBytes(x.Doc)
	case *StaticMethod:
		return ownBytes(v) + storedBytes(x.Fn)
	case *ClassMethod:
		return ownBytes(v) + storedBytes(x.Fn)
	case *BoundMethod:
		return ownBytes(v) + storedBytes(x.Self) + storedBytes(x.Fn)
	case *Super:
		return ownBytes(v) + storedBytes(x.Obj)
	}
	return ownBytes(v)
}

// valueSize is the size of a value slot (an interface).
const valueSize = unsafe.Sizeof(Value(nil))

// tinyBlock is the block of the Go allocator's tiny allocator, which packs
// pointer-free objects under its size (a boxed int or float, a short
// string's bytes) into shared blocks: a block stays allocated while any
// object in it lives, so a value kept among dropped ones (a list of
// computed ints) holds a whole block.
const tinyBlock = 16

// noscanBytes is the heap a pointer-free allocation of n bytes (string
// bytes, a boxed number) may hold.
func noscanBytes(n int64) int64 {
	if n > 0 && n < tinyBlock {
		return tinyBlock
	}
	return allocBytes(n)
}

// ValueBytes is the heap v itself takes as the retained-size walk counts
// it, without the values it refers to: a number's or string's box and
// bytes, a container's struct and arrays, an object's struct. A library
// module that builds values in Go (a decoder, a matcher) holds or charges
// this for each value it makes, so what it builds is paid for at the size
// the limit is later measured in.
func ValueBytes(v Value) int64 {
	switch x := v.(type) {
	case nil, NoneType, Bool:
		return 0
	case Int:
		if x < smallIntMin || x >= smallIntMax {
			return noscanBytes(8)
		}
		return 0
	case Float:
		return noscanBytes(8)
	case Complex:
		return allocBytes(16)
	case Str:
		if len(x) == 0 {
			return 0
		}
		return stringHeaderBytes + noscanBytes(int64(len(x)))
	case Bytes:
		if len(x) == 0 {
			return 0
		}
		return stringHeaderBytes + noscanBytes(int64(len(x)))
	case *big.Int:
		return bigIntBytes + arrayBytes(cap(x.Bits()), 8)
	case *List:
		return listBytes + arrayBytes(cap(x.Items), unsafe.Sizeof(Value(nil)))
	case *Builtin:
		if x.Held != nil {
			return heldBuiltinBytes + x.Held.Own + x.Held.Shared
		}
		return 0
	}
	return newBytes(v)
}
