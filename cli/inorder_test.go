package cli

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// TestInOrder: whatever the number of workers and however long each
// piece of work takes (the early ones the longest, so that later results
// come first), emit sees every index once, in order, with its own result;
// each worker is made once, and no more workers than pieces of work.
func TestInOrder(t *testing.T) {
	const n = 12
	for _, workers := range []int{1, 2, 5, 40} {
		var made atomic.Int32
		var got []int
		inOrder(n, workers, func() func(int) int {
			made.Add(1)
			return func(i int) int {
				time.Sleep(time.Duration(n-i) * time.Millisecond)
				return i * i
			}
		}, func(i, r int) {
			if r != i*i {
				t.Errorf("%d workers: index %d got %d", workers, i, r)
			}
			got = append(got, i)
		})
		want := make([]int, n)
		for i := range want {
			want[i] = i
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d workers: emitted %v", workers, got)
		}
		if m := int(made.Load()); m != min(workers, n) {
			t.Errorf("%d workers: %d made", workers, m)
		}
	}
	inOrder(0, 3, func() func(int) int { t.Error("a worker made for no work"); return nil }, func(int, int) { t.Error("emit with no work") })
}
