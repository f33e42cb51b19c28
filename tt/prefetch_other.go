//go:build !amd64 && !arm64

package tt

import "unsafe"

// prefetchCluster does nothing on this architecture.
func prefetchCluster(addr unsafe.Pointer) {}

// prefetchLine does nothing on this architecture.
func prefetchLine(addr unsafe.Pointer) {}
