// Package tests holds end-to-end tests: TestMain builds the gomate binary
// once, and the tests run it as a GUI would, over pipes, with a timeout on
// every wait. They use only positions copied into this package (see
// positions_test.go and testdata/SOURCES.md), never the shared data set.
package tests
