package tt

import (
	"runtime"
	"sync/atomic"
)

// Stripes are spin locks for data that several goroutines share (the
// table's clusters, the search's side caches): a fixed power of two of
// them, the datum of index i guarded by lock i modulo their number. A
// lock is held for a few dozen nanoseconds (one cluster's scan), so a
// goroutine that finds it taken spins instead of sleeping; it yields the
// processor now and then, for the holder may itself have been preempted
// (more goroutines than cores).
//
// Striping keeps the locks' memory fixed and small: 2^16 locks, 256 KiB,
// mostly in the second-level cache, where a lock beside each cluster
// would cost a cache miss of its own on a table of gigabytes. With T
// threads, two of them contend for one lock with a probability of about
// T/2^16 per access (docs/threads.md).
type Stripes struct {
	locks []atomic.Uint32
	mask  uint64
}

// maxStripes is the number of locks of a Stripes for large data.
const maxStripes = 1 << 16

// NewStripes returns locks for n data: the power of two at or above n,
// at most maxStripes.
func NewStripes(n int) *Stripes {
	size := 1
	for size < n && size < maxStripes {
		size <<= 1
	}
	return &Stripes{locks: make([]atomic.Uint32, size), mask: uint64(size - 1)}
}

// Lock takes the lock of datum i.
func (s *Stripes) Lock(i uint64) {
	l := &s.locks[i&s.mask]
	for spins := 0; !l.CompareAndSwap(0, 1); {
		// Wait reading, not writing: a failed CompareAndSwap takes the
		// cache line from the holder.
		for l.Load() != 0 {
			if spins++; spins%64 == 0 {
				runtime.Gosched()
			}
		}
	}
}

// Unlock releases the lock of datum i.
func (s *Stripes) Unlock(i uint64) { s.locks[i&s.mask].Store(0) }
