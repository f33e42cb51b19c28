//go:build race

package tt

// optimisticReads is off under the race detector (optimistic_amd64.go).
const optimisticReads = false
