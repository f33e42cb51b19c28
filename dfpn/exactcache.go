package dfpn

import (
	"gomate/position"
	"gomate/tt"
)

// exactCache keeps the results that hold for one position and one exact
// attacker's hand: those that rest on a test of relative futility, which a
// larger or smaller hand can turn either way (futile_relative.go), so the
// table's hand superiority must not extend them. It is a small
// direct-mapped array (slotArray): a new result replaces whatever shared
// its slot.
type exactCache struct{ slotArray[exactSlot] }

// inUse reports whether the cache may hold anything (see repCache.inUse);
// under strict rules the search has none.
func (c *exactCache) inUse() bool { return c != nil && c.used }

type exactSlot struct {
	key    uint64
	hand   position.Hand
	length uint16 // mate length (proven) or depth disproven
	state  uint8  // 0 empty, 1 proven, 2 disproven
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

func (c *exactCache) slot(key uint64, h position.Hand) *exactSlot {
	return c.at(key^uint64(h)*0x9E3779B97F4A7C15, minExactCacheSlots)
}

func (c *exactCache) store(key uint64, h position.Hand, o outcome) {
	if c == nil {
		return
	}
	c.used = true
	sl := c.slot(key, h)
	sl.key, sl.hand, sl.length, sl.state = key, h, o.length, 2
	if o.proven() {
		sl.state = 1
	}
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
	sl := c.slot(key, h)
	if sl.key != key || sl.hand != h {
		return tt.Result{}
	}
	switch {
	case sl.state == 1 && sl.length <= depth:
		return tt.Result{State: tt.Proven, Dn: inf, Length: sl.length, Hand: h}
	case sl.state == 2 && sl.length == depth:
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

func (c *exactCache) storeTest(key uint64, h position.Hand, v bool) {
	if c == nil {
		return
	}
	c.used = true
	sl := c.slot(key, h)
	sl.key, sl.hand, sl.length, sl.state = key, h, 0, 4
	if v {
		sl.state = 3
	}
}

func (c *exactCache) probeTest(key uint64, h position.Hand) (v, ok bool) {
	if !c.inUse() {
		return false, false
	}
	sl := c.slot(key, h)
	if sl.key != key || sl.hand != h || sl.state < 3 {
		return false, false
	}
	return sl.state == 3, true
}
