package tt

import (
	"runtime"
	"sync/atomic"
)

// Guard is the locks of data that several goroutines may share (the
// table's clusters, the search's side caches): while one goroutine uses
// the data it takes none, and Lock and Unlock cost a nil check; once
// Share turns it on, datum i is guarded by spin lock i modulo the number
// of locks (stripes).
//
// A lock is held for a few dozen nanoseconds (one cluster's scan), so a
// goroutine that finds it taken spins instead of sleeping; it yields the
// processor now and then, for the holder may itself have been preempted
// (more goroutines than cores). Striping keeps the locks' memory fixed
// and small: at most 2^16 locks, 256 KiB, mostly in the second-level
// cache, where a lock beside each cluster would cost a cache miss of its
// own on a table of gigabytes. With T threads, two of them contend for
// one lock with a probability of about T/2^16 per access
// (docs/threads.md).
type Guard struct {
	on   *stripes // the locks taken; nil while the data is not shared
	kept *stripes // made at the first Share, kept for the next
}

// Share turns the locks on for data of n items (on) or off. Call it only
// while no goroutine uses the data.
func (g *Guard) Share(on bool, n int) {
	if !on {
		g.on = nil
		return
	}
	if g.kept == nil {
		g.kept = newStripes(n)
	}
	g.on = g.kept
}

// Lock takes the lock of datum i when the data is shared.
func (g *Guard) Lock(i uint64) {
	if g.on != nil {
		g.on.lock(i)
	}
}

// Unlock releases the lock of datum i when the data is shared.
func (g *Guard) Unlock(i uint64) {
	if g.on != nil {
		g.on.unlock(i)
	}
}

// stripes are a power of two of spin locks.
type stripes struct {
	locks []atomic.Uint32
	mask  uint64
}

// maxStripes is the number of locks of a Guard for large data.
const maxStripes = 1 << 16

// newStripes returns locks for n data: the power of two at or above n,
// at most maxStripes.
func newStripes(n int) *stripes {
	size := 1
	for size < n && size < maxStripes {
		size <<= 1
	}
	return &stripes{locks: make([]atomic.Uint32, size), mask: uint64(size - 1)}
}

func (s *stripes) lock(i uint64) {
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

func (s *stripes) unlock(i uint64) { s.locks[i&s.mask].Store(0) }
