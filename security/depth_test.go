package security_test

// Deep nesting in snippets: every recursive phase (parse, scope, compile,
// fold, run) bounds its depth; a deep snippet costs its run, never the server.
