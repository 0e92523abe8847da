package math

import "github.com/toolplane/toolplane/python/vm"

// The module's functions are the VM's once-rounded ones (vm/libm.go), shared with
// the complex type and cmath so every path prints CPython's digits.

// Exp is exp(x) rounded once.
func Exp(x float64) float64 { return vm.FloatExp(x) }

// Pow is x**y rounded once.
func Pow(x, y float64) float64 { return vm.FloatPow(x, y) }

// Log is the natural logarithm rounded once.
func Log(x float64) float64 { return vm.FloatLog(x) }

// Log2 is the base-2 logarithm rounded once.
func Log2(x float64) float64 { return vm.FloatLog2(x) }

// Log10 is the base-10 logarithm rounded once.
func Log10(x float64) float64 { return vm.FloatLog10(x) }

// Sin is the sine rounded once.
func Sin(x float64) float64 { return vm.FloatSin(x) }

// Cos is the cosine rounded once.
func Cos(x float64) float64 { return vm.FloatCos(x) }

// Tan is the tangent rounded once.
func Tan(x float64) float64 { return vm.FloatTan(x) }

// Atan is the arc tangent rounded once.
func Atan(x float64) float64 { return vm.FloatAtan(x) }

// Atan2 is atan(y/x) in the right quadrant, rounded once.
func Atan2(y, x float64) float64 { return vm.FloatAtan2(y, x) }

// Asin is the arc sine rounded once.
func Asin(x float64) float64 { return vm.FloatAsin(x) }

// Acos is the arc cosine rounded once.
func Acos(x float64) float64 { return vm.FloatAcos(x) }

// Sinh is the hyperbolic sine rounded once.
func Sinh(x float64) float64 { return vm.FloatSinh(x) }

// Cosh is the hyperbolic cosine rounded once.
func Cosh(x float64) float64 { return vm.FloatCosh(x) }

// Tanh is the hyperbolic tangent rounded once.
func Tanh(x float64) float64 { return vm.FloatTanh(x) }

// Asinh is the inverse hyperbolic sine rounded once.
func Asinh(x float64) float64 { return vm.FloatAsinh(x) }

// Acosh is the inverse hyperbolic cosine rounded once.
func Acosh(x float64) float64 { return vm.FloatAcosh(x) }
