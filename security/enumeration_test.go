package security_test

// Enumeration: for a subject, a capability it may not call does not exist,
// on every path it can observe.
