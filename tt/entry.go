package tt

import "gomate/position"

// Infinite is the proof or disproof number of a decided node. Finite
// numbers saturate below it, so sums never wrap.
const Infinite uint64 = 1 << 62

// Unlimited is the depth of an unconditional result: a disproof valid at
// any depth.
const Unlimited uint16 = 0xFFFF

// State says what an entry knows.
type State uint8

const (
	// Empty: the slot is free.
	Empty State = iota
	// Searching: pn and dn are estimates for exactly this hand, at one
	// level (Table.StoreSearching).
	Searching
	// Proven: mate within Length plies for any attacker hand that covers Hand.
	Proven
	// Disproven: no mate within Length plies (Unlimited: none at all) for
	// any attacker hand that Hand covers.
	Disproven
)

// Entry is one slot of the table: 32 bytes, no pointers.
type Entry struct {
	key    uint32        // high half of the board key
	hand   position.Hand // exact hand (Searching), proof hand, or disproof hand
	pn, dn uint32        // estimates (Searching), saturated at maxStored
	// parent is, for estimates, the key of the node the entry was last
	// searched from (0: none): the double-count detection of the search
	// follows these links upwards to find where two paths split.
	parent uint64
	amount uint32 // nodes searched below this entry (saturating): its value
	length uint16 // mate length (Proven), depth disproven (Disproven), level (Searching)
	state  State
	// sideResult marks estimates of a node that has had a result the
	// search keeps outside the table (Table.MarkSideResult).
	sideResult bool
}

// entriesPerCluster is how many entries share one index. All hand variants
// of one board live in one cluster, so superiority lookups scan only it.
const entriesPerCluster = 8

type cluster [entriesPerCluster]Entry

// maxStored is the largest proof or disproof number an entry holds: larger
// estimates are stored as maxStored (they only order the search).
const maxStored = 1<<32 - 1

// stored narrows an estimate to the entry's width.
func stored(n uint64) uint32 { return uint32(min(n, maxStored)) }

// loaded widens a stored estimate. A saturated one reads as Infinite-1, not
// as maxStored: read lower than it was, a parent would descend into the
// node again and again, each time to see it return at once over its
// threshold (a livelock that a search whose numbers pass 2^32 hits).
func loaded(n uint32) uint64 {
	if n == maxStored {
		return Infinite - 1
	}
	return uint64(n)
}

// addAmount adds without wrapping.
func addAmount(a, b uint32) uint32 {
	if s := a + b; s >= a {
		return s
	}
	return ^uint32(0)
}
