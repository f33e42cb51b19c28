package cli

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its two ends: what the
// command writes to (the terminal) and what the test reads from.
func openPTY(t *testing.T) (term, reader *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("TIOCGPTN: %v", e)
	}
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("TIOCSPTLCK: %v", e)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	return s, m
}

// TestGenerateProgressOnTerminal: with standard error a terminal, a run
// of 5 s writes the progress line at least twice (every 2 s) before the
// summary; to a file it writes the summary alone (TestGenerateRun).
func TestGenerateProgressOnTerminal(t *testing.T) {
	term, reader := openPTY(t)
	var got bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		buf := make([]byte, 4096)
		for {
			n, err := reader.Read(buf)
			got.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	var out strings.Builder
	code := Run([]string{"generate", "-plies", "5", "-count", "0", "-duration", "5s", "-workers", "1", "-time-per-candidate", "0", "-nodes", "50000"}, nil, &out, term)
	term.Close()
	wg.Wait()
	reader.Close()
	text := got.String()
	progress := strings.Count(text, "\rgomate generate: ")
	if code != 0 && code != 1 || progress < 2 || !strings.Contains(text, "success per trial") {
		t.Fatalf("exit %d, %d progress lines:\n%q", code, progress, text)
	}
}
