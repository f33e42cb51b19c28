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
// allocating one in a process that has asked the kernel for no huge pages:
// at once, from the first 2 MiB faulted in at allocation, and once the
// table has been faulted in, from the whole table.
func TestTableWarning(t *testing.T) {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetTHPDisable, 1, 0); errno != 0 {
		t.Fatalf("prctl(PR_SET_THP_DISABLE): %v", errno)
	}
	defer func() {
		if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetTHPDisable, 0, 0); errno != 0 {
			t.Fatalf("prctl(PR_SET_THP_DISABLE, 0): %v", errno)
		}
	}()
	s := New(64)
	defer s.Resize(1)
	if w, judged := s.TableWarning(); !judged || !strings.Contains(w, "only 0 of the ") {
		t.Errorf("TableWarning at allocation = %q, %v; want a warning that the first pages are not huge", w, judged)
	}
	s.WaitTable()
	if resident, _, _ := s.table.PagesMB(); resident < 64 {
		t.Skipf("only %d MiB faulted in: this kernel has no MADV_POPULATE_WRITE (Linux 5.14)", resident)
	}
	huge, ok := s.HugePagesMB()
	if !ok || huge != 0 {
		t.Fatalf("HugePagesMB = %d, %v with huge pages disabled; want 0, true", huge, ok)
	}
	if w, judged := s.TableWarning(); !judged || !strings.Contains(w, "only 0 of the 64 MiB") {
		t.Errorf("TableWarning = %q, %v once faulted in; want it to say that none of the 64 MiB is in huge pages", w, judged)
	}
}

// TestNoTableWarning: where the kernel gives huge pages, a table faulted
// in is judged and draws no warning.
func TestNoTableWarning(t *testing.T) {
	s := New(64)
	defer s.Resize(1)
	if first, ok := s.table.FirstPageHuge(); !ok || !first {
		t.Skipf("this machine gives no huge pages (first 2 MiB huge: %v, %v)", first, ok)
	}
	if w, judged := s.TableWarning(); judged && w != "" {
		t.Errorf("TableWarning at allocation = %q", w)
	}
	s.WaitTable()
	if w, judged := s.TableWarning(); !judged || w != "" {
		t.Errorf("TableWarning once faulted in = %q, %v; want no warning, judged", w, judged)
	}
}
