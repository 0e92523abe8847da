package security_test

// Start-up: hostile configs and files (FIFOs, panicking plugins, degenerate
// selectors) fail start-up with a clear error, never hang or crash.
