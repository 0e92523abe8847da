# string.Formatter().parse, as CPython's _string.formatter_parser: literal
# text, doubled braces, conversions, nested specs and its errors.
from string import Formatter
f=Formatter()
for s in ['Hi {name!r:>5} and {0} {{x}}', '', 'abc', '{}', '{:{w}}x', 'a}}b{{c', '{a[1:2]!s}', '{0.x:>{1}.{2}}', 'x{', '}', '{!}', '{a!rr}', '{a', '{a!r', '{:}', '{a!r}', 'x}}', '{{', '{a{b}', '{a}}', 'é{ü}ö']:
  try: print(repr(s), list(f.parse(s)))
  except Exception as e: print(repr(s), type(e).__name__, e)
