//go:build linux

package tt

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the platforms Go runs
// Linux on (x86-64, arm64 with 4 KiB base pages).
const hugePage = 2 << 20

// allocClusters returns n zeroed clusters and a function that releases
// them (nil when the garbage collector owns them).
//
// A large table is mapped outside the Go heap, aligned to 2 MiB and marked
// for transparent huge pages (madvise): the probes of a search jump across
// gigabytes at random, and with 4 KiB pages nearly every one also misses
// the TLB. On a system with huge pages off it is still a plain mapping.
func allocClusters(n int) ([]cluster, func()) {
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
	table := b[off : off+size]
	_ = syscall.Madvise(table, syscall.MADV_HUGEPAGE) // a hint: failure is harmless
	// Fault the pages in now, while the engine is being set up (USI
	// isready), not one by one in the first seconds of a search.
	for i := 0; i < size; i += 4096 {
		table[i] = 0
	}
	return unsafe.Slice((*cluster)(unsafe.Pointer(&table[0])), n), func() { _ = syscall.Munmap(b) }
}
