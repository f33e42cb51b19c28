package tt

import (
	"runtime"
	"sync/atomic"
	"unsafe"

	"gomate/position"
)

// Table is the transposition table: a flat slice of clusters, allocated
// once, with no pointers inside (the garbage collector never scans it).
type Table struct {
	clusters []cluster
	mem      *mapping // the clusters' memory when it lives outside the Go heap
	// unmap releases mem when the table becomes unreachable: memory
	// mapped outside the Go heap is not the collector's, and a program
	// (a test, above all) that makes many solvers would otherwise keep
	// every table it ever made.
	unmap runtime.Cleanup
	// used counts the occupied entries, kept exact by store and clear:
	// in shards by cluster, so that threads filling the table at once do
	// not all write one cache line (docs/threads.md).
	used [usedShards]usedShard
	// locks guard the clusters while several goroutines search the
	// table (SetThreads); while one does, none is taken.
	locks Guard
	// collecting is held by the goroutine running CollectGarbage: the
	// others go on searching meanwhile instead of collecting too.
	collecting atomic.Bool
	// handBounds makes Probe bound the estimates by other hands' (see there).
	handBounds bool
}

// usedShards is the number of shards of the count of used entries.
const usedShards = 64

// usedShard is one shard of the count, alone on its cache line.
type usedShard struct {
	n atomic.Int64
	_ [56]byte
}

// addUsed adds d to the count of used entries, in the shard of cluster i.
func (t *Table) addUsed(i uint64, d int64) { t.used[i%usedShards].n.Add(d) }

// clearUsed sets the count of used entries to zero.
func (t *Table) clearUsed() {
	for i := range t.used {
		t.used[i].n.Store(0)
	}
}

// EntrySize is the size of one entry in bytes.
const EntrySize = int(unsafe.Sizeof(Entry{}))

// New allocates a table of about mb MiB (at least one cluster).
func New(mb int) *Table {
	t := &Table{}
	t.Resize(mb)
	return t
}

// Resize reallocates the table to about mb MiB, dropping its contents.
// A large table is only mapped here, and faulted in in the background
// (see Populated); Resize stops that for the old table and waits for it
// before the old memory goes.
func (t *Table) Resize(mb int) {
	n := mb << 20 / int(unsafe.Sizeof(cluster{}))
	if n < 1 {
		n = 1
	}
	t.clusters = nil // let the old table go before the new one is made
	if t.mem != nil {
		t.unmap.Stop()
		t.mem.release()
		t.mem = nil
	}
	t.clusters, t.mem = allocClusters(n)
	if t.mem != nil {
		t.unmap = runtime.AddCleanup(t, (*mapping).release, t.mem)
	}
	t.clearUsed()
	t.locks = Guard{} // made again for the new number of clusters
}

// SetThreads prepares the table for n goroutines searching it at once:
// with more than one, every access takes its cluster's lock (Guard);
// with one, none does, and the table costs what it always did. Call it
// only while no search runs.
func (t *Table) SetThreads(n int) { t.locks.Share(n > 1, len(t.clusters)) }

// SizeMB returns the table's size in MiB.
func (t *Table) SizeMB() int { return len(t.clusters) * int(unsafe.Sizeof(cluster{})) >> 20 }

// Capacity returns the number of entries.
func (t *Table) Capacity() int { return len(t.clusters) * entriesPerCluster }

// Clear empties every entry. An empty table is left alone: writing a fresh
// table of gigabytes would only fault in its pages before the background
// population or the search does.
func (t *Table) Clear() {
	if t.Used() == 0 {
		return
	}
	clear(t.clusters)
	t.clearUsed()
}

// Used returns the number of occupied entries.
func (t *Table) Used() int {
	n := int64(0)
	for i := range t.used {
		n += t.used[i].n.Load()
	}
	return int(n)
}

// Hashfull returns the permille of entries in use.
func (t *Table) Hashfull() int { return int(int64(t.Used()) * 1000 / int64(t.Capacity())) }

// index is the index of the cluster of key.
func (t *Table) index(key uint64) uint64 {
	// Fast range on the low half of the key; the high half is stored.
	return (key & 0xFFFFFFFF) * uint64(len(t.clusters)) >> 32
}

// lockedCluster returns the cluster of key and its index, locked when
// the table is shared: the caller unlocks it.
func (t *Table) lockedCluster(key uint64) (*cluster, uint64) {
	i := t.index(key)
	t.locks.Lock(i)
	return &t.clusters[i], i
}

// Result is what a probe found.
type Result struct {
	State  State
	Pn, Dn uint64
	// Length is the mate length (Proven) or the depth disproven (Disproven).
	Length uint16
	// Hand is the proof hand (Proven) or the disproof hand (Disproven).
	Hand   position.Hand
	Amount uint32
	// SideResult tells that the estimates are of a node marked by
	// MarkSideResult: a result that holds on one path only or for one
	// exact hand only may be kept elsewhere (the search's repetition and
	// exact caches).
	SideResult bool
}

// Probe looks up the position with board key key and attacker hand hand,
// for a search that allows depth more plies. A proven entry whose hand our
// hand covers, with a mate short enough, proves it; a disproven entry whose
// hand covers ours, disproven at least as deep, disproves it; otherwise the
// exact entry's estimates are returned (State Searching), or State Empty.
// Probe reads the estimates kept at level depth; the search uses ProbeAt.
//
// With hand bounds on (SetHandBounds), the estimates also take the
// entries of other hands at the same level into account: an attacker with
// fewer pieces has no easier a mate, so our pn is at least that of a
// superior hand's entry, and our dn at least that of an inferior hand's.
func (t *Table) Probe(key uint64, hand position.Hand, depth uint16) Result {
	return t.ProbeAt(key, hand, depth, depth)
}

// ProbeAt is Probe for a node whose estimates are kept at level (see
// StoreSearching): decided entries answer by depth, estimates by level.
func (t *Table) ProbeAt(key uint64, hand position.Hand, depth, level uint16) Result {
	return t.ProbeFrom(key, hand, depth, level, level)
}

// ProbeFrom is ProbeAt for a node that, when it has no estimates of its
// own at level, starts from those of its hand at level from (a search
// that keeps them by ply starting from one that kept them by position).
// Such a start carries no side-result mark: the mark belongs to the
// level it was set at.
//
// While the table is shared, a probe reads the cluster without its lock
// where the build allows it (Guard.Optimistic), and reads it again when a
// writer came between.
func (t *Table) ProbeFrom(key uint64, hand position.Hand, depth, level, from uint16) Result {
	if t.locks.Optimistic() {
		ci := t.index(key)
		for {
			v := t.locks.ReadBegin(ci)
			r := probeCluster(&t.clusters[ci], key, hand, depth, level, from, t.handBounds)
			if t.locks.ReadValid(ci, v) {
				return r
			}
		}
	}
	c, ci := t.lockedCluster(key)
	defer t.locks.Unlock(ci)
	return probeCluster(c, key, hand, depth, level, from, t.handBounds)
}

// probeCluster is ProbeFrom's reading of the cluster c of key. It only
// reads: under an optimistic read (Guard.ReadBegin) it may see entries
// half written, and what it returns is then thrown away.
func probeCluster(c *cluster, key uint64, hand position.Hand, depth, level, from uint16, handBounds bool) Result {
	k := uint32(key >> 32)
	res := Result{State: Empty, Pn: 1, Dn: 1}
	var start *Entry                     // the estimates at from
	minPn, minDn := uint64(1), uint64(1) // bounds from other hands' estimates
	for i := range c {
		e := &c[i]
		if e.key != k || e.state == Empty {
			continue
		}
		switch e.state {
		case Proven:
			if e.length <= depth && hand.Covers(e.hand) && (res.State != Proven || e.length < res.Length) {
				res = Result{State: Proven, Pn: 0, Dn: Infinite, Length: e.length, Hand: e.hand, Amount: e.amount}
			}
		case Disproven:
			if res.State != Proven && e.length >= depth && e.hand.Covers(hand) {
				res = Result{State: Disproven, Pn: Infinite, Dn: 0, Length: e.length, Hand: e.hand, Amount: e.amount}
			}
		case Searching:
			if e.length != level {
				if e.length == from && e.hand == hand {
					start = e
				}
				continue
			}
			if e.hand == hand {
				if res.State == Empty {
					res = Result{State: Searching, Pn: loaded(e.pn), Dn: loaded(e.dn), Amount: e.amount, SideResult: e.sideResult}
				}
			} else if handBounds {
				if e.hand.Covers(hand) {
					minPn = max(minPn, loaded(e.pn))
				} else if hand.Covers(e.hand) {
					minDn = max(minDn, loaded(e.dn))
				}
			}
		}
	}
	if res.State == Empty && start != nil {
		res = Result{State: Searching, Pn: loaded(start.pn), Dn: loaded(start.dn), Amount: start.amount}
	}
	if res.State == Empty || res.State == Searching {
		res.Pn, res.Dn = max(res.Pn, minPn), max(res.Dn, minDn)
	}
	return res
}

// SetHandBounds turns on or off the use of other hands' estimates as
// bounds in Probe.
func (t *Table) SetHandBounds(on bool) { t.handBounds = on }

// slotFor picks where to write an entry for (k, hand, level): the
// estimates of that hand and level if there are some, else a free slot,
// else the entry with the least work below it.
func (t *Table) slotFor(c *cluster, ci uint64, k uint32, hand position.Hand, level uint16) *Entry {
	for i := range c {
		if e := &c[i]; e.state == Searching && e.key == k && e.hand == hand && e.length == level {
			return e
		}
	}
	return t.freeSlot(c, ci)
}

// freeSlot picks a free slot of c, else the entry with the least work
// below it.
func (t *Table) freeSlot(c *cluster, ci uint64) *Entry {
	var victim *Entry
	for i := range c {
		e := &c[i]
		if e.state == Empty {
			if victim == nil || victim.state != Empty {
				victim = e
			}
			continue
		}
		if victim == nil || (victim.state != Empty && e.amount < victim.amount) {
			victim = e
		}
	}
	if victim.state == Empty {
		t.addUsed(ci, 1)
	}
	return victim
}

// StoreSearching records estimates for exactly this hand, kept at level:
// a probe reads them back only at the same level. The search uses the
// node's ply (its distance from the root of the search) as the level: a
// position's estimates then serve every path of the same length to it,
// and every search of the same root, whatever its depth bound (the
// minimisation of a mate's length searches the root again and again with
// a bound two plies shorter: it starts from the estimates of the last
// search). Since the level grows along every path, no estimate can come
// to depend on itself through a cycle of positions.
func (t *Table) StoreSearching(key uint64, hand position.Hand, level uint16, pn, dn uint64, amount uint32) {
	t.StoreSearchingFrom(key, hand, level, pn, dn, amount, 0)
}

// StoreSearchingFrom is StoreSearching for a node searched from the node
// whose key is parent (0: none, the root).
func (t *Table) StoreSearchingFrom(key uint64, hand position.Hand, level uint16, pn, dn uint64, amount uint32, parent uint64) {
	c, ci := t.lockedCluster(key)
	defer t.locks.Unlock(ci)
	k := uint32(key >> 32)
	e := t.slotFor(c, ci, k, hand, level)
	sideResult := false
	if e.state == Searching && e.key == k && e.hand == hand && e.length == level {
		amount, sideResult = addAmount(amount, e.amount), e.sideResult
	}
	*e = Entry{key: k, hand: hand, pn: stored(pn), dn: stored(dn), parent: parent,
		amount: amount, length: level, state: Searching, sideResult: sideResult}
}

// MarkSideResult marks the estimates of the position for this hand at
// level (made with pn = dn = 1 if there are none) as those of a node that
// has had a result the table must not hold (one that holds on one path
// only, or for this exact hand only), so that a probe tells the search to
// look for it where it keeps such results. The mark goes with
// the entry: when the entry is replaced, the search only loses the
// shortcut.
func (t *Table) MarkSideResult(key uint64, hand position.Hand, level uint16) {
	c, ci := t.lockedCluster(key)
	defer t.locks.Unlock(ci)
	k := uint32(key >> 32)
	e := t.slotFor(c, ci, k, hand, level)
	if e.state != Searching || e.key != k || e.hand != hand || e.length != level {
		*e = Entry{key: k, hand: hand, pn: 1, dn: 1, amount: 1, length: level, state: Searching}
	}
	e.sideResult = true
}

// Parent returns the parent link and the estimates of the position with
// board key key: of the entry for this hand and level when exact is true,
// else of any estimates for the board (the first found). ok is false when
// there are none.
func (t *Table) Parent(key uint64, hand position.Hand, level uint16, exact bool) (parent, pn, dn uint64, ok bool) {
	c, ci := t.lockedCluster(key)
	defer t.locks.Unlock(ci)
	k := uint32(key >> 32)
	for i := range c {
		e := &c[i]
		if e.key != k || e.state != Searching || (exact && (e.hand != hand || e.length != level)) {
			continue
		}
		return e.parent, loaded(e.pn), loaded(e.dn), true
	}
	return 0, 0, 0, false
}

// StoreProven records a mate within length plies for every hand covering
// proofHand. The estimates of those hands go, the searched one's among
// them (it covers its proof hand).
func (t *Table) StoreProven(key uint64, proofHand position.Hand, length uint16, amount uint32) {
	t.storeFinal(key, Entry{hand: proofHand, length: length, state: Proven, amount: amount})
}

// StoreDisproven records that no mate exists within depth plies
// (Unlimited: at all) for every hand that disproofHand covers. The
// estimates of those hands go, the searched one's among them.
func (t *Table) StoreDisproven(key uint64, disproofHand position.Hand, depth uint16, amount uint32) {
	t.storeFinal(key, Entry{hand: disproofHand, length: depth, state: Disproven, amount: amount})
}

func (t *Table) storeFinal(key uint64, ne Entry) {
	c, ci := t.lockedCluster(key)
	defer t.locks.Unlock(ci)
	k := uint32(key >> 32)
	ne.key = k
	// Drop every entry the new one makes redundant; reuse the first freed
	// slot.
	var slot *Entry
	for i := range c {
		e := &c[i]
		if e.state == Empty || e.key != k {
			continue
		}
		if redundant(e, &ne) {
			ne.amount = addAmount(ne.amount, e.amount)
			if slot == nil {
				slot = e
			} else {
				*e = Entry{}
				t.addUsed(ci, -1)
			}
		}
	}
	if slot == nil {
		slot = t.freeSlot(c, ci)
	}
	*slot = ne
}

// redundant reports whether old says nothing that ne does not: estimates
// for a hand that ne decides, or a weaker result.
func redundant(old, ne *Entry) bool {
	switch old.state {
	case Searching:
		// Estimates of a hand the new result decides, at any level: the
		// level does not say at which depths they were made.
		if ne.state == Proven {
			return old.hand.Covers(ne.hand)
		}
		return ne.hand.Covers(old.hand)
	case Proven:
		return ne.state == Proven && ne.length <= old.length && old.hand.Covers(ne.hand)
	case Disproven:
		return ne.state == Disproven && ne.length >= old.length && ne.hand.Covers(old.hand)
	}
	return false
}

// Prefetch starts loading the cluster of key into the cache without
// waiting for it. A search that is about to probe several positions (the
// children of a node) prefetches them all first, so that their cache
// misses overlap instead of following one another: on a table of
// gigabytes nearly every probe misses.
func (t *Table) Prefetch(key uint64) {
	i := t.index(key)
	prefetchCluster(unsafe.Pointer(&t.clusters[i]))
	t.locks.Prefetch(i)
}
