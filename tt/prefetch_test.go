package tt

import (
	"testing"

	"gomate/position"
)

// TestPrefetchAnyKey: Prefetch is only a hint; it must accept every key,
// on the smallest table and on one mapped outside the heap, and change
// nothing that a probe sees.
func TestPrefetchAnyKey(t *testing.T) {
	for _, mb := range []int{0, 32} {
		tab := New(mb)
		tab.StoreSearching(0x1234_5678_9abc_def0, 0, 7, 3, 4, 1)
		for _, k := range []uint64{0, 1, ^uint64(0), 0x1234_5678_9abc_def0} {
			tab.Prefetch(k)
		}
		r := tab.Probe(0x1234_5678_9abc_def0, 0, 7)
		if r.State != Searching || r.Pn != 3 || r.Dn != 4 {
			t.Fatalf("%d MB: probe after prefetch = %+v, want the stored estimates", mb, r)
		}
	}
}

// xorshift advances *x, a xorshift64 state, and returns it: the random
// keys of the benchmarks below.
func xorshift(x *uint64) uint64 {
	*x ^= *x << 13
	*x ^= *x >> 7
	*x ^= *x << 17
	return *x
}

// benchProbes probes groups of eight random keys of a 1 GB table, as
// expand probes a node's children, with or without prefetching each group
// first.
func benchProbes(b *testing.B, withPrefetch bool) {
	tab := New(1024)
	var keys [8]uint64
	x := uint64(0x9E3779B97F4A7C15)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range keys {
			keys[j] = xorshift(&x)
			if withPrefetch {
				tab.Prefetch(keys[j])
			}
		}
		for _, k := range keys {
			if tab.Probe(k, position.Hand(0), 1).State != Empty {
				b.Fatal("empty table answered")
			}
		}
	}
}

// BenchmarkProbe8 and BenchmarkProbe8Prefetched: eight probes, each a
// cache miss on a large table, one after another or overlapped.
func BenchmarkProbe8(b *testing.B)           { benchProbes(b, false) }
func BenchmarkProbe8Prefetched(b *testing.B) { benchProbes(b, true) }

// BenchmarkPrefetchCached times the prefetches of eight clusters of a
// table small enough to stay in the cache: the cost of the instructions
// around the prefetches, not of a wait for memory.
func BenchmarkPrefetchCached(b *testing.B) {
	tab := New(0)
	var keys [8]uint64
	x := uint64(0x9E3779B97F4A7C15)
	for j := range keys {
		keys[j] = xorshift(&x)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, k := range keys {
			tab.Prefetch(k)
		}
	}
}
