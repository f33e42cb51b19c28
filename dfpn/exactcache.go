package dfpn

import (
	"math/bits"

	"gomate/position"
	"gomate/tt"
)

// exactCache keeps the results that hold for one position and one exact
// attacker's hand: those that rest on a test of relative futility, which a
// larger or smaller hand can turn either way (futile_relative.go), so the
// table's hand superiority must not extend them. It is a small array
// (slotArray) of buckets of exactWays slots: a result may take any slot of
// its bucket, and a new one replaces the one with the least work below it.
//
// A direct-mapped array (one slot a key, one result a position) lost the
// results a long proof is made of: under tsume rules a node whose disproof
// rests on a futility test passes that to every node above it, so in
// Microcosmos the disproofs along the line at plies 1504 to 1516 lived in
// this cache, beside the futility tests' answers and the cheap results of the
// searches around. The disproof of the line's node at ply 1504 was
// replaced again and again, among others by the same position's disproof
// at another depth, and searched again: the proof's frontier (frontier.go)
// went back and forth between plies 1504 and 1512 for half an hour. With
// buckets and a disproof kept for each depth it stays at 1504
// (docs/notes/ablation.md#kept-the-exact-cache-in-buckets-a-disproof-for-each-depth).
type exactCache struct{ slotArray[exactSlot] }

// exactWays is the number of slots of a bucket: 4 slots of 16 bytes, one
// cache line.
const exactWays = 4

// inUse reports whether the cache may hold anything (see repCache.inUse);
// under strict rules the search has none.
func (c *exactCache) inUse() bool { return c != nil && c.used.Load() }

type exactSlot struct {
	key    uint64
	hand   position.Hand
	length uint16 // mate length (proven) or depth disproven
	state  slotState
	// work is the bit length of the nodes the result took: what losing
	// it would cost, for the choice of the slot to replace.
	work uint8
}

// slotState is what an exactSlot holds.
type slotState uint8

const (
	slotEmpty slotState = iota
	slotProven
	slotDisproven
	slotTestTrue  // a futility test's answer: true
	slotTestFalse // a futility test's answer: false
)

// holds tells whether the slot holds a result for key and h with state
// (and, for a disproof, at depth length): the one a new such result
// replaces. A position may have disproofs at
// several depths: each answers at its own depth only (probe), and a
// position met at two depths (two paths of different lengths to it) needs
// both.
func (sl *exactSlot) holds(key uint64, h position.Hand, state slotState, length uint16) bool {
	if sl.key != key || sl.hand != h {
		return false
	}
	return sl.state == state && (state != slotDisproven || sl.length == length)
}

// minExactCacheSlots is the exact cache's smallest size (1 MiB).
const minExactCacheSlots = 1 << 16

// exactCacheSlots is the size of the exact cache for a table of the given
// number of entries: the repetition cache's share (a 64th, up to 2^21
// slots, 32 MiB), and at least minExactCacheSlots. The results it keeps
// are those of the searches with a length bound under tsume rules, where
// relative futility is tested, and such a search can run for tens of
// millions of nodes. With a fixed 2^16 slots, Zukou #91's search for a
// mate within 49 had overwritten most of the proof by the time the line
// was rebuilt, and the rebuild ran out of time; with 2^20 (its size for a
// 2 GB table) the rebuild succeeds and the next lengths come sooner
// (docs/notes/ablation.md#kept-the-length-searches-keep-their-futility-dependent-proofs).
func exactCacheSlots(entries int) int { return max(repCacheSlots(entries), minExactCacheSlots) }

// hashed is the key of key and h that picks their bucket (its top bits)
// and the order in which put looks at its slots (its low bits).
func hashed(key uint64, h position.Hand) uint64 { return key ^ uint64(h)*0x9E3779B97F4A7C15 }

// bucket returns the slots that key and h may take and the index of the
// first, locked when the cache is shared: the caller unlocks it.
func (c *exactCache) bucket(key uint64, h position.Hand) ([]exactSlot, uint64) {
	c.alloc(minExactCacheSlots)
	i := slotIndex(hashed(key, h), len(c.slots)) &^ (exactWays - 1)
	c.locks.Lock(i / exactWays)
	return c.slots[i : i+exactWays], i / exactWays
}

// put writes a result that took nodes nodes for key and h: over the slot
// that holds one of its kind (holds), else in an empty slot, else over
// the slot whose result took the least work. Among slots of equal work
// the first looked at goes, and the low bits of the key choose where the
// look starts, so that no slot of a bucket is always the one replaced.
func (c *exactCache) put(key uint64, h position.Hand, length uint16, state slotState, nodes uint64) {
	c.markUsed()
	b, bi := c.bucket(key, h)
	defer c.locks.Unlock(bi)
	victim := -1
	for i := range b {
		if b[i].holds(key, h, state, length) {
			victim = i
			break
		}
	}
	if victim < 0 {
		start := int(hashed(key, h))
		for j := range exactWays {
			i := (start + j) & (exactWays - 1)
			if b[i].state == slotEmpty {
				victim = i
				break
			}
			if victim < 0 || b[i].work < b[victim].work {
				victim = i
			}
		}
	}
	b[victim] = exactSlot{key: key, hand: h, length: length, state: state, work: uint8(bits.Len64(nodes))}
}

// store keeps the node's result o, which took nodes nodes.
func (c *exactCache) store(key uint64, h position.Hand, o outcome, nodes uint64) {
	if c == nil {
		return
	}
	state := slotDisproven
	if o.proven() {
		state = slotProven
	}
	c.put(key, h, o.length, state, nodes)
}

// probe returns what the cache knows of the position at depth, in the
// table's terms: proven (a mate within depth), disproven (none within
// depth), or empty. A disproof answers only at the depth it was found:
// with relative futility, "no mate within d" does not imply "none within
// d-2", since a drop that counts at d (the other defences do not last the
// whole d) can be futile at d-2. Zukou #62 showed it: a disproof at a
// larger depth hid a mate in 10 from the line's rebuild, which then
// failed.
func (c *exactCache) probe(key uint64, h position.Hand, depth uint16) tt.Result {
	if !c.inUse() {
		return tt.Result{}
	}
	// A proof that fits answers before a disproof at the same depth, as
	// in the table.
	res := tt.Result{}
	b, bi := c.bucket(key, h)
	defer c.locks.Unlock(bi)
	for _, sl := range b {
		switch {
		case sl.key != key || sl.hand != h:
		case sl.state == slotProven && sl.length <= depth:
			return tt.Result{State: tt.Proven, Dn: inf, Length: sl.length, Hand: h}
		case sl.state == slotDisproven && sl.length == depth:
			res = tt.Result{State: tt.Disproven, Pn: inf, Length: sl.length, Hand: h}
		}
	}
	return res
}

// A futility test's answer is kept in the same array under a key of its
// own (testKey), so that a node visited again does not repeat the test.

// testKey is the cache key of one test at a node: which test, at which
// depth, on which square.
func testKey(key uint64, depth uint16, test int, sq position.Square) uint64 {
	return key ^ (uint64(depth)<<16|uint64(test)<<8|uint64(sq)+1)*0xD6E8FEB86659FD93
}

// storeTest keeps a test's answer v, which took nodes nodes.
func (c *exactCache) storeTest(key uint64, h position.Hand, v bool, nodes uint64) {
	if c == nil {
		return
	}
	state := slotTestFalse
	if v {
		state = slotTestTrue
	}
	c.put(key, h, 0, state, nodes)
}

// probeTest returns the answer v of a futility test kept for key and h,
// and whether one is kept (ok).
func (c *exactCache) probeTest(key uint64, h position.Hand) (v, ok bool) {
	if !c.inUse() {
		return false, false
	}
	b, bi := c.bucket(key, h)
	defer c.locks.Unlock(bi)
	for _, sl := range b {
		if sl.holds(key, h, slotTestTrue, 0) {
			return true, true
		}
		if sl.holds(key, h, slotTestFalse, 0) {
			ok = true
		}
	}
	return false, ok
}
