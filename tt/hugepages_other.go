//go:build !linux

package tt

// HugePagesMB returns how many MiB of the table are in huge pages; false:
// this platform does not say.
func (t *Table) HugePagesMB() (int, bool) { return 0, false }
