package tt

import "slices"

// CollectGarbage frees entries until about keepPermille of the occupied
// ones remain, keeping those with the most work below them (the value of an
// entry is what it would cost to search its subtree again). It samples the
// table to find the amount below which entries are freed, so it costs one
// pass over the table.
func (t *Table) CollectGarbage(keepPermille int) {
	if t.used == 0 {
		return
	}
	const samples = 1 << 14
	amounts := make([]uint32, 0, samples)
	step := max(1, len(t.clusters)/samples)
	for i := 0; i < len(t.clusters) && len(amounts) < cap(amounts); i += step {
		for j := range t.clusters[i] {
			if e := &t.clusters[i][j]; e.state != Empty {
				amounts = append(amounts, e.amount)
			}
		}
	}
	if len(amounts) == 0 {
		return
	}
	slices.Sort(amounts)
	cut := amounts[len(amounts)*(1000-keepPermille)/1000]
	// Entries at the cut amount are freed too unless that would free all.
	strict := cut == amounts[len(amounts)-1]
	for i := range t.clusters {
		c := &t.clusters[i]
		for j := range c {
			e := &c[j]
			if e.state == Empty {
				continue
			}
			if e.amount < cut || (!strict && e.amount == cut) {
				*e = Entry{}
				t.used--
			}
		}
	}
}
