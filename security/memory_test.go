package security_test

// Memory: every allocation a snippet causes is charged to its limit; the
// server survives and other sessions keep working.
