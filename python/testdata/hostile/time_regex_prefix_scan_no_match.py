# A long ASCII text searched for a literal it does not hold, again and again:
# the prefix scan charges every position it passes and polls the deadline.
import re
text = "x" * 4_000_000
n = 0
while True:
    n += len(re.findall("needle", text)) + len(re.findall(r"\d+z", text))
# limit: time
