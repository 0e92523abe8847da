package security_test

// Time: the time limit holds inside builtins and compilation; a run stops
// when its client disconnects.
