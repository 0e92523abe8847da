// Package jsonlike is the Go form of the values a snippet exchanges with its
// host, and their one JSON encoding.
//
// A Python value crosses to Go as nil (None), bool, int64 or *big.Int (int),
// float64 (float), string (str), []any (list and tuple) or Object (dict), and
// every part of toolplane that turns such a value into JSON (a run's result,
// save_result, capability arguments, the sandbox bridge) writes it with
// Marshal, so what a client reads is what Python's json.dumps writes:
//
//   - a dict keeps its insertion order (Object is a slice of members, not a
//     map), and a float stays a float: 5.0 is written 5.0 and 1e20 1e+20, as
//     float.__repr__ spells them, while the int 5 is written 5;
//   - non-finite floats, which JSON has no numbers for, are the strings
//     "NaN", "Infinity" and "-Infinity": json.dumps spells them so but bare,
//     which strict JSON parsers (an MCP client's among them) refuse;
//   - strings are written as json.dumps(ensure_ascii=False) writes them, with
//     U+FFFD for bytes that are not UTF-8 (a lone surrogate);
//   - a map[string]any, which other Go code may hand in, is written with its
//     keys sorted, so the same value always gives the same bytes.
//
// Decode reads JSON back into these values, keeping the order of object
// members and telling 5 (int64) from 5.0 (float64), and accepting what
// Python's json.loads accepts (NaN, Infinity). Both directions bound their
// depth (MaxDepth), and Decode refuses integers of more than MaxIntDigits
// digits, as CPython's int conversion does, so hostile input costs time
// linear in its size.
package jsonlike
