//go:build amd64 || arm64

package tt

import "unsafe"

// prefetchCluster asks the processor to bring in the four cache lines of
// the cluster at addr without waiting for them (PREFETCHT0, PRFM), in one
// call: a call into assembly costs the caller its registers, so one per
// cluster instead of one per line. It never faults.
//
//go:noescape
func prefetchCluster(addr unsafe.Pointer)

// prefetchLine asks for the one cache line at addr, as prefetchCluster.
//
//go:noescape
func prefetchLine(addr unsafe.Pointer)

// prefetchCluster's assembly brings in four 64-byte lines: a cluster must
// be exactly that (this fails to compile otherwise).
const (
	_ = uint(unsafe.Sizeof(cluster{}) - 256)
	_ = uint(256 - unsafe.Sizeof(cluster{}))
)
