//go:build (!amd64 || lockedreads) && !race

package tt

// optimisticReads is off where loads may be reordered with earlier
// loads, and with the build tag lockedreads (optimistic_amd64.go).
const optimisticReads = false
