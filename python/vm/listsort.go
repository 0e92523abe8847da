package vm

// CPython's list sort: timsort with binary insertion for short runs,
// galloping merges and (since 3.11) the powersort merge policy. The
// result of a consistent comparison is the same with any stable sort,
// but a snippet can see which comparisons are made and in what order:
// a key or __lt__ with side effects, an inconsistent cmp_to_key
// function, NaN keys (every comparison with NaN is False), or a
// comparison that raises half-way (the list is then left as CPython
// leaves it). So the algorithm is CPython's, step for step.

// minGallop is CPython's MIN_GALLOP.
const minGallop = 7

// sortRun is a pending run: items [base, base+len) of the arrays.
type sortRun struct {
	base, len int
	power     int
}

// timsort sorts keys and, in step with them, vals.
type timsort struct {
	keys, vals []Value
	// lt is the comparison keys[i] < keys[j]; an error stops the sort.
	lt        func(a, b Value) (bool, error)
	minGallop int
	pending   []sortRun
	// tmpK and tmpV are the merge's scratch space.
	tmpK, tmpV []Value
}

// sort runs CPython's listsort over ts.keys (and ts.vals).
func (ts *timsort) sort() error {
	n := len(ts.keys)
	ts.minGallop = minGallop
	if n < 2 {
		return nil
	}
	minrun := computeMinrun(n)
	lo, remaining := 0, n
	for remaining > 0 {
		run, descending, err := ts.countRun(lo, lo+remaining)
		if err != nil {
			return err
		}
		if descending {
			reverseValues(ts.keys[lo : lo+run])
			reverseValues(ts.vals[lo : lo+run])
		}
		if run < minrun {
			force := min(remaining, minrun)
			if err := ts.binarySort(lo, lo+force, lo+run); err != nil {
				return err
			}
			run = force
		}
		if err := ts.foundNewRun(run); err != nil {
			return err
		}
		ts.pending = append(ts.pending, sortRun{base: lo, len: run})
		lo += run
		remaining -= run
	}
	for len(ts.pending) > 1 {
		i := len(ts.pending) - 2
		if i > 0 && ts.pending[i-1].len < ts.pending[i+1].len {
			i--
		}
		if err := ts.mergeAt(i); err != nil {
			return err
		}
	}
	return nil
}

func computeMinrun(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

func reverseValues(s []Value) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// countRun returns the length of the run starting at lo (hi bounds it),
// and whether it is strictly descending.
func (ts *timsort) countRun(lo, hi int) (int, bool, error) {
	k := ts.keys
	if lo+1 == hi {
		return 1, false, nil
	}
	n := 2
	desc, err := ts.lt(k[lo+1], k[lo])
	if err != nil {
		return 0, false, err
	}
	for i := lo + 2; i < hi; i++ {
		less, err := ts.lt(k[i], k[i-1])
		if err != nil {
			return 0, false, err
		}
		if less != desc {
			break
		}
		n++
	}
	return n, desc, nil
}

// binarySort sorts [lo, hi) given that [lo, start) is sorted.
func (ts *timsort) binarySort(lo, hi, start int) error {
	k, v := ts.keys, ts.vals
	if lo == start {
		start++
	}
	for ; start < hi; start++ {
		l, r := lo, start
		pivot := k[r]
		for l < r {
			p := l + (r-l)>>1
			less, err := ts.lt(pivot, k[p])
			if err != nil {
				return err
			}
			if less {
				r = p
			} else {
				l = p + 1
			}
		}
		copy(k[l+1:start+1], k[l:start])
		k[l] = pivot
		pv := v[start]
		copy(v[l+1:start+1], v[l:start])
		v[l] = pv
	}
	return nil
}

// powerloop is the powersort "power" of the boundary between the runs
// [s1, s1+n1) and [s1+n1, s1+n1+n2) in a list of n items.
func powerloop(s1, n1, n2, n int) int {
	result := 0
	a := 2*s1 + n1
	b := a + n1 + n2
	for {
		result++
		if a >= n {
			a -= n
			b -= n
		} else if b >= n {
			break
		}
		a <<= 1
		b <<= 1
	}
	return result
}

// foundNewRun merges pending runs as the powersort policy asks before a
// new run of n2 items is pushed.
func (ts *timsort) foundNewRun(n2 int) error {
	if len(ts.pending) == 0 {
		return nil
	}
	last := &ts.pending[len(ts.pending)-1]
	power := powerloop(last.base, last.len, n2, len(ts.keys))
	for len(ts.pending) > 1 && ts.pending[len(ts.pending)-2].power > power {
		if err := ts.mergeAt(len(ts.pending) - 2); err != nil {
			return err
		}
	}
	ts.pending[len(ts.pending)-1].power = power
	return nil
}

// mergeAt merges pending runs i and i+1.
func (ts *timsort) mergeAt(i int) error {
	p := ts.pending
	sa, na := p[i].base, p[i].len
	sb, nb := p[i+1].base, p[i+1].len
	p[i].len = na + nb
	if i == len(p)-3 {
		p[i+1] = p[i+2]
	}
	ts.pending = p[:len(p)-1]
	// Where does b start in a? Items of a before that stay.
	k, err := ts.gallopRight(ts.keys[sb], ts.keys[sa:sa+na], 0)
	if err != nil {
		return err
	}
	sa += k
	na -= k
	if na == 0 {
		return nil
	}
	// Where does a end in b? Items of b after that stay.
	nb, err = ts.gallopLeft(ts.keys[sa+na-1], ts.keys[sb:sb+nb], nb-1)
	if err != nil || nb <= 0 {
		return err
	}
	if na <= nb {
		return ts.mergeLo(sa, na, sb, nb)
	}
	return ts.mergeHi(sa, na, sb, nb)
}

// gallopLeft returns k such that a[k-1] < key <= a[k], searching from
// hint.
func (ts *timsort) gallopLeft(key Value, a []Value, hint int) (int, error) {
	n := len(a)
	lastofs, ofs := 0, 1
	less, err := ts.lt(a[hint], key)
	if err != nil {
		return 0, err
	}
	if less {
		maxofs := n - hint
		for ofs < maxofs {
			l, err := ts.lt(a[hint+ofs], key)
			if err != nil {
				return 0, err
			}
			if !l {
				break
			}
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs += hint
		ofs += hint
	} else {
		maxofs := hint + 1
		for ofs < maxofs {
			l, err := ts.lt(a[hint-ofs], key)
			if err != nil {
				return 0, err
			}
			if l {
				break
			}
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = hint-ofs, hint-lastofs
	}
	lastofs++
	for lastofs < ofs {
		m := lastofs + (ofs-lastofs)>>1
		l, err := ts.lt(a[m], key)
		if err != nil {
			return 0, err
		}
		if l {
			lastofs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs, nil
}

// gallopRight returns k such that a[k-1] <= key < a[k], searching from
// hint.
func (ts *timsort) gallopRight(key Value, a []Value, hint int) (int, error) {
	n := len(a)
	lastofs, ofs := 0, 1
	less, err := ts.lt(key, a[hint])
	if err != nil {
		return 0, err
	}
	if less {
		maxofs := hint + 1
		for ofs < maxofs {
			l, err := ts.lt(key, a[hint-ofs])
			if err != nil {
				return 0, err
			}
			if !l {
				break
			}
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs, ofs = hint-ofs, hint-lastofs
	} else {
		maxofs := n - hint
		for ofs < maxofs {
			l, err := ts.lt(key, a[hint+ofs])
			if err != nil {
				return 0, err
			}
			if l {
				break
			}
			lastofs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxofs)
		lastofs += hint
		ofs += hint
	}
	lastofs++
	for lastofs < ofs {
		m := lastofs + (ofs-lastofs)>>1
		l, err := ts.lt(key, a[m])
		if err != nil {
			return 0, err
		}
		if l {
			ofs = m
		} else {
			lastofs = m + 1
		}
	}
	return ofs, nil
}

// scratch returns the merge's scratch arrays with room for n items.
func (ts *timsort) scratch(n int) ([]Value, []Value) {
	if cap(ts.tmpK) < n {
		ts.tmpK = make([]Value, n)
		ts.tmpV = make([]Value, n)
	}
	return ts.tmpK[:n], ts.tmpV[:n]
}

// mergeLo merges the adjacent runs [sa, sa+na) and [sb, sb+nb), na <= nb,
// copying a to the scratch space and filling from the left.
func (ts *timsort) mergeLo(sa, na, sb, nb int) (err error) {
	K, V := ts.keys, ts.vals
	ak, av := ts.scratch(na)
	copy(ak, K[sa:sa+na])
	copy(av, V[sa:sa+na])
	dest, a, b := sa, 0, sb
	// On every way out, what is left of a goes to dest.
	defer func() {
		if na > 0 {
			copy(K[dest:], ak[a:a+na])
			copy(V[dest:], av[a:a+na])
		}
	}()
	put := func(fromA bool) {
		if fromA {
			K[dest], V[dest] = ak[a], av[a]
			a++
		} else {
			K[dest], V[dest] = K[b], V[b]
			b++
		}
		dest++
	}
	copyB := func() {
		// The last item of a belongs at the end of the merge.
		copy(K[dest:], K[b:b+nb])
		copy(V[dest:], V[b:b+nb])
		K[dest+nb], V[dest+nb] = ak[a], av[a]
		na = 0
	}
	put(false)
	nb--
	if nb == 0 {
		return nil
	}
	if na == 1 {
		copyB()
		return nil
	}
	mg := ts.minGallop
	for {
		acount, bcount := 0, 0
		for {
			less, err := ts.lt(K[b], ak[a])
			if err != nil {
				return err
			}
			if less {
				put(false)
				bcount++
				acount = 0
				nb--
				if nb == 0 {
					return nil
				}
				if bcount >= mg {
					break
				}
			} else {
				put(true)
				acount++
				bcount = 0
				na--
				if na == 1 {
					copyB()
					return nil
				}
				if acount >= mg {
					break
				}
			}
		}
		mg++
		for {
			if mg > 1 {
				mg--
			}
			ts.minGallop = mg
			k, err := ts.gallopRight(K[b], ak[a:a+na], 0)
			if err != nil {
				return err
			}
			acount = k
			if k > 0 {
				copy(K[dest:], ak[a:a+k])
				copy(V[dest:], av[a:a+k])
				dest += k
				a += k
				na -= k
				if na == 1 {
					copyB()
					return nil
				}
				if na == 0 {
					return nil
				}
			}
			put(false)
			nb--
			if nb == 0 {
				return nil
			}
			k, err = ts.gallopLeft(ak[a], K[b:b+nb], 0)
			if err != nil {
				return err
			}
			bcount = k
			if k > 0 {
				copy(K[dest:], K[b:b+k])
				copy(V[dest:], V[b:b+k])
				dest += k
				b += k
				nb -= k
				if nb == 0 {
					return nil
				}
			}
			put(true)
			na--
			if na == 1 {
				copyB()
				return nil
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		mg++
		ts.minGallop = mg
	}
}

// mergeHi merges the adjacent runs [sa, sa+na) and [sb, sb+nb), na >= nb,
// copying b to the scratch space and filling from the right.
func (ts *timsort) mergeHi(sa, na, sb, nb int) (err error) {
	K, V := ts.keys, ts.vals
	bk, bv := ts.scratch(nb)
	copy(bk, K[sb:sb+nb])
	copy(bv, V[sb:sb+nb])
	dest := sb + nb - 1
	a := sa + na - 1 // the last item of a left
	b := nb - 1      // the last item of b left, in the scratch space
	// On every way out, what is left of b goes to its place.
	defer func() {
		if nb > 0 {
			copy(K[dest-(nb-1):], bk[:nb])
			copy(V[dest-(nb-1):], bv[:nb])
		}
	}()
	put := func(fromA bool) {
		if fromA {
			K[dest], V[dest] = K[a], V[a]
			a--
		} else {
			K[dest], V[dest] = bk[b], bv[b]
			b--
		}
		dest--
	}
	copyA := func() {
		// The first item of b belongs at the front of the merge.
		copy(K[dest-na+1:dest+1], K[a-na+1:a+1])
		copy(V[dest-na+1:dest+1], V[a-na+1:a+1])
		dest -= na
		K[dest], V[dest] = bk[b], bv[b]
		nb = 0
	}
	put(true)
	na--
	if na == 0 {
		return nil
	}
	if nb == 1 {
		copyA()
		return nil
	}
	mg := ts.minGallop
	for {
		acount, bcount := 0, 0
		for {
			less, err := ts.lt(bk[b], K[a])
			if err != nil {
				return err
			}
			if less {
				put(true)
				acount++
				bcount = 0
				na--
				if na == 0 {
					return nil
				}
				if acount >= mg {
					break
				}
			} else {
				put(false)
				bcount++
				acount = 0
				nb--
				if nb == 1 {
					copyA()
					return nil
				}
				if bcount >= mg {
					break
				}
			}
		}
		mg++
		for {
			if mg > 1 {
				mg--
			}
			ts.minGallop = mg
			k, err := ts.gallopRight(bk[b], K[sa:sa+na], na-1)
			if err != nil {
				return err
			}
			k = na - k
			acount = k
			if k > 0 {
				dest -= k
				a -= k
				copy(K[dest+1:dest+1+k], K[a+1:a+1+k])
				copy(V[dest+1:dest+1+k], V[a+1:a+1+k])
				na -= k
				if na == 0 {
					return nil
				}
			}
			put(false)
			nb--
			if nb == 1 {
				copyA()
				return nil
			}
			k, err = ts.gallopLeft(K[a], bk[:nb], nb-1)
			if err != nil {
				return err
			}
			k = nb - k
			bcount = k
			if k > 0 {
				dest -= k
				b -= k
				copy(K[dest+1:dest+1+k], bk[b+1:b+1+k])
				copy(V[dest+1:dest+1+k], bv[b+1:b+1+k])
				nb -= k
				if nb == 1 {
					copyA()
					return nil
				}
				if nb == 0 {
					return nil
				}
			}
			put(true)
			na--
			if na == 0 {
				return nil
			}
			if acount < minGallop && bcount < minGallop {
				break
			}
		}
		mg++
		ts.minGallop = mg
	}
}
