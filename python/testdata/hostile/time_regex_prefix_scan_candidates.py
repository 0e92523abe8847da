# A literal prefix found at millions of places, none of which matches.
import re
text = "ab" * 2_000_000
while True:
    re.search(r"ab(?=c)", text)
# limit: time
