package tt

import (
	"runtime"
	"sync/atomic"
	"unsafe"
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
// (more goroutines than cores). Readers may instead read without the
// lock and check its version (ReadBegin, ReadValid) where Optimistic says
// so. Striping keeps the locks' memory fixed and small: at most 2^16
// locks, 256 KiB. On a table of gigabytes the clusters' traffic pushes
// them out of the second-level cache, so a lock is prefetched with its
// cluster (Prefetch). With T threads, two of them contend for one lock
// with a probability of about T/2^16 per access (docs/threads.md).
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

// A stripe's word is a version: even while free, odd while held. Taking
// the lock makes it odd, releasing it makes it even again, so a reader
// that finds the same even word before and after its reads knows that no
// writer came between (ReadBegin, ReadValid).

func (s *stripes) lock(i uint64) {
	l := &s.locks[i&s.mask]
	// Wait reading, not writing (readBegin): a failed CompareAndSwap
	// takes the cache line from the holder.
	for {
		if v := s.readBegin(i); l.CompareAndSwap(v, v+1) {
			return
		}
	}
}

// unlock releases lock i, which the caller holds: no other goroutine
// writes the word meanwhile.
func (s *stripes) unlock(i uint64) {
	l := &s.locks[i&s.mask]
	l.Store(l.Load() + 1)
}

// readBegin waits until lock i is free and returns its version.
func (s *stripes) readBegin(i uint64) uint32 {
	l := &s.locks[i&s.mask]
	for spins := 0; ; {
		if v := l.Load(); v&1 == 0 {
			return v
		}
		if spins++; spins%64 == 0 {
			runtime.Gosched()
		}
	}
}

// readValid tells whether lock i still has version v: no writer took it
// since readBegin returned v.
func (s *stripes) readValid(i uint64, v uint32) bool { return s.locks[i&s.mask].Load() == v }

// Prefetch asks the processor for lock i's cache line when the data is
// shared, so that the lock comes in beside its datum (see Guard).
func (g *Guard) Prefetch(i uint64) {
	if g.on != nil {
		prefetchLine(unsafe.Pointer(&g.on.locks[i&g.on.mask]))
	}
}

// Optimistic tells whether readers of shared data may read it without
// its lock (ReadBegin, ReadValid): only while the data is shared, and only
// where the build allows it (optimisticReads).
func (g *Guard) Optimistic() bool { return optimisticReads && g.on != nil }

// ReadBegin starts an optimistic read of datum i: it waits for a writer
// that holds i's lock to release it and returns the lock's version. The
// reader then reads the datum without the lock, may see it half written,
// and must throw what it read away unless ReadValid says no writer came
// between. Call it only when Optimistic.
func (g *Guard) ReadBegin(i uint64) uint32 { return g.on.readBegin(i) }

// ReadValid tells whether the reads of datum i since ReadBegin returned v
// saw it whole: no writer took its lock in between.
func (g *Guard) ReadValid(i uint64, v uint32) bool { return g.on.readValid(i, v) }
