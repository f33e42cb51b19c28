//go:build linux

package tt

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"unsafe"
)

// HugePagesMB returns how many MiB of the table the kernel backs with
// transparent huge pages, and false when it cannot tell (no
// /proc/self/smaps, or a small table on the Go heap). A table mostly in
// 4 KiB pages makes the search about a quarter slower (docs/speed.md):
// nearly every probe then misses the TLB as well as the cache.
func (t *Table) HugePagesMB() (int, bool) {
	if t.release == nil || len(t.clusters) == 0 {
		return 0, false
	}
	start := uintptr(unsafe.Pointer(&t.clusters[0]))
	end := start + uintptr(len(t.clusters))*unsafe.Sizeof(cluster{})
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	kb, ok := anonHugeKB(bufio.NewScanner(f), start, end)
	return kb >> 10, ok
}

// anonHugeKB sums the AnonHugePages of the mappings in an smaps listing
// that overlap [start, end), and says whether any did.
func anonHugeKB(sc *bufio.Scanner, start, end uintptr) (int, bool) {
	inside, found, kb := false, false, 0
	for sc.Scan() {
		line := sc.Text()
		if lo, hi, ok := mappingRange(line); ok {
			inside = lo < end && hi > start
			found = found || inside
			continue
		}
		if rest, ok := strings.CutPrefix(line, "AnonHugePages:"); ok && inside {
			if f := strings.Fields(rest); len(f) > 0 { // "2048 kB"
				if n, err := strconv.Atoi(f[0]); err == nil {
					kb += n
				}
			}
		}
	}
	return kb, found && sc.Err() == nil
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
