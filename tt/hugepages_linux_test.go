//go:build linux

package tt

import (
	"bufio"
	"strings"
	"testing"
)

// TestResidentKB sums Rss and AnonHugePages over the mappings that
// overlap the range asked for, and only those.
func TestResidentKB(t *testing.T) {
	const smaps = `7f0000000000-7f0000400000 rw-p 00000000 00:00 0
Size:               4096 kB
Rss:                3072 kB
AnonHugePages:      2048 kB
7f0000400000-7f0000800000 rw-p 00000000 00:00 0
Size:               4096 kB
Rss:                4096 kB
AnonHugePages:      4096 kB
7f0000800000-7f0000a00000 rw-p 00000000 00:00 0 /lib/x.so
Rss:                 100 kB
AnonHugePages:         0 kB
7f1000000000-7f1000200000 rw-p 00000000 00:00 0
Rss:                2048 kB
AnonHugePages:      2048 kB
`
	cases := []struct {
		start, end     uintptr
		resident, huge int
		found          bool
	}{
		{0x7f0000000000, 0x7f0000800000, 7168, 6144, true},
		{0x7f0000200000, 0x7f0000600000, 7168, 6144, true}, // overlaps both
		{0x7f0000400000, 0x7f0000a00000, 4196, 4096, true},
		{0x7f1000000000, 0x7f1000100000, 2048, 2048, true},
		{0x7e0000000000, 0x7e0000100000, 0, 0, false},
	}
	for _, c := range cases {
		resident, huge, found := residentKB(bufio.NewScanner(strings.NewReader(smaps)), c.start, c.end)
		if resident != c.resident || huge != c.huge || found != c.found {
			t.Errorf("[%#x, %#x): %d kB, %d kB huge, %v; want %d kB, %d kB huge, %v",
				c.start, c.end, resident, huge, found, c.resident, c.huge, c.found)
		}
	}
}

// TestHugePagesMB reads the kernel's own account of a table mapped
// outside the Go heap: it is found, and no larger than the table. (Whether
// the kernel gave huge pages depends on the machine's settings.)
func TestHugePagesMB(t *testing.T) {
	tb := New(32)
	defer tb.Resize(1) // unmaps the 32 MiB
	mb, ok := tb.HugePagesMB()
	if !ok || mb > tb.SizeMB() {
		t.Fatalf("HugePagesMB = %d, %v; want a size within the table's %d MiB", mb, ok, tb.SizeMB())
	}
	if _, ok := New(1).HugePagesMB(); ok {
		t.Errorf("a 1 MiB table on the Go heap says it knows its huge pages")
	}
}
