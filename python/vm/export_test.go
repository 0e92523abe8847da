package vm

// PooledFrameViolations reports how many pooled frames kept a value in
// their buffer since the test binary started, and the first one's code.
func PooledFrameViolations() (int64, string) {
	s, _ := pooledBadCode.Load().(string)
	return pooledBad.Load(), s
}
