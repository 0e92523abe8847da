package security_test

// Secrets: server environment, token secrets and stored secrets never reach
// snippets, upstreams or clients that were not given them.
