//go:build linux

package tt

import (
	"errors"
	"syscall"
	"unsafe"
)

const (
	// hugePage is the size of a transparent huge page on the platforms Go
	// runs Linux on (x86-64, arm64 with 4 KiB base pages).
	hugePage = 2 << 20
	// madvPopulateWrite (Linux 5.14) faults pages in as a write would,
	// without writing to them.
	madvPopulateWrite = 23
	// madvCollapse (Linux 6.1) makes huge pages of the 4 KiB pages of a
	// range, keeping their contents.
	madvCollapse = 25
	// populateChunk is how much the population faults in per system call:
	// one huge page. The call holds the process's mmap lock for reading,
	// so the Go runtime's own mmap (a growing heap, on quit too) waits
	// for it, and so does a release: with 32 MiB per call a quit waited
	// long on a VM that faults its memory in from its host, and one page
	// per call populates as fast
	// (docs/notes/speed.md#kept-readyok-at-once-the-table-faulted-in-in-the-background).
	populateChunk = hugePage
)

// allocClusters returns n zeroed clusters, and their mapping when they
// live outside the Go heap (nil when the garbage collector owns them).
//
// A large table is mapped outside the Go heap, aligned to 2 MiB and marked
// for transparent huge pages (madvise): the probes of a search jump across
// gigabytes at random, and with 4 KiB pages nearly every one also misses
// the TLB. On a system with huge pages off it is still a plain mapping.
//
// Nothing of it is faulted in here but its first 2 MiB, which tell whether
// the kernel gives huge pages: the rest is faulted in by a goroutine in
// the background (populate), so that allocating gigabytes takes
// milliseconds (USI isready) instead of seconds.
func allocClusters(n int) ([]cluster, *mapping) {
	size := n * int(unsafe.Sizeof(cluster{}))
	if size < 8*hugePage {
		return make([]cluster, n), nil
	}
	b, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE,
		syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]cluster, n), nil
	}
	off := 0
	if r := int(uintptr(unsafe.Pointer(&b[0])) % hugePage); r != 0 {
		off = hugePage - r
	}
	m := &mapping{whole: b, table: b[off : off+size], done: make(chan struct{}), hook: populateHook}
	_ = syscall.Madvise(m.table, syscall.MADV_HUGEPAGE) // a hint: failure is harmless
	// No search has the table yet: this write races with nothing.
	m.table[0] = 0
	if _, huge, ok := m.pagesKB(); ok {
		m.firstKnown, m.firstHuge = true, huge > 0
	}
	go m.populate()
	return unsafe.Slice((*cluster)(unsafe.Pointer(&m.table[0])), n), m
}

// populate faults the table in, chunk by chunk, with MADV_POPULATE_WRITE:
// the kernel maps each page as a write would (a huge page, thanks to
// MADV_HUGEPAGE) and leaves its contents alone. It never writes to the
// table itself, so a search may be storing entries meanwhile: the pages
// it faults in first are skipped, and those populated first it finds
// zeroed, as it would have. On a kernel without MADV_POPULATE_WRITE
// (before 5.14) it stops at once, and the search faults the pages in as
// it touches them, still as huge pages.
//
// Then, if the first 2 MiB got a huge page but not the whole table did,
// it asks for huge pages again with MADV_COLLAPSE. Linux 5.8 to 6.12
// split the huge zero page that a read maps into 4 KiB pages when the
// range is then written: a range a search probed before the population
// reached it ends up in 4 KiB pages there. A table whose first 2 MiB
// got none is left alone (huge pages are off or unavailable), and
// kernels before 6.1 refuse the advice.
//
// It stops between chunks when release asks it to.
func (m *mapping) populate() {
	defer close(m.done)
	if m.err = m.advise(madvPopulateWrite, func(error) bool { return true }); m.err != nil || !m.firstHuge {
		return
	}
	if resident, huge, ok := m.pagesKB(); ok && huge < resident {
		// Ranges that cannot be collapsed now (EAGAIN, ENOMEM) stay as
		// they are; EINVAL means not here, not at all.
		m.err = m.advise(madvCollapse, func(err error) bool { return errors.Is(err, syscall.EINVAL) })
	}
}

// errStopped is what advise returns when release stopped it.
var errStopped = errors.New("stopped")

// populateHook, when set (by tests), is called before each chunk advise
// gives advice to, with the chunk's offset in the table. A mapping takes
// it when it is made.
var populateHook func(m *mapping, advice, off int)

// advise gives the table advice chunk by chunk, and returns nil when it
// went through: it stops when release asks it to (errStopped), or at an
// error that fatal says ends it (that error).
func (m *mapping) advise(advice int, fatal func(error) bool) error {
	for i := 0; i < len(m.table); i += populateChunk {
		if m.stop.Load() {
			return errStopped
		}
		if m.hook != nil {
			m.hook(m, advice, i)
		}
		chunk := m.table[i:min(i+populateChunk, len(m.table))]
		err := syscall.Madvise(chunk, advice)
		for errors.Is(err, syscall.EINTR) {
			err = syscall.Madvise(chunk, advice)
		}
		if err != nil && fatal(err) {
			return err
		}
	}
	return nil
}

// release stops the population, waits for it, and unmaps the table.
func (m *mapping) release() {
	m.stop.Store(true)
	<-m.done
	_ = syscall.Munmap(m.whole)
}
