package tt

import (
	"math/rand/v2"
	"testing"

	"gomate/position"
)

// hd parses a hand in SFEN letters ("2G3P"; "" for none), either case.
var hd = position.MustParseHand

// countUsed counts the occupied slots by looking at them.
func countUsed(t *Table) int {
	n := 0
	for i := range t.clusters {
		for j := range t.clusters[i] {
			if t.clusters[i][j].state != Empty {
				n++
			}
		}
	}
	return n
}

func TestEntrySizeAndCapacity(t *testing.T) {
	if EntrySize != 32 {
		t.Fatalf("EntrySize = %d, want 32", EntrySize)
	}
	for _, mb := range []int{1, 2, 5, 16} {
		tb := New(mb)
		if got, want := tb.Capacity(), mb<<20/32; got != want {
			t.Errorf("New(%d).Capacity() = %d, want %d", mb, got, want)
		}
		if tb.SizeMB() != mb {
			t.Errorf("New(%d).SizeMB() = %d", mb, tb.SizeMB())
		}
		if tb.Used() != 0 || tb.Hashfull() != 0 {
			t.Errorf("New(%d): used %d, hashfull %d", mb, tb.Used(), tb.Hashfull())
		}
	}
	// Below one cluster the table still has one.
	if c := New(0).Capacity(); c != entriesPerCluster {
		t.Errorf("New(0).Capacity() = %d, want one cluster", c)
	}
}

// op is one store of a table test.
type op struct {
	kind   State // Searching, Proven or Disproven
	key    uint64
	exact  string // the hand of the estimates (Searching); for a decided entry, the hand searched (a note)
	hand   string // proof or disproof hand (Proven, Disproven)
	length uint16 // depth (Searching, Disproven) or mate length (Proven)
	pn, dn uint64
	amount uint32
}

func (o op) apply(t *Table) {
	switch o.kind {
	case Searching:
		t.StoreSearching(o.key, hd(o.exact), o.length, o.pn, o.dn, o.amount)
	case Proven:
		t.StoreProven(o.key, hd(o.hand), o.length, o.amount)
	case Disproven:
		t.StoreDisproven(o.key, hd(o.hand), o.length, o.amount)
	}
}

// searching is the store of the estimates pn and dn of key with the
// attacker's hand at depth.
func searching(key uint64, hand string, depth uint16, pn, dn uint64) op {
	return op{kind: Searching, key: key, exact: hand, length: depth, pn: pn, dn: dn}
}

// proven is the store of a mate within length of key, searched with the
// hand searched and proven with the proof hand.
func proven(key uint64, searched, hand string, length uint16) op {
	return op{kind: Proven, key: key, exact: searched, hand: hand, length: length}
}

// disproven is the store of no mate within length of key, searched with
// the hand searched and disproven with the disproof hand.
func disproven(key uint64, searched, hand string, length uint16) op {
	return op{kind: Disproven, key: key, exact: searched, hand: hand, length: length}
}

func (o op) withAmount(a uint32) op {
	o.amount = a
	return o
}

// query is a probe and what it must find.
type query struct {
	key    uint64
	hand   string
	depth  uint16
	state  State
	length uint16 // Proven, Disproven
	rhand  string // Proven, Disproven
	pn, dn uint64 // Searching
}

// isProven, isDisproven, isSearching and isEmpty are the probes of key
// with hand at depth that must find a proof or disproof (its length and
// hand), estimates, or nothing.
func isProven(key uint64, hand string, depth, length uint16, rhand string) query {
	return query{key: key, hand: hand, depth: depth, state: Proven, length: length, rhand: rhand}
}

func isDisproven(key uint64, hand string, depth, length uint16, rhand string) query {
	return query{key: key, hand: hand, depth: depth, state: Disproven, length: length, rhand: rhand}
}

func isSearching(key uint64, hand string, depth uint16, pn, dn uint64) query {
	return query{key: key, hand: hand, depth: depth, state: Searching, pn: pn, dn: dn}
}

func isEmpty(key uint64, hand string, depth uint16) query {
	return query{key: key, hand: hand, depth: depth, state: Empty}
}

const (
	k1 = uint64(0x1234567800000001)
	// k1b shares k1's cluster (low half) but is another board.
	k1b = uint64(0x8765432100000001)
	k2  = uint64(0x0badcafe7fffffff)
)

func TestProbe(t *testing.T) {
	U := Unlimited
	cases := []struct {
		name string
		ops  []op
		qs   []query
		used int
	}{
		{"empty", nil, []query{isEmpty(k1, "G", 9)}, 0},
		{"proven exact", []op{proven(k1, "G", "G", 3)},
			[]query{isProven(k1, "G", 3, 3, "G")}, 1},
		{"proven superior hand reused, inferior not",
			[]op{proven(k1, "2GS", "G", 5)},
			[]query{
				isProven(k1, "2GS", 7, 5, "G"),
				isProven(k1, "G", 7, 5, "G"),
				isProven(k1, "RBG4P", 5, 5, "G"),
				isEmpty(k1, "S", 7),
				isEmpty(k1, "", 7),
				isEmpty(k1, "RB2S", 7),
			}, 1},
		{"proven depth qualification",
			[]op{proven(k1, "G", "G", 5)},
			[]query{
				isProven(k1, "G", 5, 5, "G"),
				isProven(k1, "G", U-1, 5, "G"),
				isEmpty(k1, "G", 4),
				isEmpty(k1, "G", 3),
			}, 1},
		{"two proofs: the shortest usable one wins",
			[]op{proven(k1, "GS", "G", 7), proven(k1, "GS", "GS", 3)},
			[]query{
				isProven(k1, "GS", 9, 3, "GS"),
				isProven(k1, "GS", 3, 3, "GS"),
				isProven(k1, "G", 9, 7, "G"),
				isEmpty(k1, "G", 5),
				isEmpty(k1, "GS", 2),
			}, 2},
		{"two proofs stored the other way round",
			[]op{proven(k1, "GS", "GS", 3), proven(k1, "GS", "G", 7)},
			[]query{isProven(k1, "2G2S", 9, 3, "GS"), isProven(k1, "2G", 9, 7, "G")}, 2},
		{"a shorter proof with a smaller hand replaces the weaker one",
			[]op{proven(k1, "GS", "GS", 7), proven(k1, "GS", "G", 5)},
			[]query{isProven(k1, "GS", 9, 5, "G")}, 1},
		{"disproof inferior hand reused, superior not",
			[]op{disproven(k1, "G", "2GS", U)},
			[]query{
				isDisproven(k1, "G", U-1, U, "2GS"),
				isDisproven(k1, "", 9, U, "2GS"),
				isDisproven(k1, "2GS", 9, U, "2GS"),
				isEmpty(k1, "GP", 9),
				isEmpty(k1, "3G", 9),
			}, 1},
		{"disproof depth qualification",
			[]op{disproven(k1, "G", "G", 5)},
			[]query{
				isDisproven(k1, "G", 5, 5, "G"),
				isDisproven(k1, "G", 1, 5, "G"),
				isEmpty(k1, "G", 6),
				isEmpty(k1, "G", U-1),
			}, 1},
		{"a proof beats a disproof of a shallower depth",
			[]op{disproven(k1, "G", "G", 3), proven(k1, "G", "G", 5)},
			[]query{isDisproven(k1, "G", 3, 3, "G"), isEmpty(k1, "G", 4), isProven(k1, "G", 5, 5, "G")}, 2},
		{"searching: exact hand and depth only",
			[]op{searching(k1, "G", 9, 3, 4).withAmount(7)},
			[]query{
				isSearching(k1, "G", 9, 3, 4),
				isEmpty(k1, "G", 7),
				isEmpty(k1, "GS", 9),
				isEmpty(k1, "", 9),
				isEmpty(k1b, "G", 9),
			}, 1},
		{"searching: one entry per hand and depth, updated in place",
			[]op{
				searching(k1, "G", 9, 3, 4).withAmount(7),
				searching(k1, "G", 7, 5, 6).withAmount(1),
				searching(k1, "G", 9, 8, 2).withAmount(1),
			},
			[]query{isSearching(k1, "G", 9, 8, 2), isSearching(k1, "G", 7, 5, 6)}, 2},
		{"a decided entry overrides estimates",
			[]op{searching(k1, "GS", 9, 3, 4), proven(k1, "G", "G", 5)},
			[]query{isProven(k1, "GS", 9, 5, "G")}, 1},
		{"a decided entry overrides estimates it does not decide",
			[]op{
				searching(k1, "GS", 3, 3, 4),
				disproven(k1, "S", "GS", 5),
				searching(k1, "GS", 7, 3, 4),
				proven(k1, "G", "G", 5),
			},
			[]query{isDisproven(k1, "GS", 3, 5, "GS"), isProven(k1, "GS", 7, 5, "G")}, 2},
		// A decided entry drops the estimates of every hand it decides,
		// at every level: a level is a ply, which does not tell at which
		// depth the estimates were made.
		{"StoreProven drops the estimates of the hands it proves",
			[]op{
				searching(k1, "GS", 9, 3, 4),
				searching(k1, "GS", 7, 3, 4),
				searching(k1, "GS", 3, 3, 4),
				searching(k1, "S", 9, 3, 4),
				proven(k1, "GS", "G", 7),
			},
			[]query{isProven(k1, "GS", 9, 7, "G"), isEmpty(k1, "GS", 3), isSearching(k1, "S", 9, 3, 4)}, 2},
		{"StoreDisproven drops the estimates of the hands it disproves",
			[]op{
				searching(k1, "G", 5, 3, 4),
				searching(k1, "", 3, 3, 4),
				searching(k1, "G", 7, 3, 4),
				searching(k1, "2G", 5, 3, 4),
				disproven(k1, "G", "G", 5),
			},
			[]query{
				isDisproven(k1, "G", 5, 5, "G"),
				isDisproven(k1, "", 3, 5, "G"),
				isEmpty(k1, "G", 7),
				isSearching(k1, "2G", 5, 3, 4),
			}, 2},
		{"a stronger disproof replaces weaker ones",
			[]op{disproven(k1, "G", "G", 5), disproven(k1, "S", "S", U), disproven(k1, "GS", "2GS", U)},
			[]query{isDisproven(k1, "G", 9, U, "2GS"), isDisproven(k1, "S", 9, U, "2GS")}, 1},
		{"a weaker disproof does not replace",
			[]op{disproven(k1, "G", "G", U), disproven(k1, "G", "GS", 5)},
			[]query{isDisproven(k1, "G", 9, U, "G"), isDisproven(k1, "GS", 5, 5, "GS"), isEmpty(k1, "GS", 7)}, 2},
		{"boards sharing a cluster stay apart",
			[]op{proven(k1, "G", "", 1), disproven(k1b, "G", "RB4G", U), searching(k2, "G", 9, 2, 2)},
			[]query{
				isProven(k1, "G", 9, 1, ""),
				isDisproven(k1b, "G", 9, U, "RB4G"),
				isSearching(k2, "G", 9, 2, 2),
				isEmpty(k2^1<<40, "G", 9),
			}, 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tb := New(1)
			for _, o := range tc.ops {
				o.apply(tb)
			}
			for _, q := range tc.qs {
				r := tb.Probe(q.key, hd(q.hand), q.depth)
				want := Result{State: q.state}
				switch q.state {
				case Empty:
					want.Pn, want.Dn = 1, 1
				case Searching:
					want.Pn, want.Dn = q.pn, q.dn
				case Proven:
					want.Pn, want.Dn, want.Length, want.Hand = 0, Infinite, q.length, hd(q.rhand)
				case Disproven:
					want.Pn, want.Dn, want.Length, want.Hand = Infinite, 0, q.length, hd(q.rhand)
				}
				r.Amount = 0
				if r != want {
					t.Errorf("Probe(%x, %q, %d) = %+v, want %+v", q.key, q.hand, q.depth, r, want)
				}
			}
			if tb.Used() != tc.used || countUsed(tb) != tc.used {
				t.Errorf("used %d (counted %d), want %d", tb.Used(), countUsed(tb), tc.used)
			}
		})
	}
}

func TestAmountAccumulates(t *testing.T) {
	tb := New(1)
	tb.StoreSearching(k1, hd("G"), 9, 3, 3, 10)
	tb.StoreSearching(k1, hd("G"), 9, 3, 3, 5)
	if a := tb.Probe(k1, hd("G"), 9).Amount; a != 15 {
		t.Errorf("searching amount %d, want 15", a)
	}
	// A final result adds the work of the entries it replaces.
	tb.StoreProven(k1, hd("G"), 3, 100)
	if a := tb.Probe(k1, hd("G"), 9).Amount; a != 115 {
		t.Errorf("proven amount %d, want 115", a)
	}
	// Saturation instead of wrapping.
	tb.StoreSearching(k2, 0, 9, 1, 1, ^uint32(0)-1)
	tb.StoreSearching(k2, 0, 9, 1, 1, 10)
	if a := tb.Probe(k2, 0, 9).Amount; a != ^uint32(0) {
		t.Errorf("saturated amount %d", a)
	}
}

// clusterKeys returns n board keys of one cluster (same low half).
func clusterKeys(n int) []uint64 {
	keys := make([]uint64, n)
	for i := range keys {
		keys[i] = uint64(0x100+i)<<32 | 0x42
	}
	return keys
}

func TestClusterOverflow(t *testing.T) {
	tb := New(1)
	// Nine hand variants of one board, with distinct amounts; the one with
	// the least work is stored third.
	amounts := []uint32{50, 40, 3, 70, 20, 90, 60, 30}
	hands := []string{"", "P", "2P", "3P", "4P", "5P", "6P", "7P", "8P", "9P"}
	for i, a := range amounts {
		tb.StoreSearching(k1, hd(hands[i]), 9, uint64(i+1), 1, a)
	}
	if tb.Used() != 8 {
		t.Fatalf("used %d after 8 stores", tb.Used())
	}
	tb.StoreSearching(k1, hd(hands[8]), 9, 99, 1, 1000)
	if tb.Used() != 8 || countUsed(tb) != 8 {
		t.Fatalf("used %d (counted %d) after overflow, want 8", tb.Used(), countUsed(tb))
	}
	if r := tb.Probe(k1, hd(hands[2]), 9); r.State != Empty {
		t.Errorf("the least-amount entry survived: %+v", r)
	}
	for i := range amounts {
		if i == 2 {
			continue
		}
		if r := tb.Probe(k1, hd(hands[i]), 9); r.State != Searching || r.Pn != uint64(i+1) {
			t.Errorf("hand %q lost: %+v", hands[i], r)
		}
	}
	if r := tb.Probe(k1, hd(hands[8]), 9); r.State != Searching || r.Pn != 99 {
		t.Errorf("new entry not found: %+v", r)
	}
	// A final result into the full cluster also replaces the least amount
	// (now 20, hand "4P"), and other boards of the cluster compete too.
	tb.StoreDisproven(k1b, hd("G"), Unlimited, 500)
	if tb.Used() != 8 || countUsed(tb) != 8 {
		t.Fatalf("used %d (counted %d), want 8", tb.Used(), countUsed(tb))
	}
	if r := tb.Probe(k1, hd(hands[4]), 9); r.State != Empty {
		t.Errorf("entry with amount 20 survived: %+v", r)
	}
	if r := tb.Probe(k1b, hd("G"), 9); r.State != Disproven {
		t.Errorf("disproof not stored: %+v", r)
	}
	// The next victim is amount 30 (hand "7P").
	tb.StoreProven(k1b, hd("S"), 3, 1)
	if r := tb.Probe(k1, hd(hands[7]), 9); r.State != Empty {
		t.Errorf("entry with amount 30 survived: %+v", r)
	}
	if tb.Used() != 8 || countUsed(tb) != 8 {
		t.Fatalf("used %d (counted %d), want 8", tb.Used(), countUsed(tb))
	}
	// The rest of the table was not touched.
	if n := tb.Used(); n != countUsed(tb) || n > tb.Capacity() {
		t.Fatal("table grew")
	}
}

func TestClearResizeHashfull(t *testing.T) {
	tb := New(1)
	cap1 := tb.Capacity()
	rng := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, cap1/2)
	for i := range keys {
		keys[i] = rng.Uint64()
		tb.StoreSearching(keys[i], 0, 9, 1, 1, 1)
	}
	used := tb.Used()
	if used != countUsed(tb) || used < cap1/2*95/100 || used > cap1/2 {
		t.Fatalf("used %d (counted %d) after %d random stores", used, countUsed(tb), cap1/2)
	}
	if hf := tb.Hashfull(); hf != used*1000/cap1 {
		t.Errorf("hashfull %d, want %d", hf, used*1000/cap1)
	}
	// Filling far beyond capacity: every slot taken, nothing grows.
	for range 8 * cap1 {
		tb.StoreSearching(rng.Uint64(), 0, 9, 1, 1, rng.Uint32N(1000))
	}
	if tb.Used() != cap1 || countUsed(tb) != cap1 || tb.Hashfull() != 1000 || tb.Capacity() != cap1 {
		t.Errorf("after overfilling: used %d (counted %d), hashfull %d, capacity %d (was %d)",
			tb.Used(), countUsed(tb), tb.Hashfull(), tb.Capacity(), cap1)
	}
	tb.Clear()
	if tb.Used() != 0 || countUsed(tb) != 0 || tb.Hashfull() != 0 {
		t.Errorf("after Clear: used %d, counted %d, hashfull %d", tb.Used(), countUsed(tb), tb.Hashfull())
	}
	tb.StoreProven(k1, 0, 1, 1)
	if tb.Probe(k1, 0, 1).State != Proven {
		t.Fatal("store after Clear lost")
	}
	tb.Resize(2)
	if tb.Capacity() != 2*cap1 || tb.SizeMB() != 2 || tb.Used() != 0 || tb.Probe(k1, 0, 1).State != Empty {
		t.Errorf("after Resize(2): capacity %d, size %d MB, used %d, probe %v", tb.Capacity(), tb.SizeMB(), tb.Used(), tb.Probe(k1, 0, 1).State)
	}
}

// TestProbeAgainstModel stores random results consistent with a hidden
// truth per board (a hand threshold that mates in a given length, no mate
// for hands that do not cover it) and checks every probe against the set of
// facts stored so far. Clusters never overflow here (few stores per board
// and a large table), so the table may drop only what other facts imply.
func TestProbeAgainstModel(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	kinds := []position.PieceType{position.Pawn, position.Silver, position.Gold, position.Rook}
	randHand := func() position.Hand {
		var h position.Hand
		for _, pt := range kinds {
			h = h.Set(pt, rng.IntN(3))
		}
		return h
	}
	type fact struct {
		proven bool
		hand   position.Hand
		length uint16
	}
	type board struct {
		key    uint64
		thresh position.Hand
		mate   uint16
		facts  []fact
		nsrch  int
	}
	tb := New(4)
	boards := make([]*board, 300)
	for i := range boards {
		boards[i] = &board{key: rng.Uint64(), thresh: randHand(), mate: uint16(1 + 2*rng.IntN(5))}
	}
	for step := range 6 * len(boards) {
		b := boards[rng.IntN(len(boards))]
		if len(b.facts) >= 5 {
			continue
		}
		h := randHand()
		switch {
		case h.Covers(b.thresh):
			// Some proof hand between the threshold and h, some length
			// no shorter than the truth.
			ph := b.thresh.Max(h.Min(randHand()))
			l := b.mate + uint16(2*rng.IntN(3))
			tb.StoreProven(b.key, ph, l, rng.Uint32N(100))
			b.facts = append(b.facts, fact{true, ph, l})
		case rng.IntN(2) == 0:
			// No mate at all for h, nor for any hand it covers; grow h
			// while it still fails.
			dh := h
			for range 3 {
				if g := dh.Max(randHand()); !g.Covers(b.thresh) {
					dh = g
				}
			}
			tb.StoreDisproven(b.key, dh, Unlimited, rng.Uint32N(100))
			b.facts = append(b.facts, fact{false, dh, Unlimited})
		default:
			// No mate shorter than the truth, for any hand.
			if b.mate < 3 {
				continue
			}
			d := b.mate - 2 - uint16(2*rng.IntN(int(b.mate/2)))
			all := hd("4P4S4G2R")
			tb.StoreDisproven(b.key, all, d, rng.Uint32N(100))
			b.facts = append(b.facts, fact{false, all, d})
		}
		if step%7 == 0 && b.nsrch < 2 {
			b.nsrch++
			tb.StoreSearching(b.key, randHand(), uint16(rng.IntN(12)), 5, 5, rng.Uint32N(100))
		}
	}
	probes := 0
	for _, b := range boards {
		for range 40 {
			h := randHand()
			depth := uint16(rng.IntN(12))
			if rng.IntN(4) == 0 {
				depth = Unlimited - 1
			}
			want := Result{State: Empty}
			for _, f := range b.facts {
				switch {
				case f.proven && h.Covers(f.hand) && f.length <= depth:
					if want.State != Proven || f.length < want.Length {
						want = Result{State: Proven, Length: f.length}
					}
				case !f.proven && f.hand.Covers(h) && f.length >= depth && want.State != Proven:
					want = Result{State: Disproven}
				}
			}
			r := tb.Probe(b.key, h, depth)
			probes++
			got := r.State
			if got == Searching {
				got = Empty
			}
			if got != want.State || (got == Proven && r.Length != want.Length) {
				t.Fatalf("board %x hand %v depth %d: got %v len %d, want %v len %d (facts %+v)",
					b.key, h, depth, r.State, r.Length, want.State, want.Length, b.facts)
			}
			// What a decided probe returns must be sound for the query.
			switch r.State {
			case Proven:
				if !h.Covers(r.Hand) || r.Length > depth || r.Pn != 0 || r.Dn != Infinite {
					t.Fatalf("unsound proof %+v for hand %v depth %d", r, h, depth)
				}
			case Disproven:
				if !r.Hand.Covers(h) || r.Length < depth || r.Pn != Infinite || r.Dn != 0 {
					t.Fatalf("unsound disproof %+v for hand %v depth %d", r, h, depth)
				}
			}
		}
	}
	if tb.Used() != countUsed(tb) {
		t.Errorf("used %d, counted %d", tb.Used(), countUsed(tb))
	}
	t.Logf("%d probes, %d entries", probes, tb.Used())
}

// TestUsedStaysExact runs random stores of every kind into a one-cluster
// table (constant eviction and redundancy removal) and checks the count.
func TestUsedStaysExact(t *testing.T) {
	tb := New(0)
	rng := rand.New(rand.NewPCG(3, 4))
	keys := clusterKeys(3)
	for i := range 20000 {
		k := keys[rng.IntN(len(keys))]
		h := position.Hand(0).Set(position.Pawn, rng.IntN(4)).Set(position.Gold, rng.IntN(3))
		g := position.Hand(0).Set(position.Pawn, rng.IntN(4)).Set(position.Gold, rng.IntN(3))
		d := uint16(rng.IntN(6))
		switch rng.IntN(3) {
		case 0:
			tb.StoreSearching(k, h, d, 2, 2, rng.Uint32N(50))
		case 1:
			tb.StoreProven(k, h.Min(g), d, rng.Uint32N(50))
		case 2:
			tb.StoreDisproven(k, h.Max(g), d, rng.Uint32N(50))
		}
		if tb.Used() != countUsed(tb) || tb.Used() > entriesPerCluster {
			t.Fatalf("step %d: used %d, counted %d", i, tb.Used(), countUsed(tb))
		}
	}
	if tb.Used() == 0 {
		t.Error("nothing stored")
	}
}

// TestParentLinks checks that estimates keep the key they were searched
// from, that a decided result drops them, and that Parent tells an exact
// lookup from a lookup by board.
func TestParentLinks(t *testing.T) {
	tb := New(1)
	const k = 0x1234_5678_9ABC_DEF0
	if _, _, _, ok := tb.Parent(k, 0, 9, false); ok {
		t.Fatal("parent found in an empty table")
	}
	tb.StoreSearchingFrom(k, hd("G"), 9, 3, 5, 1, 0xAAAA)
	if p, pn, dn, ok := tb.Parent(k, hd("G"), 9, true); !ok || p != 0xAAAA || pn != 3 || dn != 5 {
		t.Fatalf("exact: %x %d %d %v", p, pn, dn, ok)
	}
	if _, _, _, ok := tb.Parent(k, hd("S"), 9, true); ok {
		t.Fatal("exact lookup matched another hand")
	}
	if p, _, _, ok := tb.Parent(k, hd("S"), 7, false); !ok || p != 0xAAAA {
		t.Fatalf("by board: %x %v", p, ok)
	}
	tb.StoreSearchingFrom(k, hd("G"), 9, 4, 5, 1, 0xBBBB) // searched again from elsewhere
	if p, _, _, _ := tb.Parent(k, hd("G"), 9, true); p != 0xBBBB {
		t.Fatalf("link not updated: %x", p)
	}
	// Estimates of 2^32-1 and above are kept saturated and read back as
	// Infinite-1, never lower than they were.
	tb.StoreSearchingFrom(k, hd("G"), 9, 1<<40, 2, 1, 0xBBBB)
	if r := tb.Probe(k, hd("G"), 9); r.Pn != Infinite-1 || r.Dn != 2 {
		t.Fatalf("saturated estimate read back as %d/%d", r.Pn, r.Dn)
	}
	tb.StoreProven(k, hd("G"), 5, 1)
	if _, _, _, ok := tb.Parent(k, hd("G"), 9, true); ok {
		t.Fatal("a proven node still has estimates")
	}
}

// TestHandBounds checks that with hand bounds on, an empty or exact probe
// takes its pn from a superior hand's estimates and its dn from an
// inferior hand's, at the same depth only, and that with them off it
// does not.
func TestHandBounds(t *testing.T) {
	const k = 0x0F0F_0000_1234_5678
	for _, on := range []bool{false, true} {
		tb := New(1)
		tb.SetHandBounds(on)
		tb.StoreSearching(k, hd("2G"), 9, 7, 2, 1)   // superior to G: pn bound 7
		tb.StoreSearching(k, hd(""), 9, 3, 11, 1)    // inferior to G: dn bound 11
		tb.StoreSearching(k, hd("3G"), 7, 50, 50, 1) // another depth: ignored
		r := tb.Probe(k, hd("G"), 9)
		wantPn, wantDn := uint64(1), uint64(1)
		if on {
			wantPn, wantDn = 7, 11
		}
		if r.State != Empty || r.Pn != wantPn || r.Dn != wantDn {
			t.Errorf("bounds %v: empty probe %v %d/%d, want %d/%d", on, r.State, r.Pn, r.Dn, wantPn, wantDn)
		}
		tb.StoreSearching(k, hd("G"), 9, 4, 4, 1)
		r = tb.Probe(k, hd("G"), 9)
		wantPn, wantDn = 4, 4
		if on {
			wantPn, wantDn = 7, 11
		}
		if r.State != Searching || r.Pn != wantPn || r.Dn != wantDn {
			t.Errorf("bounds %v: exact probe %v %d/%d, want %d/%d", on, r.State, r.Pn, r.Dn, wantPn, wantDn)
		}
	}
}

// TestProbeAtLevels: decided entries answer by depth, estimates by level
// (the search's ply), so the estimates of one ply serve every depth bound.
func TestProbeAtLevels(t *testing.T) {
	tab := New(1)
	const k = 0x1234_5678_0000_0001
	tab.StoreSearching(k, 0, 4, 7, 9, 1) // level 4
	for _, depth := range []uint16{1, 9, 200} {
		if r := tab.ProbeAt(k, 0, depth, 4); r.State != Searching || r.Pn != 7 || r.Dn != 9 {
			t.Errorf("depth %d, level 4: %+v, want the estimates", depth, r)
		}
	}
	if r := tab.ProbeAt(k, 0, 9, 5); r.State != Empty {
		t.Errorf("level 5: %+v, want nothing", r)
	}
	tab.StoreDisproven(k, 0, 7, 1) // no mate within 7, any level
	if r := tab.ProbeAt(k, 0, 5, 11); r.State != Disproven {
		t.Errorf("depth 5 after a disproof within 7: %+v", r)
	}
	if r := tab.ProbeAt(k, 0, 9, 4); r.State != Empty {
		t.Errorf("depth 9: %+v, want nothing (the disproof dropped the estimates it decides)", r)
	}
}

// TestProbeFrom: a node without estimates at its level starts from those
// of its own hand at the start level, without their mark; its own
// estimates, once stored, win; a decided entry answers first.
func TestProbeFrom(t *testing.T) {
	tab := New(1)
	const k = 0x1234_5678_0000_0003
	const from = 60000
	h := position.Hand(0).Add(position.Pawn)
	tab.StoreSearching(k, h, from, 7, 9, 1)
	tab.MarkSideResult(k, h, from)
	tab.StoreSearching(k, 0, from, 50, 60, 1) // another hand's
	if r := tab.ProbeFrom(k, h, 9, 4, from); r.State != Searching || r.Pn != 7 || r.Dn != 9 || r.SideResult {
		t.Errorf("level 4 from %d: %+v, want the start's 7/9 without the mark", from, r)
	}
	if r := tab.ProbeAt(k, h, 9, 4); r.State != Empty {
		t.Errorf("ProbeAt at level 4: %+v, want nothing", r)
	}
	tab.StoreSearching(k, h, 4, 3, 2, 1)
	if r := tab.ProbeFrom(k, h, 9, 4, from); r.Pn != 3 || r.Dn != 2 {
		t.Errorf("level 4 with its own estimates: %+v, want 3/2", r)
	}
	if r := tab.ProbeFrom(k, h, 9, 5, from); r.Pn != 7 || r.Dn != 9 {
		t.Errorf("level 5: %+v, want the start's 7/9", r)
	}
	tab.StoreProven(k, h, 5, 1)
	if r := tab.ProbeFrom(k, h, 9, 5, from); r.State != Proven {
		t.Errorf("after a proof: %+v, want it", r)
	}
}

// TestMarkSideResult: the mark rides on the estimates of one hand and
// level, survives their update, makes an entry when there is none, and
// goes with the entry.
func TestMarkSideResult(t *testing.T) {
	tab := New(1)
	const k = 0x1234_5678_0000_0002
	tab.StoreSearching(k, 0, 3, 5, 6, 1)
	if tab.ProbeAt(k, 0, 9, 3).SideResult {
		t.Fatal("marked before MarkSideResult")
	}
	tab.MarkSideResult(k, 0, 3)
	tab.StoreSearching(k, 0, 3, 8, 2, 1)
	if r := tab.ProbeAt(k, 0, 9, 3); !r.SideResult || r.Pn != 8 || r.Dn != 2 {
		t.Fatalf("after an update: %+v, want the new estimates, marked", r)
	}
	if tab.ProbeAt(k, 0, 9, 4).SideResult {
		t.Fatal("another level is marked")
	}
	tab.MarkSideResult(k, 0, 6)
	if r := tab.ProbeAt(k, 0, 9, 6); !r.SideResult || r.Pn != 1 || r.Dn != 1 {
		t.Fatalf("a mark without estimates: %+v, want pn = dn = 1, marked", r)
	}
	tab.StoreProven(k, 0, 5, 1)
	if r := tab.ProbeAt(k, 0, 3, 3); r.SideResult {
		t.Fatalf("the proof of the hand left the mark: %+v", r)
	}
}
