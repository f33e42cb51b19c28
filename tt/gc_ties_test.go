package tt

import (
	"math/rand/v2"
	"testing"
)

// TestCollectGarbageEqualAmounts: when every entry has the same amount,
// collection still frees about the requested share.
func TestCollectGarbageEqualAmounts(t *testing.T) {
	tb := New(1)
	rng := rand.New(rand.NewPCG(1, 1))
	for range tb.Capacity() * 4 {
		tb.StoreSearching(rng.Uint64(), 0, 9, 1, 1, 1)
	}
	before := tb.Used()
	tb.CollectGarbage(500)
	if after := tb.Used(); after > before*55/100 || after < before*45/100 {
		t.Errorf("kept %d of %d, want about half", after, before)
	}
}

// TestCollectGarbageMixedAmounts: entries of two amounts (replacement
// favours the larger, so most end up large); keeping half must keep about
// half, and free a large entry only once no small one is left.
func TestCollectGarbageMixedAmounts(t *testing.T) {
	tb := New(1)
	rng := rand.New(rand.NewPCG(2, 2))
	for range tb.Capacity() * 4 {
		a := uint32(1)
		if rng.IntN(10) < 3 {
			a = 5
		}
		tb.StoreSearching(rng.Uint64(), 0, 9, 1, 1, a)
	}
	before := tb.Used()
	big := 0
	for i := range tb.clusters {
		for _, e := range tb.clusters[i] {
			if e.state != Empty && e.amount == 5 {
				big++
			}
		}
	}
	tb.CollectGarbage(500)
	after, bigAfter, smallAfter := tb.Used(), 0, 0
	for i := range tb.clusters {
		for _, e := range tb.clusters[i] {
			switch {
			case e.state == Empty:
			case e.amount == 5:
				bigAfter++
			default:
				smallAfter++
			}
		}
	}
	if after > before*55/100 || after < before*45/100 {
		t.Errorf("kept %d of %d, want about half", after, before)
	}
	if bigAfter < big && smallAfter > 0 {
		t.Errorf("freed %d large entries but kept %d small ones", big-bigAfter, smallAfter)
	}
	if big < before/2 && bigAfter != big {
		t.Errorf("kept %d of %d large entries, want all", bigAfter, big)
	}
}

// TestCollectGarbageKeepNothing: keeping nothing frees everything, and
// out-of-range arguments do not panic.
func TestCollectGarbageKeepNothing(t *testing.T) {
	tb := New(1)
	for i := range 1000 {
		tb.StoreSearching(uint64(i)*0x9E3779B97F4A7C15, 0, 9, 1, 1, uint32(i))
	}
	tb.CollectGarbage(0)
	if tb.Used() != 0 {
		t.Errorf("kept %d entries with keep 0", tb.Used())
	}
	tb.StoreSearching(12345<<32, 0, 9, 1, 1, 1)
	tb.CollectGarbage(-5)
	tb.CollectGarbage(2000)
	if tb.Used() != 0 {
		t.Errorf("keep -5 then 2000: %d entries left, want 0", tb.Used())
	}
}
