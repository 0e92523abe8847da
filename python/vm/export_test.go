package vm

// PooledFrameViolations reports how many pooled frames kept a value in
// their buffer since the test binary started, and the first one's code.
func PooledFrameViolations() (int64, string) {
	s, _ := pooledBadCode.Load().(string)
	return pooledBad.Load(), s
}

// FrameDepthViolations reports how many frames given to releaseFrame
// pushed past their code's MaxStack, the first one, and how many frames
// (and generators' frames) were checked.
func FrameDepthViolations() (bad int64, first string, checked, gens int64) {
	s, _ := depthBadCode.Load().(string)
	return depthBad.Load(), s, depthChecked.Load(), depthGen.Load()
}
