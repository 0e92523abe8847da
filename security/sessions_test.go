package security_test

// Sessions: caps per subject and overall, eviction, isolation between
// clients and between sessions of one token.
