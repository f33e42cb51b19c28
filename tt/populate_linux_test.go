//go:build linux

package tt

import (
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// TestTableUsedWhilePopulated stores and probes entries while the table
// is being faulted in, then checks that the population lost none of them
// and wrote nothing: every other entry still reads as zero. At the end
// the whole table is in memory, and no more.
func TestTableUsedWhilePopulated(t *testing.T) {
	tb := New(256)
	defer tb.Resize(1)
	if tb.mem == nil {
		t.Fatal("a 256 MiB table is on the Go heap")
	}
	t.Logf("populated at the first store: %v", tb.Populated())
	rng := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, 200000)
	for i := range keys {
		keys[i] = rng.Uint64()
		tb.StoreProven(keys[i], hd("G"), uint16(i%100+1), 1)
	}
	tb.WaitPopulated()
	if errors.Is(tb.mem.err, syscall.EINVAL) {
		t.Logf("this kernel has no MADV_POPULATE_WRITE: the table is faulted in as it is used")
	} else if tb.mem.err != nil {
		t.Fatalf("population: %v", tb.mem.err)
	}
	for i, k := range keys {
		if r := tb.Probe(k, hd("G"), 200); r.State != Proven {
			t.Fatalf("entry %d lost: %+v", i, r)
		}
	}
	if n := countUsed(tb); n != tb.Used() {
		t.Errorf("%d entries occupied, the table counts %d", n, tb.Used())
	}
	empty := 0
	for i := range tb.clusters {
		for j := range tb.clusters[i] {
			if e := tb.clusters[i][j]; e.state == Empty {
				if e != (Entry{}) {
					t.Fatalf("cluster %d entry %d is not zero: %+v", i, j, e)
				}
				empty++
			}
		}
	}
	if empty+tb.Used() != tb.Capacity() {
		t.Errorf("%d empty + %d used != %d", empty, tb.Used(), tb.Capacity())
	}
	if tb.mem.err == nil {
		resident, huge, ok := tb.PagesMB()
		if !ok || resident != tb.SizeMB() {
			t.Errorf("PagesMB = %d, %d, %v once populated; want all %d MiB in memory", resident, huge, ok, tb.SizeMB())
		}
		t.Logf("%d of %d MiB in huge pages", huge, resident)
	}
}

// TestLazyTableReadsZero reads a table before the population has reached
// it: it is zero.
func TestLazyTableReadsZero(t *testing.T) {
	proceed := make(chan struct{})
	populateHook = func(*mapping, int, int) { <-proceed }
	defer func() { populateHook = nil }()
	tb := New(64)
	defer tb.Resize(1)
	defer close(proceed)
	if tb.Populated() {
		t.Fatal("populated while the population is held")
	}
	for i := range tb.clusters {
		if tb.clusters[i] != (cluster{}) {
			t.Fatalf("cluster %d is not zero", i)
		}
	}
	if tb.Used() != 0 {
		t.Errorf("used %d", tb.Used())
	}
}

// TestResizeStopsPopulation: Resize while the old table is being faulted
// in stops the population at the next chunk, waits for its goroutine to
// return, and only then unmaps the old table.
func TestResizeStopsPopulation(t *testing.T) {
	var chunks atomic.Int32
	started, proceed := make(chan struct{}), make(chan struct{})
	populateHook = func(_ *mapping, advice, off int) {
		if chunks.Add(1) == 2 { // the first chunk done, the second about to go
			close(started)
			<-proceed
		}
	}
	defer func() { populateHook = nil }()
	tb := New(64) // many chunks
	old := tb.mem
	lo := uintptr(unsafe.Pointer(&old.whole[0]))
	<-started
	resized := make(chan struct{})
	go func() { tb.Resize(1); close(resized) }()
	select {
	case <-resized:
		t.Fatal("Resize returned while the population was still running")
	case <-time.After(50 * time.Millisecond):
	}
	if !mapped(t, lo) {
		t.Fatal("the old table was unmapped while the population was still running")
	}
	close(proceed)
	select {
	case <-resized:
	case <-time.After(10 * time.Second):
		t.Fatal("Resize did not return once the population could stop")
	}
	select {
	case <-old.done:
	default:
		t.Fatal("Resize returned before the population ended")
	}
	if !errors.Is(old.err, errStopped) {
		t.Errorf("population ended with %v, want errStopped", old.err)
	}
	if n := chunks.Load(); n != 2 {
		t.Errorf("%d chunks advised, want 2: the population went on after Resize", n)
	}
	if mapped(t, lo) {
		t.Error("the old table is still mapped")
	}
	if tb.mem != nil || tb.SizeMB() != 1 {
		t.Errorf("after Resize(1): %d MiB, mapping %v", tb.SizeMB(), tb.mem != nil)
	}
}

// mapped reports whether a mapping of the process starts at address lo.
func mapped(t *testing.T, lo uintptr) bool {
	t.Helper()
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if l, _, ok := mappingRange(line); ok && l == lo {
			return true
		}
	}
	return false
}

// prSetTHPDisable is Linux's PR_SET_THP_DISABLE: with 1 the process gets no
// transparent huge pages, whatever the system's setting.
const prSetTHPDisable = 41

// setTHPDisabled turns transparent huge pages off or on for the process.
// It may run on a goroutine of the population, so it reports failure with
// Error, not Fatal.
func setTHPDisabled(t *testing.T, off bool) {
	t.Helper()
	v := uintptr(0)
	if off {
		v = 1
	}
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetTHPDisable, v, 0); errno != 0 {
		t.Errorf("prctl(PR_SET_THP_DISABLE, %d): %v", v, errno)
	}
}

// TestPopulationCollapses: a table whose first 2 MiB got a huge page but
// whose other ranges were faulted in as 4 KiB pages (as a search's reads
// leave them on Linux 5.8 to 6.12) is made huge pages at the end of the
// population. The 4 KiB pages are made here by turning huge pages off
// for the process while the first three quarters of the table are
// populated.
func TestPopulationCollapses(t *testing.T) {
	const mb = 128
	hugeBefore := -1
	populateHook = func(m *mapping, advice, off int) {
		switch {
		case advice == madvPopulateWrite && off == 0:
			setTHPDisabled(t, true)
		case advice == madvPopulateWrite && off == 3*(mb<<20)/4:
			setTHPDisabled(t, false)
		case advice == madvCollapse && off == 0:
			_, huge, _ := m.pagesKB()
			hugeBefore = huge >> 10
		}
	}
	defer func() { populateHook = nil }()
	defer setTHPDisabled(t, false)
	tb := New(mb)
	defer tb.Resize(1)
	tb.WaitPopulated()
	if first, ok := tb.FirstPageHuge(); !ok || !first {
		t.Skipf("this machine gives no huge pages (first 2 MiB huge: %v, %v)", first, ok)
	}
	if errors.Is(tb.mem.err, syscall.EINVAL) {
		t.Skipf("this kernel lacks MADV_POPULATE_WRITE or MADV_COLLAPSE: %v", tb.mem.err)
	}
	if tb.mem.err != nil {
		t.Fatalf("population: %v", tb.mem.err)
	}
	if hugeBefore < 0 || hugeBefore > mb/2 {
		t.Fatalf("%d MiB in huge pages before the collapse (-1: none ran); want at most half of %d", hugeBefore, mb)
	}
	resident, huge, _ := tb.PagesMB()
	if resident != mb || huge < mb*15/16 {
		t.Errorf("after the population: %d MiB in memory, %d in huge pages; want %d, nearly all huge", resident, huge, mb)
	}
	t.Logf("huge pages: %d MiB before the collapse, %d after", hugeBefore, huge)
}
