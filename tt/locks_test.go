package tt

import (
	"sync"
	"testing"

	"gomate/position"
)

// TestConcurrentTable has goroutines store and probe the same few clusters
// at once with the table shared (SetThreads): under the race detector
// (go test -race ./tt) it shows every access guarded; in any build, that
// each goroutine reads back a result that holds and that the count of
// used entries stays exact.
func TestConcurrentTable(t *testing.T) {
	tab := New(1)
	tab.SetThreads(4)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 20000 {
				key := uint64(i%64)<<32 | uint64(i%7) // few clusters, many keys each
				h := position.Hand(0)
				switch i % 3 {
				case 0:
					tab.StoreSearching(key, h, uint16(g), uint64(i), 1, 1)
				case 1:
					tab.StoreProven(key, h, 9, 1)
				default:
					if r := tab.Probe(key, h, 9); r.State == Proven && r.Length != 9 {
						t.Errorf("proven in %d, stored 9", r.Length)
						return
					}
				}
				if i%5000 == 0 && g == 0 {
					tab.CollectGarbage(500)
				}
			}
		}()
	}
	wg.Wait()
	n := 0
	for i := range tab.clusters {
		for j := range tab.clusters[i] {
			if tab.clusters[i][j].state != Empty {
				n++
			}
		}
	}
	if n != tab.Used() {
		t.Errorf("%d entries occupied, Used says %d", n, tab.Used())
	}
}
