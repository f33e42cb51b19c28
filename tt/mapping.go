package tt

import "sync/atomic"

// mapping is a table that lives outside the Go heap (alloc_linux.go):
// mapped at allocation, and faulted in by a goroutine in the background
// (populate) while the table is already in use.
type mapping struct {
	whole []byte                            // the whole mapping, as munmap wants it
	table []byte                            // the 2 MiB-aligned part the clusters use
	stop  atomic.Bool                       // asks the population to stop
	done  chan struct{}                     // closed when the population has ended
	err   error                             // why the population ended early (nil: it did not); read after done
	hook  func(m *mapping, advice, off int) // populateHook when the mapping was made
	// firstHuge tells whether the table's first 2 MiB, faulted in at
	// allocation, got a huge page; firstKnown whether the kernel said.
	firstHuge, firstKnown bool
}

// Populated reports whether the table is done being faulted in: true
// when the background population has ended (finished, or refused by the
// kernel), or when there is none (a small table on the Go heap).
func (t *Table) Populated() bool {
	if t.mem == nil {
		return true
	}
	select {
	case <-t.mem.done:
		return true
	default:
		return false
	}
}

// WaitPopulated waits until Populated.
func (t *Table) WaitPopulated() {
	if t.mem != nil {
		<-t.mem.done
	}
}

// FirstPageHuge tells whether the table's first 2 MiB, faulted in when
// the table was made, got a huge page: a sign, before the rest is faulted
// in, of whether the table will. ok is false when the kernel does not
// say (a small table on the Go heap, no /proc/self/smaps).
func (t *Table) FirstPageHuge() (huge, ok bool) {
	if t.mem == nil {
		return false, false
	}
	return t.mem.firstHuge, t.mem.firstKnown
}
