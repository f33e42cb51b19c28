package tests

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestReadyokWithLargeTable: with a large USI_Hash, readyok comes at once
// and the table is faulted in afterwards, in the background: right after
// readyok the process holds far less memory than the table, later all of
// it, and never much more. A search runs meanwhile, and quit exits at once.
//
// The check at readyok rests on the resident size, not on a clock: a table
// faulted in before readyok is in memory when readyok comes, however fast
// the machine. Only half the table in memory when the size was read more
// than 10 ms after isready is inconclusive (the background population may
// have got that far meanwhile on a fast machine, if the test was slow to
// read it), and then the engine is run again; five such runs fail.
func TestReadyokWithLargeTable(t *testing.T) {
	const mb = 1024
	skipWithoutMemory(t, mb)
	var e *engine
	for attempt := 1; ; attempt++ {
		e = startEngine(t)
		start := readyWithHash(e, mb, 5*time.Second, 2*time.Second)
		arrived := time.Now()
		rss, ok := residentMB(e.Pid())
		if !ok {
			t.Skip("no /proc/<pid>/status VmRSS on this system")
		}
		read := time.Since(start)
		t.Logf("readyok %v after isready; %d MiB resident %v after isready", arrived.Sub(start), rss, read)
		if rss < mb/2 {
			break
		}
		if read < 10*time.Millisecond || attempt == 5 {
			t.Fatalf("%d MiB resident right after readyok: the %d MiB table was faulted in before readyok", rss, mb)
		}
		e.Send("quit")
		e.WaitExit(5 * time.Second)
	}

	e.Send("position sfen "+mate3Black, "go mate infinite")
	got := e.Until("checkmate", 20*time.Second)
	if n := verifyCheckmate(t, mate3Black, got[len(got)-1]); n != 3 {
		t.Errorf("%d plies, want 3", n)
	}

	if !populates() {
		t.Log("Linux before 5.14: the table is faulted in as the search uses it")
		return
	}
	rss, deadline := 0, time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		rss, _ = residentMB(e.Pid())
		if rss >= mb {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	switch {
	case rss < mb:
		t.Errorf("%d MiB resident a minute after readyok: the %d MiB table was not faulted in", rss, mb)
	case rss > mb+200:
		t.Errorf("%d MiB resident: far more than the %d MiB table", rss, mb)
	}
	t.Logf("%d MiB resident once the table was faulted in", rss)
	e.Send("quit")
	if !e.WaitExit(5 * time.Second) {
		t.Error("no exit within 5 s of quit")
	}
}

// TestQuitWhileFaultingIn: quit right after readyok, while a large table
// is being faulted in, exits at once.
func TestQuitWhileFaultingIn(t *testing.T) {
	const mb = 1024
	skipWithoutMemory(t, mb)
	e := startEngine(t)
	e.Send("usi", fmt.Sprintf("setoption name USI_Hash value %d", mb), "isready")
	e.Until("readyok", 5*time.Second)
	start := time.Now()
	e.Send("quit")
	if !e.WaitExit(2 * time.Second) {
		t.Fatal("no exit within 2 s of quit")
	}
	t.Logf("exited %v after quit", time.Since(start))
}

// readyWithHash runs usi (usiok within usiok), sets USI_Hash to mb MiB
// and sends isready (readyok within readyok). It returns when isready was
// sent.
func readyWithHash(e *engine, mb int, usiok, readyok time.Duration) time.Time {
	e.Send("usi")
	e.Until("usiok", usiok)
	e.Send(fmt.Sprintf("setoption name USI_Hash value %d", mb))
	start := time.Now()
	e.Send("isready")
	e.Until("readyok", readyok)
	return start
}

// populates reports whether the kernel has MADV_POPULATE_WRITE (Linux
// 5.14), with which the engine faults its table in in the background.
func populates() bool {
	b, err := os.ReadFile("/proc/sys/kernel/osrelease") // "6.8.0-45-generic"
	if err != nil {
		return false
	}
	var major, minor int
	if _, err := fmt.Sscanf(string(b), "%d.%d", &major, &minor); err != nil {
		return false
	}
	return major > 5 || major == 5 && minor >= 14
}

// residentMB reads a process's resident size (VmRSS) from /proc.
func residentMB(pid int) (int, bool) {
	return procMB(fmt.Sprintf("/proc/%d/status", pid), "VmRSS:")
}

// availableMB reads MemAvailable from /proc/meminfo.
func availableMB() (int, bool) {
	return procMB("/proc/meminfo", "MemAvailable:")
}

// procMB reads the size in a /proc file's line "key N kB", in MiB.
func procMB(path, key string) (int, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key); ok {
			if f := strings.Fields(rest); len(f) > 0 { // "10240 kB"
				if kb, err := strconv.Atoi(f[0]); err == nil {
					return kb >> 10, true
				}
			}
		}
	}
	return 0, false
}
