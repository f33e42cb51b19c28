package rate

import "gomate/dfpn"

// RootStats are the root's proof and disproof numbers over one search,
// after Ishitobi: their largest and mean values and the number of
// updates. An update is one pass of the root's loop in the search for
// the first mate (dfpn.Limits.RootUpdate) while the root is undecided:
// the pass that decides it (pn 0, dn infinite) is not counted, and a
// saturated or infinite number counts in neither a max nor a mean.
type RootStats struct {
	PNMax, DNMax   uint64
	PNMean, DNMean float64
	Updates        int
	// Saturated counts the numbers left out for being saturated or
	// infinite (a sum that reached dfpn.Infinite−1).
	Saturated int
	// Nodes is the search's node count.
	Nodes uint64
}

// recorder accumulates RootStats from the root's updates.
type recorder struct {
	st           RootStats
	pnSum, dnSum float64
	pnN, dnN     int
}

// update records one pass of the root with numbers pn and dn.
func (r *recorder) update(pn, dn uint64) {
	if pn == 0 || dn == 0 {
		return // the root is decided
	}
	r.st.Updates++
	r.add(pn, &r.st.PNMax, &r.pnSum, &r.pnN)
	r.add(dn, &r.st.DNMax, &r.dnSum, &r.dnN)
}

// add records one number n, pn or dn, into its maximum, sum and count,
// or counts it saturated.
func (r *recorder) add(n uint64, maxN *uint64, sum *float64, count *int) {
	if n >= dfpn.Infinite-1 {
		r.st.Saturated++
		return
	}
	*maxN = max(*maxN, n)
	*sum += float64(n)
	*count++
}

// stats are the statistics recorded so far.
func (r *recorder) stats() RootStats {
	st := r.st
	if r.pnN > 0 {
		st.PNMean = r.pnSum / float64(r.pnN)
	}
	if r.dnN > 0 {
		st.DNMean = r.dnSum / float64(r.dnN)
	}
	return st
}
