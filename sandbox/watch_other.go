//go:build !linux

package sandbox

import "os"

// procStat has no source outside Linux: the watchdog sees nothing.
func procStat(int) (threads int, rss int64, ok bool) { return 0, 0, false }

func openProcStat(int, bool) (*os.File, error) { return nil, os.ErrNotExist }

func parseProcStatm([]byte) (int64, bool) { return 0, false }

func readProcStat(*os.File, []byte) (int, error) { return 0, os.ErrNotExist }

func parseProcStat([]byte) (int, int64, bool) { return 0, 0, false }

func swapInUse() bool { return false }

func procSwap(int) int64 { return 0 }

func pipeUnread(*os.File) int { return -1 }
