//go:build !amd64 && !arm64

package tt

import "unsafe"

// prefetch does nothing on this architecture.
func prefetch(addr unsafe.Pointer) {}
