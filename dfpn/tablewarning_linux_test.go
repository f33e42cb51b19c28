//go:build linux

package dfpn

import (
	"strings"
	"syscall"
	"testing"
)

// prSetTHPDisable is Linux's PR_SET_THP_DISABLE: with 1 the process gets no
// transparent huge pages, whatever the system's setting.
const prSetTHPDisable = 41

// TestTableWarning checks that a table in 4 KiB pages is reported, by
// allocating one in a process that has asked the kernel for no huge pages.
func TestTableWarning(t *testing.T) {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetTHPDisable, 1, 0); errno != 0 {
		t.Fatalf("prctl(PR_SET_THP_DISABLE): %v", errno)
	}
	s := New(64)
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetTHPDisable, 0, 0); errno != 0 {
		t.Fatalf("prctl(PR_SET_THP_DISABLE, 0): %v", errno)
	}
	defer s.Resize(1)
	huge, ok := s.HugePagesMB()
	if !ok || huge != 0 {
		t.Fatalf("HugePagesMB = %d, %v with huge pages disabled; want 0, true", huge, ok)
	}
	if w := s.TableWarning(); !strings.Contains(w, "only 0 of the table's 64 MiB") {
		t.Errorf("TableWarning = %q; want it to say that none of the 64 MiB is in huge pages", w)
	}
}
