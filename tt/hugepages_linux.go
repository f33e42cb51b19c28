//go:build linux

package tt

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"unsafe"
)

// PagesMB returns how many MiB of the table are in memory and how many of
// those the kernel backs with transparent huge pages, and false when it
// cannot tell (no /proc/self/smaps, or a small table on the Go heap). A
// table mostly in 4 KiB pages makes the search markedly slower
// (docs/notes/speed.md#the-profile): nearly every probe then misses the
// TLB as well as the cache. While the table is being faulted in
// (Populated is false) the part in memory grows.
func (t *Table) PagesMB() (resident, huge int, ok bool) {
	if t.mem == nil {
		return 0, 0, false
	}
	rkb, hkb, ok := t.mem.pagesKB()
	return rkb >> 10, hkb >> 10, ok
}

// HugePagesMB returns how many MiB of the table are in huge pages (see
// PagesMB).
func (t *Table) HugePagesMB() (int, bool) {
	_, huge, ok := t.PagesMB()
	return huge, ok
}

// pagesKB reads the table's Rss and AnonHugePages in /proc/self/smaps.
func (m *mapping) pagesKB() (resident, huge int, ok bool) {
	start := uintptr(unsafe.Pointer(&m.table[0]))
	end := start + uintptr(len(m.table))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, 0, false
	}
	defer f.Close()
	return residentKB(bufio.NewScanner(f), start, end)
}

// residentKB sums the Rss and the AnonHugePages of the mappings in an
// smaps listing that overlap [start, end), and says whether any did.
func residentKB(sc *bufio.Scanner, start, end uintptr) (resident, huge int, found bool) {
	inside := false
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			inside = lo < end && hi > start
			found = found || inside
			continue
		}
		if !inside {
			continue
		}
		if n, ok := sizeField(line, "Rss:"); ok {
			resident += n
		} else if n, ok := sizeField(line, "AnonHugePages:"); ok {
			huge += n
		}
	}
	return resident, huge, found && sc.Err() == nil
}

// sizeField parses an smaps line "name  2048 kB" and returns the number.
func sizeField(line, name string) (int, bool) {
	rest, ok := strings.CutPrefix(line, name)
	if !ok {
		return 0, false
	}
	f := strings.Fields(rest)
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(f[0])
	return n, err == nil
}

// mappingRange parses the header line of one mapping in smaps,
// "lo-hi perms offset dev inode [path]", with lo and hi in hex.
func mappingRange(line string) (lo, hi uintptr, ok bool) {
	field, _, _ := strings.Cut(line, " ")
	l, h, found := strings.Cut(field, "-")
	if !found {
		return 0, 0, false
	}
	a, err1 := strconv.ParseUint(l, 16, 64)
	b, err2 := strconv.ParseUint(h, 16, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return uintptr(a), uintptr(b), true
}
