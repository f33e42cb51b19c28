//go:build amd64 || arm64

package tt

import "unsafe"

// prefetch asks the processor to bring the cache line at addr in without
// waiting for it (PREFETCHT0, PRFM). It never faults.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
