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
func (c *exactCache) inUse() bool { return c != nil && c.used }

type exactSlot struct {
	key    uint64
	hand   position.Hand
	length uint16 // mate length (proven) or depth disproven
	state  uint8  // 0 empty, 1 proven, 2 disproven, 3 and 4 a test's answer
	// work is the bit length of the nodes the result took: what losing
	// it would cost, for the choice of the slot to replace.
	work uint8
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

// bucket returns the slots that key and h may take.
func (c *exactCache) bucket(key uint64, h position.Hand) []exactSlot {
	c.alloc(minExactCacheSlots)
	i := slotIndex(hashed(key, h), len(c.slots)) &^ (exactWays - 1)
	return c.slots[i : i+exactWays]
}

// find returns the slot that holds key and h with the given state and,
// for a disproof, length, or nil. A position may have disproofs at
// several depths: each answers at its own depth only (probe), and a
// position met at two depths (two paths of different lengths to it) needs
// both.
func (c *exactCache) find(key uint64, h position.Hand, state uint8, length uint16) *exactSlot {
	b := c.bucket(key, h)
	for i := range b {
		sl := &b[i]
		if sl.state == state && sl.key == key && sl.hand == h && (state != 2 || sl.length == length) {
			return sl
		}
	}
	return nil
}

// put writes a result that took nodes nodes for key and h: over what the
// bucket holds for them, else in an empty slot, else over the slot whose
// result took the least work. Among slots of equal work the first looked
// at goes, and the low bits of the key choose where the look starts, so
// that no slot of a bucket is always the one replaced.
func (c *exactCache) put(key uint64, h position.Hand, length uint16, state uint8, nodes uint64) {
	c.used = true
	b := c.bucket(key, h)
	victim := -1
	if sl := c.find(key, h, state, length); sl != nil {
		*sl = exactSlot{key: key, hand: h, length: length, state: state, work: uint8(bits.Len64(nodes))}
		return
	}
	start := int(hashed(key, h))
	for j := range exactWays {
		i := (start + j) & (exactWays - 1)
		if b[i].state == 0 {
			victim = i
			break
		}
		if victim < 0 || b[i].work < b[victim].work {
			victim = i
		}
	}
	b[victim] = exactSlot{key: key, hand: h, length: length, state: state, work: uint8(bits.Len64(nodes))}
}

// store keeps the node's result o, which took nodes nodes.
func (c *exactCache) store(key uint64, h position.Hand, o outcome, nodes uint64) {
	if c == nil {
		return
	}
	state := uint8(2)
	if o.proven() {
		state = 1
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
	if sl := c.find(key, h, 1, 0); sl != nil && sl.length <= depth {
		return tt.Result{State: tt.Proven, Dn: inf, Length: sl.length, Hand: h}
	}
	if sl := c.find(key, h, 2, depth); sl != nil {
		return tt.Result{State: tt.Disproven, Pn: inf, Length: sl.length, Hand: h}
	}
	return tt.Result{}
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
	state := uint8(4)
	if v {
		state = 3
	}
	c.put(key, h, 0, state, nodes)
}

func (c *exactCache) probeTest(key uint64, h position.Hand) (v, ok bool) {
	if !c.inUse() {
		return false, false
	}
	if c.find(key, h, 3, 0) != nil {
		return true, true
	}
	return false, c.find(key, h, 4, 0) != nil
}
