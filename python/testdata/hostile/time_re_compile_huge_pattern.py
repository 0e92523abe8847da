# Found by TestAttackEveryBuiltinStopsAtTheDeadline: compiling a 1 MB
# pattern took a second of CPU that the deadline could not interrupt
# (each new pattern another second). Patterns over 256 KiB are refused
# with re.error at once.
import re
p = "ab" * 500_000
i = 0
while True:
    i += 1
    try:
        re.compile(p + str(i))
    except re.error:
        pass
# limit: time
