package security_test

// Inputs: hostile JSON arguments of every meta-tool are refused with a clear
// error, never misread (overflows, NaN, wrong types).
