//go:build !linux

package tt

// PagesMB returns how many MiB of the table are in memory and in huge
// pages; false: this platform does not say.
func (t *Table) PagesMB() (resident, huge int, ok bool) { return 0, 0, false }

// HugePagesMB returns how many MiB of the table are in huge pages; false:
// this platform does not say.
func (t *Table) HugePagesMB() (int, bool) { return 0, false }
