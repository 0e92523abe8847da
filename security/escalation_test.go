package security_test

// Escalation and policy bypass: no client approves its own escalation; a
// token reaches exactly what its selectors admit.
