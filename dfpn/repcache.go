package dfpn

import (
	"sync/atomic"

	"gomate/position"
	"gomate/tt"
)

// The repetition cache keeps the results that hold only on one path: a
// disproof that rests on a repetition of a position on the current path
// (perpetual check loses for the attacker), and, under tsume rules, a
// proof that rests on such a disproof through a test of relative futility
// (a drop is futile when the other defences last long enough, and one of
// them may last through a repetition). Such a result is not a fact
// about the position, so the table never holds it (decide.go); but it is a
// fact about the position reached with the same positions on its path, and
// df-pn comes back to a node along the same path again and again: each
// time its parent is searched anew, and again when the line is rebuilt
// (pv.go). Without the cache every such visit proves the disproof again;
// on a long loop problem the rebuild of Kotobuki's 611-ply line did that
// at every defender's node of the line
// (docs/notes/ablation.md#earlier-switches-initialestimates-replyestimates-repetitioncache-lineshortcuts).
//
// The cache is used in every search: in the search for the first mate
// too unless RepetitionCacheFirstMate is off. With estimates kept by ply
// it had cost that search nodes (a node decided on its path keeps, for
// the other paths, the estimates it had before); with estimates kept by
// position it saves a little
// (docs/notes/ablation.md#estimates-by-position-in-the-search-for-the-first-mate)
// and keeps what the search learnt of a loop for its next visit along the
// same path, where the search would otherwise prove it again.
//
// A result is keyed by the position (board key and attacker's hand) and by
// a hash of the set of positions on the path above it (pathSet.hash): the
// repetitions a search can meet are exactly the moves into that set, so
// with the same set the same result holds. A proof, like the exact
// cache's, answers at its length and every larger depth; a disproof at
// its depth and every smaller one (at its depth only when exact). Before
// proofs were kept, the rebuild of a line proven within some length had
// to prove such nodes again, on Zukou #91 at every length, and the search
// for the next shorter mate proved them again too
// (docs/notes/ablation.md#kept-the-length-searches-keep-their-futility-dependent-proofs).
// It is a small direct-mapped array beside the table (about 1/64
// of its entries): a new result replaces whatever shared its slot, and a
// lost result is only searched again.
type repCache struct{ slotArray[repSlot] }

// slotArray is the direct-mapped array of the repetition and exact caches,
// allocated at the first store: a slot is chosen by its hashed key, and a
// new result replaces whatever shared it.
type slotArray[S any] struct {
	slots []S
	size  int         // slots to allocate at the first store
	used  atomic.Bool // something was stored since the last clear
	// locks guard the slots while the threads of a parallel search share
	// the array (share); while one thread uses it, none is taken.
	locks tt.Guard
}

// share readies the array for the threads of a parallel search (on) or
// for one again: allocated now, not at a thread's first store, and each
// slot under a lock.
func (a *slotArray[S]) share(on bool, least int) {
	if on {
		a.alloc(least)
	}
	a.locks.Share(on, len(a.slots))
}

// markUsed records that something was stored. The flag is read on every
// probe, so it is written only when it changes: threads storing at once
// do not take its cache line from each other.
func (a *slotArray[S]) markUsed() {
	if !a.used.Load() {
		a.used.Store(true)
	}
}

// at returns the slot of the hashed key h and its index, allocating the
// array (size slots, at least least) at the first use.
func (a *slotArray[S]) at(h uint64, least int) (*S, uint64) {
	a.alloc(least)
	i := slotIndex(h, len(a.slots))
	return &a.slots[i], i
}

// alloc allocates the array (size slots, at least least) if it is not yet.
func (a *slotArray[S]) alloc(least int) {
	if a.slots == nil {
		a.slots = make([]S, max(a.size, least))
	}
}

func (a *slotArray[S]) clear() {
	if a.used.Load() {
		clear(a.slots)
		a.used.Store(false)
	}
}

type repSlot struct {
	key    uint64 // repKey of the node; 0: empty
	depth  uint16 // the depth disproven, or the length of the mate proven
	exact  bool   // a disproof valid at exactly that depth (tsume rules, exactcache.go)
	proven bool   // a mate within depth plies, not a disproof
}

// repCacheSlots is the size of the repetition cache for a table of the
// given number of entries: a 64th of it, a power of two between 2^12 and
// 2^21 (32 MiB).
func repCacheSlots(entries int) int {
	n := 1 << 12
	for n < entries/64 && n < 1<<21 {
		n <<= 1
	}
	return n
}

// inUse reports whether the cache may hold anything: probing an empty one
// is skipped (it costs a cache miss). A search without the cache has a nil
// one.
func (c *repCache) inUse() bool { return c != nil && c.used.Load() }

// slot returns the slot of key, locked when the cache is shared: the
// caller unlocks it.
func (c *repCache) slot(key uint64) (*repSlot, uint64) {
	sl, i := c.at(key, 1<<12)
	c.locks.Lock(i)
	return sl, i
}

// store records the decided outcome o of the node with repetition key
// key: a mate within o.length plies, or none within o.length (only at
// exactly that depth when o.exact).
func (c *repCache) store(key uint64, o outcome) {
	if c == nil {
		return
	}
	c.markUsed()
	sl, i := c.slot(key)
	*sl = repSlot{key: key, depth: o.length, exact: o.exact && !o.proven(), proven: o.proven()}
	c.locks.Unlock(i)
}

// probe returns the proof or disproof recorded for key that holds at depth.
func (c *repCache) probe(key uint64, depth uint16) (repSlot, bool) {
	if !c.inUse() {
		return repSlot{}, false
	}
	p, i := c.slot(key)
	sl := *p
	c.locks.Unlock(i)
	switch {
	case sl.key != key:
		return repSlot{}, false
	case sl.proven:
		if sl.depth > depth {
			return repSlot{}, false
		}
	case sl.depth < depth || (sl.exact && sl.depth != depth):
		return repSlot{}, false
	}
	return sl, true
}

// repKey is the repetition cache's key of the node with table key key and
// attacker's hand h, reached with the positions whose pathSet hash is
// ancestors on its path. salt tells the searches whose results differ
// (with or without the relative futility test).
func repKey(key uint64, h position.Hand, ancestors, salt uint64) uint64 {
	k := mix64(key^uint64(h)*0x9E3779B97F4A7C15) ^ mix64(ancestors^salt)
	return k | 1 // never 0, the empty slot
}

// slotIndex maps a hashed key to one of n slots by its top 32 bits.
func slotIndex(key uint64, n int) uint64 { return key >> 32 * uint64(n) >> 32 }

// mix64 is a 64-bit finaliser (splitmix64's).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return x
}

// repProbe looks up the node with table key key and hand h, reached with
// the positions of hash ancestors above it, at depth; on a hit it returns
// the proof or disproof as a table result (a proof's hand is h itself).
func (s *searcher) repProbe(key uint64, h position.Hand, ancestors uint64, depth uint16) (tt.Result, bool) {
	if !s.repsOn || !s.reps.inUse() {
		return tt.Result{}, false
	}
	sl, ok := s.reps.probe(repKey(key, h, ancestors, s.repSalt()), depth)
	if !ok {
		return tt.Result{}, false
	}
	s.repHits++
	if sl.proven {
		return tt.Result{State: tt.Proven, Pn: 0, Dn: inf, Length: sl.depth, Hand: h}, true
	}
	return tt.Result{State: tt.Disproven, Pn: inf, Dn: 0, Length: sl.depth, Hand: fullHand}, true
}

// repSalt separates the searches with the relative futility test from
// those without (tsume rules before the first mate): a drop the test finds
// futile can turn a disproof of the one into a mate of the other.
func (s *searcher) repSalt() uint64 {
	if s.relativeFutility {
		return 0x510E527FADE682D1
	}
	return 0
}
