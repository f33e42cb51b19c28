package tt

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// vmSizeMB reads the process's virtual memory size (VmSize) in MiB.
func vmSizeMB(t *testing.T) int {
	t.Helper()
	text, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skipf("no /proc/self/status: %v", err)
	}
	for _, line := range strings.Split(string(text), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmSize:" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb >> 10
		}
	}
	t.Fatal("no VmSize in /proc/self/status")
	return 0
}

// TestUnreachableTablesAreUnmapped: tables dropped without Resize give
// their mapped memory back once collected. 64 tables of 256 MiB would map
// 16 GiB if each stayed; the process must end the loop far below that.
func TestUnreachableTablesAreUnmapped(t *testing.T) {
	before := vmSizeMB(t)
	for range 64 {
		tab := New(256)
		tab.Clear()
		runtime.GC()
	}
	deadline := time.Now().Add(10 * time.Second)
	after := vmSizeMB(t)
	for after-before > 2048 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(50 * time.Millisecond)
		after = vmSizeMB(t)
	}
	t.Logf("VmSize %d MiB before, %d MiB after 64 tables of 256 MiB", before, after)
	if after-before > 2048 {
		t.Errorf("VmSize grew by %d MiB: the tables' mappings were not released", after-before)
	}
}
