package tt

import "slices"

// CollectGarbage frees entries until about keepPermille of the occupied
// ones remain, keeping those with the most work below them (the value of an
// entry is what it would cost to search its subtree again). It samples the
// table to find the amount below which entries go; of the entries at that
// amount exactly, it frees the share that brings the total to the target,
// so that many equal amounts (common: most leaves cost one node) cannot
// stop it from freeing anything. It costs one pass over the table.
//
// While several goroutines search the table (SetThreads), one collects
// and the others, calling it meanwhile, return at once and go on
// searching; it takes each cluster's lock in turn.
func (t *Table) CollectGarbage(keepPermille int) {
	if !t.collecting.CompareAndSwap(false, true) {
		return
	}
	defer t.collecting.Store(false)
	if t.Used() == 0 {
		return
	}
	keepPermille = min(max(keepPermille, 0), 1000)
	const samples = 1 << 14
	amounts := make([]uint32, 0, samples)
	step := max(1, len(t.clusters)/samples)
	for i := 0; i < len(t.clusters) && len(amounts) < cap(amounts); i += step {
		t.locks.Lock(uint64(i))
		for j := range t.clusters[i] {
			if e := &t.clusters[i][j]; e.state != Empty {
				amounts = append(amounts, e.amount)
			}
		}
		t.locks.Unlock(uint64(i))
	}
	if len(amounts) == 0 {
		return
	}
	slices.Sort(amounts)
	free := len(amounts) * (1000 - keepPermille) / 1000 // sampled entries to free
	if free == 0 {
		return
	}
	cut := amounts[free-1] // the largest amount freed
	below, _ := slices.BinarySearch(amounts, cut)
	atCut := 0
	for _, a := range amounts[below:] {
		if a != cut {
			break
		}
		atCut++
	}
	// Free every entry below cut and this share of those at cut.
	share := float64(free-below) / float64(atCut)
	acc := 0.0
	for i := range t.clusters {
		c := &t.clusters[i]
		t.locks.Lock(uint64(i))
		for j := range c {
			e := &c[j]
			if e.state == Empty || e.amount > cut {
				continue
			}
			if e.amount == cut {
				if acc += share; acc < 1 {
					continue
				}
				acc--
			}
			*e = Entry{}
			t.addUsed(uint64(i), -1)
		}
		t.locks.Unlock(uint64(i))
	}
}
