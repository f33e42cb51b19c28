package usi

import (
	"bufio"
	"os"
	"strconv"
	"strings"
)

// tableMemoryMB is how many MiB the table may take on this machine: three
// quarters of the memory the kernel reports as available, or 0 when that
// is unknown (not Linux, or /proc not mounted).
func tableMemoryMB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// "MemAvailable:   24084328 kB"
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemAvailable:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil || kb <= 0 {
				return 0
			}
			return int(kb / 1024 * 3 / 4)
		}
	}
	return 0
}
