package python

import "strconv"

// SystemExitStatus is the exit status CPython's interpreter gives a program
// that ends with SystemExit(code), from the exception's message (str(code)):
// no code, None, False or 0 is success (0); an int is the status (modulo
// 256, as the operating system keeps it); True is 1; any other code is
// printed on stderr (text) and the status is 1.
func SystemExitStatus(message string) (status int, text string) {
	switch message {
	case "", "None", "False":
		return 0, ""
	case "True":
		return 1, ""
	}
	if n, err := strconv.ParseInt(message, 10, 64); err == nil {
		return int(n & 0xff), ""
	}
	return 1, message
}
