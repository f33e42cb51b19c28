package tt

import (
	"math/rand/v2"
	"testing"
)

// fillDistinct fills a table with Searching entries whose amounts are
// 1..n in random order, one per random key; it returns the amount of each
// key that was stored (keys lost to a full cluster are left out).
func fillDistinct(t *testing.T, tb *Table, n int, seed uint64) map[uint64]uint32 {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	perm := rng.Perm(n)
	all := make(map[uint64]uint32, n)
	for _, p := range perm {
		k := rng.Uint64()
		tb.StoreSearching(k, 0, 9, 1, 1, uint32(p+1))
		all[k] = uint32(p + 1)
	}
	// Keep the keys that are still there.
	kept := make(map[uint64]uint32, len(all))
	for k, a := range all {
		if r := tb.Probe(k, 0, 9); r.State == Searching && r.Amount == a {
			kept[k] = a
		}
	}
	if len(kept) != tb.Used() {
		t.Fatalf("%d entries found, used %d", len(kept), tb.Used())
	}
	return kept
}

func TestCollectGarbageKeepsTheMostWork(t *testing.T) {
	for _, keep := range []int{250, 500, 750} {
		tb := New(2)
		stored := fillDistinct(t, tb, tb.Capacity()*9/10, uint64(keep))
		before := tb.Used()
		if hf := tb.Hashfull(); hf < 750 {
			t.Fatalf("hashfull %d after filling", hf)
		}
		tb.CollectGarbage(keep)
		after := tb.Used()
		if after != countUsed(tb) {
			t.Fatalf("keep %d: used %d, counted %d", keep, after, countUsed(tb))
		}
		// About keep permille of the entries stay (the cut is sampled).
		if lo, hi := before*(keep-50)/1000, before*(keep+50)/1000; after < lo || after > hi {
			t.Errorf("keep %d: %d of %d entries kept, want %d..%d", keep, after, before, lo, hi)
		}
		// The kept ones are those with the most work: one threshold
		// separates what went from what stayed.
		var minKept, maxFreed uint32 = ^uint32(0), 0
		for k, a := range stored {
			r := tb.Probe(k, 0, 9)
			switch r.State {
			case Searching:
				minKept = min(minKept, a)
				if r.Amount != a {
					t.Fatalf("amount changed")
				}
			case Empty:
				maxFreed = max(maxFreed, a)
			}
		}
		if maxFreed >= minKept {
			t.Errorf("keep %d: freed an entry of amount %d but kept one of %d", keep, maxFreed, minKept)
		}
		// Stores still work and are counted.
		tb.StoreProven(k1, 0, 1, 1)
		if tb.Probe(k1, 0, 1).State != Proven || tb.Used() != countUsed(tb) {
			t.Errorf("store after GC: used %d, counted %d", tb.Used(), countUsed(tb))
		}
	}
}

// TestCollectGarbageKindsAndKeys: decided entries are kept or freed by
// amount like estimates, and what survives is still found under its key.
func TestCollectGarbageKindsAndKeys(t *testing.T) {
	tb := New(1)
	rng := rand.New(rand.NewPCG(5, 5))
	type rec struct {
		key    uint64
		state  State
		amount uint32
	}
	var recs []rec
	for i := range tb.Capacity() / 2 {
		k := rng.Uint64()
		a := uint32(i + 1)
		st := State(1 + i%3)
		switch st {
		case Searching:
			tb.StoreSearching(k, hd("G"), 9, 4, 4, a)
		case Proven:
			tb.StoreProven(k, hd("G"), 9, a)
		case Disproven:
			tb.StoreDisproven(k, hd("G"), 9, a)
		}
		recs = append(recs, rec{k, st, a})
	}
	present := make([]bool, len(recs))
	for i, r := range recs {
		present[i] = tb.Probe(r.key, hd("G"), 9).State == r.state
	}
	tb.CollectGarbage(500)
	n := len(recs)
	for i, r := range recs {
		if !present[i] {
			continue // lost to a full cluster before the GC
		}
		got := tb.Probe(r.key, hd("G"), 9).State
		switch {
		case i > n*6/10 && got != r.state:
			t.Fatalf("entry %d (amount %d, %v) lost by GC: %v", i, r.amount, r.state, got)
		case i < n*4/10 && got != Empty:
			t.Fatalf("entry %d (amount %d) kept by GC: %v", i, r.amount, got)
		}
	}
	if tb.Used() != countUsed(tb) {
		t.Errorf("used %d, counted %d", tb.Used(), countUsed(tb))
	}
}

func TestCollectGarbageSmallAndEmpty(t *testing.T) {
	tb := New(1)
	tb.CollectGarbage(500) // nothing to do
	if tb.Used() != 0 {
		t.Fatal("GC on an empty table")
	}
	// A handful of entries: the one with the most work survives.
	key := func(i int) uint64 { return uint64(i)*0x9E3779B97F4A7C15 + 1 }
	for i := range 10 {
		tb.StoreSearching(key(i), 0, 9, 1, 1, uint32(10*i+1))
	}
	tb.CollectGarbage(500)
	if tb.Used() != countUsed(tb) || tb.Used() < 3 || tb.Used() > 6 {
		t.Errorf("kept %d of 10 (counted %d)", tb.Used(), countUsed(tb))
	}
	if tb.Probe(key(9), 0, 9).State != Searching {
		t.Error("the entry with the most work was freed")
	}
	if tb.Probe(key(0), 0, 9).State != Empty {
		t.Error("the entry with the least work was kept")
	}
}
